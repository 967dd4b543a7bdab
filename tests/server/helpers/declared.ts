// The security matrices' rows of the declared resources, derived from their declarations (src/contract/resources)
// and the routes resourceRoutes writes for them (server/routes/resourceRoutes.ts, `config.crud`): every action x
// role x a row of the account's own restaurant, of another, or of none, with the status the declaration implies -
// 403 for a role its action does not name; for one it names, 200 on its own restaurant's row and 404 on another's
// (an admin's is every restaurant). The rows are seeded here, not by the resource's author: a create through the
// API with the declaration's `example` (a fresh row per write, so cells stay independent), else a row of each
// restaurant found through an admin's list. tests/server/security/roleMatrix.test.ts and authMatrix.test.ts run
// these beside their hand-written rows; tests/server/api/declaredResource.test.ts runs them for a resource made up
// in the test. The lines are made when a test file is collected (before its app exists): a line whose route the
// resource registers by hand does not apply (`applies`), and the hand-written row stands.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  filtersOf,
  pathOf,
  restaurantField,
  roleMay,
  valueAt,
  type AnyResource,
  type CrudAction,
  type Role,
} from '../../../src/contract';

export type Target = 'own' | 'other' | 'none';
export type Cells = [number | null, number | null, number | null];
const NA = null;

export interface Line {
  /** Builds the request for a role and a target (may seed the row it acts on). */
  req: (role: Role, target: Target) => InjectOptions | Promise<InjectOptions>;
  /** Expected status per role: [own, other, none]. */
  admin: Cells;
  manager: Cells;
  staff: Cells;
  /** What a 2xx answer may hold for the role (beyond its status). */
  check?: (res: LightMyRequestResponse, role: Role, target: Target) => void;
  /** Whether the app has the route (a declared line whose route the resource registers by hand does not apply). */
  applies?: () => boolean;
}

/** One call of the authorisation matrix: every way of failing the admin guard answers 401, a valid token `ok`. */
export interface Endpoint {
  name: string;
  /** A public call: no token, good or bad, changes its answer. */
  public?: boolean;
  /** The request; `valid`: made with a valid token (a refused one needs no row: it is seeded only for this). */
  req: (valid: boolean) => InjectOptions | Promise<InjectOptions>;
  ok?: number[];
  applies?: () => boolean;
}

export interface World {
  app: () => FastifyInstance;
  /** An admin's bearer header (seeds rows). */
  admin: () => Record<string, string>;
  /** Restaurant A (the manager's and staff's own) and B (another). */
  restA: () => number;
  restB: () => number;
}

interface DeclaredRoute {
  action: CrudAction;
  method: string;
  url: string;
}

/** The routes resourceRoutes writes for a declaration's CRUD actions, as it writes them, known without an app. */
export function declaredRoutes(d: AnyResource): DeclaredRoute[] {
  const at = (action: CrudAction) => (d.actions[action] ? pathOf(d, action) : undefined);
  const out: DeclaredRoute[] = [];
  const list = at('list');
  if (list && d.paged !== false)
    for (const url of [list, ...(d.alsoAt ?? [])]) out.push({ action: 'list', method: 'GET', url });
  const show = at('show');
  if (show)
    for (const url of [show, ...(d.alsoAt ?? []).map((b) => `${b}/:id`)])
      out.push({ action: 'show', method: 'GET', url });
  if (at('create') && d.createBody) out.push({ action: 'create', method: 'POST', url: at('create')! });
  if (at('edit') && (d.editBody ?? d.createBody)) out.push({ action: 'edit', method: 'PATCH', url: at('edit')! });
  if (at('delete')) out.push({ action: 'delete', method: d.softDelete ? 'PATCH' : 'DELETE', url: at('delete')! });
  return out;
}

/** Whether resourceRoutes registered this route for this action of its resource (`config.crud`). */
export const registered = (app: FastifyInstance, d: AnyResource, r: DeclaredRoute) =>
  app.routeFacts.some(
    (f) => f.config.resource === d.name && f.config.crud === r.action && f.method === r.method && f.url === r.url,
  );

/** "GET /restaurant/:id" as the OpenAPI document writes it: "GET /restaurant/{id}". */
export const openApiKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

const rowsOf = (json: unknown, envelope?: string): Record<string, unknown>[] =>
  (envelope ? (json as Record<string, unknown>)[envelope] : json) as Record<string, unknown>[];

