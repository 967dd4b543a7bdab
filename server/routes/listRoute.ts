// The one way an admin list route is written (docs/ARCHITECTURE.md, Add a resource): the admin guard, the query
// and answer schemas, the answer memory (lib/rememberedList.ts) and the paging (lib/paging.ts) that every list
// used to copy. A route gives its path, its texts, its query schema, its row schema and its repository's list:
//
//   adminList(app, { url: '/api/tills', tags: ['tills'], summary: '...', querystring: tillsQuery,
//                    row: tillSchema, roles: ALL_ROLES, list: (q, scope) => tillsList(db, scope, q) });
// `roles` (default admin only) says who may read it; the repository narrows the rows to the request's scope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, type ListQuery, type Role } from '../../src/contract';
import type { Scope } from '../db/scope';
import { scopeOfRequest } from '../plugins/auth';
import { pagedList, type ListSource } from '../db/paging';
import { answerList } from '../lib/rememberedList';

export interface AdminListOptions<Q extends z.ZodType<ListQuery>, S extends z.ZodType, R> {
  url: string;
  tags: string[];
  summary: string;
  /** The list's query: listQuery (page, perPage, sort, order, q) extended with its filters. */
  querystring: Q;
  /** One row of the answer. */
  row: S;
  /** Who may read it (issue 26; default admin only). */
  roles?: readonly Role[];
  /** The repository's list for this query and the request's scope (server/db/repositories). */
  list: (q: z.output<Q>, scope: Scope) => ListSource<R> | Promise<ListSource<R>>;
  /** Rows as read -> rows of the answer (default: as they are); the scope for what a role sees masked. */
  shape?: (row: R, scope: Scope) => z.input<S>;
}

export function adminList<Q extends z.ZodType<ListQuery>, S extends z.ZodType, R>(
  fastify: FastifyInstance,
  opts: AdminListOptions<Q, S, R>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const answer = z.array(opts.row);
  app.get(
    opts.url,
    {
      onRequest: app.requireAdmin,
      config: { roles: opts.roles ?? ['admin'] },
      schema: {
        tags: opts.tags,
        summary: opts.summary,
        security: [{ bearer: [] }],
        querystring: opts.querystring,
        response: { 200: answer, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req, reply) =>
      answerList(app, req, reply, answer, async (totals) => {
        const query = req.query as z.output<Q>;
        const scope = scopeOfRequest(req);
        const rows = await pagedList(query, totals, await opts.list(query, scope));
        return opts.shape ? rows.map((r) => opts.shape!(r, scope)) : (rows as z.input<typeof answer>);
      }),
  );
}
