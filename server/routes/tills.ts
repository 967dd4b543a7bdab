// GET /api/tills: the Tills screen's list (src/resources/tills): every till of the live restaurants with its
// branch and restaurant, paged, sorted and searched in the database, filtered by restaurant. Admin only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery } from '../../src/contract';
import { tillsList } from '../db/repositories/tills';
import { adminList } from './listRoute';
import { ALL_ROLES } from './roles';

export const tillsQuery = listQuery.extend({ restaurantId: z.coerce.number().int().positive().optional() });

export const tillSchema = z.object({
  id: z.number(),
  name: z.string(),
  posId: z.string(),
  branch: z.string(),
  restaurantId: z.number(),
  restaurant: z.string(),
});

export default async function tillsRoutes(app: FastifyInstance) {
  adminList(app, {
    url: '/api/tills',
    tags: ['tills'],
    summary: 'Tills of the live restaurants with their branch; paged, sorted, searched (till, branch, restaurant)',
    querystring: tillsQuery,
    row: tillSchema,
    roles: ALL_ROLES,
    list: (q, scope) => tillsList(app.deps.database.db, scope, q),
  });
}