/** How the generic tests come by a declared resource's rows. */
function rowsFor(world: World, d: AnyResource) {
  const routes = declaredRoutes(d);
  const field = restaurantField(d);
  /** The row is a restaurant: its own id is its restaurant. */
  const rowIsRestaurant = field === 'id';
  /** Rows can be made through the API: an example and a create route. */
  const seedable = () =>
    d.example !== undefined && routes.some((r) => r.action === 'create' && registered(world.app(), d, r));
  /** A fresh row of this restaurant, made by an admin through the API with the declaration's example. */
  async function seeded(restaurantId: number): Promise<number> {
    const res = await world.app().inject({
      method: 'POST',
      url: pathOf(d, 'create')!,
      headers: world.admin(),
      payload: d.example!(restaurantId) as InjectOptions['payload'],
    });
    expect(res.statusCode, `${d.name}: its example must create a row (${res.body})`).toBe(200);
    return Number(res.json().id);
  }
  /** A row of this restaurant as an admin's list shows it (a resource no API creates: the test seeded it). */
  async function listed(restaurantId: number): Promise<number> {
    const list = routes.find((r) => r.action === 'list');
    if (!list || !field) throw new Error(`${d.name}: no list to find a row in; write its row by hand`);
    const res = await world
      .app()
      .inject({ method: 'GET', url: `${list.url}?page=1&perPage=500`, headers: world.admin() });
    const row = rowsOf(res.json(), d.envelope).find((r) => Number(valueAt(r, field)) === restaurantId);
    if (!row) throw new Error(`${d.name}: no row of restaurant ${restaurantId} in ${list.url}; seed one`);
    return Number(row.id);
  }
  /** The row a read or an edit acts on: the restaurant itself, a fresh one, or an existing one. */
  const existing = (restaurantId: number) =>
    rowIsRestaurant ? Promise.resolve(restaurantId) : seedable() ? seeded(restaurantId) : listed(restaurantId);
  return { routes, field, rowIsRestaurant, seeded, existing };
}

/** The role matrix's rows of these declarations, keyed "METHOD /path/{id}". */
export function declaredLines(world: World, declarations: readonly AnyResource[]): Record<string, Line> {
  const lines: Record<string, Line> = {};
  for (const d of declarations) {
    const { routes, field, rowIsRestaurant, seeded, existing } = rowsFor(world, d);
    const canSeed = d.example !== undefined && routes.some((r) => r.action === 'create');
    const restOf = (target: Target) => (target === 'other' ? world.restB() : world.restA());
    /** The body names the row's restaurant: a create of another restaurant's row is the 'other' cell. */
    const bodyNamesRestaurant = !!field && !!(d.createBody as { shape?: object } | undefined)?.shape?.[field as never];

    /** 403 for a role the action does not name; else 200, and 404 on another restaurant's row for a manager or
     * staff (a list of another restaurant answers 200 with none of its rows). `targets`: the columns that apply. */
    const cells = (action: CrudAction, targets: Target[]) => {
      const of = (role: Role): Cells =>
        (['own', 'other', 'none'] as Target[]).map((t) => {
          if (!targets.includes(t)) return NA;
          if (!roleMay(d, role, action)) return 403;
          if (t === 'other' && role !== 'admin' && action !== 'list') return 404;
          return 200;
        }) as Cells;
      return { admin: of('admin'), manager: of('manager'), staff: of('staff') };
    };
    /** Nothing of another restaurant reaches a manager or staff: every row is one of restaurant A's. */
    const onlyOwn = (res: LightMyRequestResponse, role: Role) => {
      if (role === 'admin' || !field) return;
      const json = res.json();
      const rows = Array.isArray(rowsOf(json, d.envelope)) ? rowsOf(json, d.envelope) : [json];
      for (const r of rows)
        expect(Number(valueAt(r, field)), `${d.name}: another restaurant's row`).toBe(world.restA());
    };

    for (const route of routes) {
      const { action, method, url } = route;
      const applies = () => registered(world.app(), d, route);
      const withId = (id: number) => url.replace(':id', String(id));
      const key = openApiKey(method, url);
      if (action === 'list') {
        const filtered = filtersOf(d).includes('restaurantId');
        lines[key] = {
          applies,
          ...cells('list', filtered ? ['own', 'other', 'none'] : ['none']),
          req: (_r, t) => ({
            method,
            url: `${url}?page=1&perPage=50${t === 'none' ? '' : `&restaurantId=${restOf(t)}`}`,
          }),
          check: onlyOwn,
        };
      } else if (action === 'show' && field) {
        lines[key] = {
          applies,
          ...cells('show', ['own', 'other']),
          req: async (_r, t) => ({ method, url: withId(await existing(restOf(t))) }),
          check: onlyOwn,
        };
      } else if (action === 'create' && d.example) {
        lines[key] = {
          applies,
          ...cells('create', bodyNamesRestaurant ? ['own', 'other'] : ['none']),
          req: (_r, t) => ({ method, url, payload: d.example!(restOf(t)) as InjectOptions['payload'] }),
          check: onlyOwn,
        };
      } else if (action === 'edit' && field) {
        // An empty edit: the scope is what is tested (an edit moving a row out of it: declaredResource.test.ts).
        lines[key] = {
          applies,
          ...cells('edit', ['own', 'other']),
          req: async (_r, t) => ({ method, url: withId(await existing(restOf(t))), payload: {} }),
          check: onlyOwn,
        };
      } else if (action === 'delete' && field && canSeed) {
        lines[key] = {
          applies,
          ...cells('delete', ['own', 'other']),
          // A fresh row per cell. A restaurant: a fresh one for an admin allowed to remove one; a role refused before
          // the handler names A or B, which stay.
          req: async (role, t) => {
            const fresh = !rowIsRestaurant || roleMay(d, role, 'delete');
            const id = fresh ? await seeded(restOf(t)) : restOf(t);
            return { method, url: withId(id), payload: d.softDelete ? { isDeleted: true } : undefined };
          },
        };
      }
    }
  }
  return lines;
}

