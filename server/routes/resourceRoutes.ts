// ONE call registers a resource's routes from its declaration (src/contract/resources/<name>.ts) and its
// repository (docs/ARCHITECTURE.md, Add a resource):
//
//   resourceRoutes(app, offersResource, offersRepository(app.deps.database.db));
//
// For each of list, show, create, edit and delete that the repository implements it writes the route at the
// declaration's path (or its declared override), with the admin guard, `config.roles` from the declaration's
// actions, the declaration's schemas (query, body, row), the caller's scope handed to every repository call, a
// body naming a restaurant outside the scope refused (404, as another restaurant's row), the audit record in the
// write's own transaction, what the write changes (the answer memories: config.changes) and the OpenAPI summary.
// A resource's own actions (sync, connect, ...) are ordinary routes that name their action: `config:
// { ...allow(restaurantsResource, 'sync') }` gives them the same roles.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditOf,
  errorSchema,
  idParam,
  listQuery,
  messageSchema,
  pathOf,
  restaurantField,
  rolesFor,
  softDeleteBody,
  type Action,
  type AnyResource,
  type CrudAction,
  type ListQuery,
  type ResourceDeclaration,
} from '../../src/contract';
import type { ResourceRepository } from '../db/resource';
import { actorOf, recordActivity, type Tx } from '../db/audit';
import { findLiveRestaurant } from '../db/repositories/restaurants';
import type { Scope } from '../db/scope';
import type { Change } from '../lib/answerCaches';
import { notFound } from '../lib/errors';
import { scopeOfRequest } from '../plugins/auth';
import { adminList } from './listRoute';

/** A route's roles named by its resource's actions: `config: { ...allow(restaurantsResource, 'sync') }`. A route
 * serving two actions (PATCH /user/{id}: edit and delete) lets in whoever may do either; its handler tells them
 * apart. tests/server/security/declaredRoles.test.ts holds every route to its declaration. */
