// GET /admin/activity (not /activity: that is the back-office screen's address, served as HTML): the audit trail of
// the back-office, newest first, paged in the database, filtered by admin and by kind; it holds no secrets
// (server/db/audit.ts). Declared in src/contract/resources/activity.ts.
import type { FastifyInstance } from 'fastify';
import { activityResource } from '../../src/contract/resources';
import { activityList } from '../db/repositories/activity';
import { resourceRoutes } from './resourceRoutes';

export default async function activityRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  resourceRoutes(
    app,
    activityResource,
    { list: (scope, q) => activityList(db, scope, q) },
    {
      summaries: {
        list: 'Changes made in the back-office, newest first; paged (page, perPage), filtered by adminId and kind',
      },
      shape: (rows) =>
        rows.map((r) => ({
          ...r,
          at: r.at.toISOString(),
          detail: (r.detail as Record<string, unknown> | null) ?? null,
        })),
    },
  );
}
