// GET /admin/activity (not /activity: that is the back-office screen's address, served as HTML): the audit trail of the back-office, newest first, paged in the database, filtered by admin
// and by kind. Admin only; it holds no secrets (server/db/audit.ts).
import type { FastifyInstance } from 'fastify';
import { activityQuery, activitySchema } from '../../src/contract';
import { activityList } from '../db/repositories/activity';
import { adminList } from './listRoute';
import { MANAGERS } from './roles';

export default async function activityRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;

  adminList(app, {
    url: '/admin/activity',
    tags: ['activity'],
    summary: 'Changes made in the back-office, newest first; paged (page, perPage), filtered by adminId and kind',
    querystring: activityQuery,
    row: activitySchema,
    roles: MANAGERS,
    list: (q, scope) => activityList(db, scope, q),
    shape: (r) => ({ ...r, at: r.at.toISOString(), detail: (r.detail as Record<string, unknown> | null) ?? null }),
  });
}