/** The authorisation matrix's calls of the declared resources' list, show, create, edit and delete, each as a
 * valid admin makes it (in restaurant A); a route whose row cannot be come by generically is left to a call
 * written by hand. */
export function declaredEndpoints(world: World, declarations: readonly AnyResource[]): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const d of declarations) {
    const { routes, field, seeded, existing } = rowsFor(world, d);
    const canSeed = d.example !== undefined && routes.some((r) => r.action === 'create');
    for (const route of routes) {
      const { action, method, url } = route;
      const name = openApiKey(method, url);
      const applies = () => registered(world.app(), d, route);
      const withId = (id: number) => url.replace(':id', String(id));
      /** The row acted on: a real one for a valid token, any id for a call the guard refuses first. */
      const row = async (valid: boolean, get: (restaurantId: number) => Promise<number>) =>
        withId(valid ? await get(world.restA()) : 1);
      if (action === 'list') endpoints.push({ name, applies, req: () => ({ method, url: `${url}?page=1&perPage=5` }) });
      else if (action === 'create' && d.example)
        endpoints.push({
          name,
          applies,
          req: () => ({ method, url, payload: d.example!(world.restA()) as InjectOptions['payload'] }),
        });
      else if ((action === 'show' || action === 'edit') && field)
        endpoints.push({
          name,
          applies,
          req: async (valid) => ({
            method,
            url: await row(valid, existing),
            ...(action === 'edit' ? { payload: {} } : {}),
          }),
        });
      else if (action === 'delete' && field && canSeed)
        endpoints.push({
          name,
          applies,
          req: async (valid) => ({
            method,
            url: await row(valid, seeded),
            payload: d.softDelete ? { isDeleted: true } : undefined,
          }),
        });
    }
  }
  return endpoints;
}

/** A declared resource's write as tests/server/api/forgetAfterWrite.test.ts walks it: made by an admin on a row of
 * restaurant A (seeded from the declaration's example), with the list that shows its rows. */
export interface DeclaredWrite {
  /** "POST /api/offers", "PATCH /api/offers/:id": as the app prints its routes. */
  key: string;
  what: string;
  applies: () => boolean;
  prepare?: () => Promise<unknown>;
  write: (prepared: never) => Promise<LightMyRequestResponse>;
  /** The list read that must show the write at once (a create and a delete; an edit may leave it as it was). */
  list?: string;
}

/** The reads of the declared resources' lists (registered ones), by name: `list:<name>`. */
export function declaredReads(world: World, declarations: readonly AnyResource[]) {
  return declarations.flatMap((d) => {
    const route = declaredRoutes(d).find((r) => r.action === 'list' && registered(world.app(), d, r));
    return route
      ? [
          {
            name: `list:${d.name}`,
            read: () =>
              world.app().inject({ method: 'GET', url: `${route.url}?page=1&perPage=25`, headers: world.admin() }),
          },
        ]
      : [];
  });
}

/** The create, edit and delete of the declared resources that can be seeded from their example. */
export function declaredWrites(world: World, declarations: readonly AnyResource[]): DeclaredWrite[] {
  const writes: DeclaredWrite[] = [];
  for (const d of declarations) {
    if (!d.example || !restaurantField(d)) continue;
    const { routes, seeded } = rowsFor(world, d);
    for (const route of routes) {
      const { action, method, url } = route;
      const applies = () => registered(world.app(), d, route);
      const call = (id: number | undefined, payload?: unknown) =>
        world.app().inject({
          method: method as InjectOptions['method'],
          url: id === undefined ? url : url.replace(':id', String(id)),
          headers: world.admin(),
          payload: payload as InjectOptions['payload'],
        });
      const example = () => d.example!(world.restA());
      const key = `${method} ${url}`;
      if (action === 'create')
        writes.push({
          key,
          applies,
          what: `an admin adds one of the ${d.name}`,
          list: `list:${d.name}`,
          write: () => call(undefined, example()),
        });
      else if (action === 'edit')
        writes.push({
          key,
          applies,
          what: `an admin edits one of the ${d.name}`,
          prepare: () => seeded(world.restA()),
          write: (id: number) => call(id, example()),
        });
      else if (action === 'delete')
        writes.push({
          key,
          applies,
          what: `an admin deletes one of the ${d.name}`,
          list: `list:${d.name}`,
          prepare: () => seeded(world.restA()),
          write: (id: number) => call(id, d.softDelete ? { isDeleted: true } : undefined),
        });
    }
  }
  return writes;
}
