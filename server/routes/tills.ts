// GET /api/tills: the Tills screen's list (src/resources/tills): every till of the live restaurants with its
// branch and restaurant, paged, sorted and searched in the database, filtered by restaurant. Declared in
// src/contract/resources/tills.ts.
import type { FastifyInstance } from 'fastify';
import { tillsResource } from '../../src/contract/resources';
import { tillsList } from '../db/repositories/tills';
import { resourceRoutes } from './resourceRoutes';

export default async function tillsRoutes(app: FastifyInstance) {
  resourceRoutes(
    app,
    tillsResource,
    { list: (scope, q) => tillsList(app.deps.database.db, scope, q) },
    {
      summaries: {
        list: 'Tills of the live restaurants with their branch; paged, sorted, searched (till, branch, restaurant)',
      },
    },
  );
}