export function allow(d: AnyResource, ...actions: Action[]) {
  return { roles: rolesFor(d, ...actions), resource: d.name, actions };
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;

export type { ResourceRepository };

export interface ResourceRouteOptions<R, One = R, W = R> {
  /** OpenAPI tags (default: the resource's name). */
  tags?: string[];
  /** OpenAPI summaries per action (defaults name the resource, its search and its filters). */
  summaries?: Partial<Record<CrudAction, string>>;
  /** What its writes change (server/lib/answerCaches.ts; default ['records', 'activity']). */
  changes?: readonly Change[];
  /** Rows as read -> the answer's rows, all of a page at once (one query for their children). */
  shape?(rows: R[], scope: Scope): unknown[] | Promise<unknown[]>;
  /** The read-one answer (default the shaped row, as a create's or an edit's answer is); the reply for a header of
   * its own. */
  detail?(row: One, scope: Scope, req: FastifyRequest, reply: FastifyReply): unknown;
  /** A row's id (default `row.id`) and the audit record's label (default its name, title or id). */
  idOf?(row: W): number;
  labelOf?(row: W): string | null;
  /** Refuses a body its schema cannot (throw a 400): a create's or an edit's. */
  check?(action: 'create' | 'edit', body: Record<string, unknown>): void;
  /** After a create or an edit has committed, before its answer is read (restaurants read their POS again). */
  afterWrite?(row: W, action: 'create' | 'edit', req: FastifyRequest): Promise<void>;
}

const defaultId = (row: unknown) => Number((row as { id?: unknown }).id);
const defaultLabel = (row: unknown) => {
  const r = row as Record<string, unknown>;
  const label = r.name ?? r.title ?? r.label;
  return typeof label === 'string' ? label : null;
};

/** The summaries a declaration gets when its registration names none. */
function defaultSummary(d: AnyResource, action: CrudAction, filters: string[]): string {
  const searched = d.search.length ? `, searched (${d.search.join(', ')})` : '';
  const filtered = filters.length ? `, filtered by ${filters.join(', ')}` : '';
  switch (action) {
    case 'list':
      return `The ${d.name} of the caller's restaurants; paged, sorted${searched}${filtered}`;
    case 'show':
      return `One of the ${d.name}; 404 when it is not one of the caller's restaurants'`;
    case 'create':
      return `Create one of the ${d.name}`;
    case 'edit':
      return `Edit one of the ${d.name} (any subset of its fields)`;
    case 'delete':
      return `Delete one of the ${d.name}`;
  }
}

export function resourceRoutes<
  D extends ResourceDeclaration<z.ZodType, z.ZodType, z.ZodType, z.ZodObject, string>,
  R,
  Q extends ListQuery = ListQuery,
  One = R,
  W = R,
>(
  fastify: FastifyInstance,
  d: D,
  repository: ResourceRepository<R, Out<D['createBody']>, Partial<Out<D['createBody']>>, Q, One, W>,
  options: ResourceRouteOptions<R, One, W> = {},
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;
  const tags = options.tags ?? [d.name];
  const filters = d.query ? Object.keys(d.query.shape).filter((k) => !(k in listQuery.shape)) : [];
  const summary = (action: CrudAction) => options.summaries?.[action] ?? defaultSummary(d, action, filters);
  const changes = options.changes ?? ['records', 'activity'];
  const audit = auditOf(d);
  const field = restaurantField(d);
  const idOf = options.idOf ?? defaultId;
  const labelOf = options.labelOf ?? defaultLabel;
  const missing = () => notFound(d.notFound ?? 'Not found');
  const answerRows = async (rows: R[], scope: Scope) => (options.shape ? options.shape(rows, scope) : rows);
  const secured = { security: [{ bearer: [] }] };
  const statuses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
  const { 404: _, ...writeStatuses } = statuses;
  /** The body names the row's restaurant (a row that is a restaurant, or a body without one, does not). */
  const bodyNamesRestaurant =
    !!field && !!(d.createBody as unknown as { shape?: Record<string, unknown> } | undefined)?.shape?.[field];
  if (bodyNamesRestaurant) Object.assign(writeStatuses, { 404: errorSchema });
  const bases = (action: 'list' | 'show') => {
    const path = pathOf(d, action);
    if (!path) return [];
    const suffix = action === 'show' ? '/:id' : '';
    return [path, ...(d.alsoAt ?? []).map((base) => base + suffix)];
  };
  const editBody = (d.editBody ?? (d.createBody as unknown as z.ZodObject | undefined)?.partial()) as
    z.ZodType | undefined;

  /** A body naming a restaurant outside the scope (or one not live) is refused as that restaurant's rows are. */
  async function checkRestaurant(scope: Scope, body: Record<string, unknown>) {
    if (!field || !bodyNamesRestaurant || body[field] === undefined) return;
    const id = Number(body[field]);
    if (!Number.isInteger(id) || !(await findLiveRestaurant(database, id, scope)))
      throw notFound('Restaurant not found');
  }

  /** A row read again as the caller sees it: a write's answer (shaped as the list's rows), or read-one's. */
  async function answerOne(scope: Scope, id: number, req: FastifyRequest, reply: FastifyReply, read = false) {
    const row = repository.one ? await repository.one(scope, id) : undefined;
    if (row === undefined) throw missing();
    if (read && options.detail) return options.detail(row, scope, req, reply);
    return (await answerRows([row as unknown as R], scope))[0];
  }

  const record = (tx: Tx, req: FastifyRequest, kind: string, row: W, detail?: Record<string, unknown>) =>
    recordActivity(tx, {
      ...actorOf(req),
      kind: kind as Parameters<typeof recordActivity>[1]['kind'],
      target: { type: audit.type, id: idOf(row), label: labelOf(row) },
      detail,
    });

  if (repository.list && d.paged !== false) {
    for (const url of bases('list'))
      adminList(app, {
        url,
        tags,
        summary: summary('list'),
        querystring: (d.query ?? listQuery) as z.ZodType<ListQuery>,
        row: d.row ?? z.unknown(),
        envelope: d.envelope,
        config: { ...allow(d, 'list'), crud: 'list' },
        list: (q, scope) => repository.list!(scope, q as Q),
        shapeAll: options.shape,
      });
  }

  if (repository.one) {
    for (const url of bases('show'))
      app.get(
        url,
        {
          onRequest: app.requireAdmin,
          config: { ...allow(d, 'show'), crud: 'show' },
          schema: {
            tags,
            ...secured,
            summary: summary('show'),
            params: idParam,
            response: { 200: d.detail ?? d.row ?? z.unknown(), ...statuses },
          },
        },
        async (req, reply) => answerOne(scopeOfRequest(req), req.params.id, req, reply, true),
      );
  }

  if (repository.create && d.createBody) {
    app.post(
      pathOf(d, 'create')!,
      {
        onRequest: app.requireAdmin,
        config: { changes, ...allow(d, 'create'), crud: 'create' },
        schema: {
          tags,
          ...secured,
          summary: summary('create'),
          body: d.createBody,
          // 404: a body naming a restaurant the caller does not see.
          response: { 200: d.row ?? z.unknown(), ...writeStatuses },
        },
      },
      async (req, reply) => {
        const scope = scopeOfRequest(req);
        const body = req.body as Record<string, unknown>;
        options.check?.('create', body);
        await checkRestaurant(scope, body);
        const row = await database.db.transaction(async (tx) => {
          const created = await repository.create!(tx, scope, body as Out<D['createBody']>);
          await record(
            tx,
            req,
            audit.created,
            created,
            bodyNamesRestaurant ? { restaurantId: body[field!] } : undefined,
          );
          return created;
        });
        await options.afterWrite?.(row, 'create', req);
        return answerOne(scope, idOf(row), req, reply);
      },
    );
  }

  if (repository.update && editBody) {
    app.patch(
      pathOf(d, 'edit')!,
      {
        onRequest: app.requireAdmin,
        config: { changes, ...allow(d, 'edit'), crud: 'edit' },
        schema: {
          tags,
          ...secured,
          summary: summary('edit'),
          params: idParam,
          body: editBody,
          response: { 200: d.row ?? z.unknown(), ...statuses },
        },
      },
      async (req, reply) => {
        const scope = scopeOfRequest(req);
        const body = req.body as Record<string, unknown>;
        options.check?.('edit', body);
        await checkRestaurant(scope, body);
        // The audit trail gets the names of the fields sent, never their values (they may be secrets).
        const fields = Object.keys(body).filter((k) => body[k] !== undefined);
        const row = await database.db.transaction(async (tx) => {
          const changed = await repository.update!(tx, scope, req.params.id, body as Partial<Out<D['createBody']>>);
          if (changed === undefined) throw missing();
          await record(tx, req, audit.edited, changed, { fields });
          return changed;
        });
        await options.afterWrite?.(row, 'edit', req);
        return answerOne(scope, idOf(row), req, reply);
      },
    );
  }

  if (repository.remove) {
    const url = pathOf(d, 'delete')!;
    const route = {
      onRequest: app.requireAdmin,
      config: { changes, ...allow(d, 'delete'), crud: 'delete' as const },
      schema: {
        tags,
        ...secured,
        summary: summary('delete'),
        params: idParam,
        ...(d.softDelete ? { body: softDeleteBody } : {}),
        response: { 200: messageSchema, ...statuses },
      },
    };
    const handler = async (req: FastifyRequest<{ Params: { id: number } }>) => {
      const scope = scopeOfRequest(req);
      await database.db.transaction(async (tx) => {
        const gone = await repository.remove!(tx, scope, req.params.id);
        if (gone === undefined) throw missing();
        await record(tx, req, audit.deleted, gone);
      });
      return { message: d.removed ?? 'Removed' };
    };
    if (d.softDelete) app.patch(url, route, handler);
    else app.delete(url, route, handler);
  }
}
