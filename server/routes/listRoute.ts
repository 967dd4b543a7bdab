// The one way an admin list route is written (docs/ARCHITECTURE.md, Add a resource): the admin guard, the query
// and answer schemas, the answer memory (lib/rememberedList.ts) and the paging (db/paging.ts). A declared
// resource's list is written by resourceRoutes (./resourceRoutes.ts), which calls this with the declaration's
// path, schemas and roles; a list that is no resource's may call it itself:
//
//   adminList(app, { url: '/api/tills', tags: ['tills'], summary: '...', querystring: tillsQuery,
//                    row: tillSchema, config: { roles: ALL_ROLES }, list: (q, scope) => tillsList(db, scope, q) });
// `config.roles` (default admin only) says who may read it; the repository narrows the rows to the request's scope.
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, type ListQuery } from '../../src/contract';
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
  /** The answer is `{ [envelope]: rows }` rather than the bare array (the spec's restaurants). */
  envelope?: string;
  /** The route's config: who may read it (`roles`, issue 26; default admin only) and its resource's action. */
  config?: FastifyContextConfig;
  /** The repository's list for this query and the request's scope (server/db/repositories). */
  list: (q: z.output<Q>, scope: Scope) => ListSource<R> | Promise<ListSource<R>>;
  /** Rows as read -> rows of the answer, one at a time (default: as they are); the scope for what a role sees masked. */
  shape?: (row: R, scope: Scope) => z.input<S>;
  /** Or all of a page's rows at once (one query for their children). */
  shapeAll?: (rows: R[], scope: Scope) => unknown[] | Promise<unknown[]>;
}

export function adminList<Q extends z.ZodType<ListQuery>, S extends z.ZodType, R>(
  fastify: FastifyInstance,
  opts: AdminListOptions<Q, S, R>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rows = z.array(opts.row);
  const answer: z.ZodType = opts.envelope ? z.object({ [opts.envelope]: rows }) : rows;
  app.get(
    opts.url,
    {
      onRequest: app.requireAdmin,
      config: { roles: ['admin'], ...opts.config },
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
        const read = await pagedList(query, totals, await opts.list(query, scope));
        const shaped = opts.shapeAll
          ? await opts.shapeAll(read, scope)
          : opts.shape
            ? read.map((r) => opts.shape!(r, scope))
            : read;
        return opts.envelope ? { [opts.envelope]: shaped } : shaped;
      }),
  );
}
