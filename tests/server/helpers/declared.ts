// The role matrix's rows of the declared resources, derived from their declarations (src/contract/resources) and
// the routes resourceRoutes registered for them (`config.crud`, read from app.routeFacts): every action x role x a
// row of the account's own restaurant, of another, or of none, with the status the declaration implies - 403 for
// a role its action does not name; for one it names, 200 on its own restaurant's row and 404 on another's (an
// admin's is every restaurant). The rows are seeded here, not by the resource's author: a create through the API
// with the declaration's `example` (a fresh row per write cell, so cells stay independent), else a row of each
// restaurant found through an admin's list. tests/server/security/roleMatrix.test.ts runs these beside its
// hand-written rows; tests/server/api/declaredResource.test.ts runs them for a resource made up in the test.
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

export interface World {
  app: () => FastifyInstance;
  /** An admin's bearer header (seeds rows). */
  admin: () => Record<string, string>;
  /** Restaurant A (the manager's and staff's own) and B (another). */
  restA: () => number;
  restB: () => number;
}

/** The routes resourceRoutes writes for a declaration's CRUD actions, as it writes them (server/routes/
 * resourceRoutes.ts), known without an app: the lines are made when the test file is collected. */
export function declaredRoutes(d: AnyResource): { action: CrudAction; method: string; url: string }[] {
  const at = (action: CrudAction) => (d.actions[action] ? pathOf(d, action) : undefined);
  const out: { action: CrudAction; method: string; url: string }[] = [];
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
export const registered = (
  app: FastifyInstance,
  d: AnyResource,
  r: { action: CrudAction; method: string; url: string },
) =>
  app.routeFacts.some(
    (f) => f.config.resource === d.name && f.config.crud === r.action && f.method === r.method && f.url === r.url,
  );

/** "GET /restaurant/:id" as the OpenAPI document writes it: "GET /restaurant/{id}". */
export const openApiKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

const rowsOf = (json: unknown, envelope?: string): Record<string, unknown>[] =>
  (envelope ? (json as Record<string, unknown>)[envelope] : json) as Record<string, unknown>[];

/** The derived matrix rows of these declarations, keyed "METHOD /path/{id}". */
export function declaredLines(world: World, declarations: readonly AnyResource[]): Record<string, Line> {
  const lines: Record<string, Line> = {};
  for (const d of declarations) {
    const routes = declaredRoutes(d);
    /** Known once the app is built (in a request, never when the lines are made). */
    const has = (a: CrudAction) => routes.some((r) => r.action === a && registered(world.app(), d, r));
    const field = restaurantField(d);
    const rowIsRestaurant = field === 'id';
    const topField = field && !field.includes('.') && !rowIsRestaurant ? field : undefined;
    /** Rows can be made through the API: the declaration has an example and a create (checked again when used). */
    const seedable = d.example !== undefined && routes.some((r) => r.action === 'create');
    const restOf = (target: Target) => (target === 'other' ? world.restB() : world.restA());
    const inject = (opts: InjectOptions) => world.app().inject(opts);

    /** A fresh row of the target's restaurant, made by an admin through the API with the declaration's example. */
    async function seeded(target: Target): Promise<number> {
      const res = await inject({
        method: 'POST',
        url: pathOf(d, 'create')!,
        headers: world.admin(),
        payload: d.example!(restOf(target)) as InjectOptions['payload'],
      });
      expect(res.statusCode, `${d.name}: its example must create a row (${res.body})`).toBe(200);
      return Number(res.json().id);
    }
    /** A row of the target's restaurant as an admin's list shows it (for a resource no API creates). */
    async function listed(target: Target): Promise<number> {
      const list = routes.find((r) => r.action === 'list');
      if (!list || !field) throw new Error(`${d.name}: no list to find a row in; seed rows or write the line by hand`);
      const res = await inject({ method: 'GET', url: `${list.url}?page=1&perPage=500`, headers: world.admin() });
      const row = rowsOf(res.json(), d.envelope).find((r) => Number(valueAt(r, field)) === restOf(target));
      if (!row) throw new Error(`${d.name}: no row of restaurant ${restOf(target)} in ${list.url}; seed one`);
      return Number(row.id);
    }
    /** The row a read or an edit acts on: the restaurant itself, an existing one, or a fresh one. */
    const rowFor = async (target: Target) =>
      rowIsRestaurant ? restOf(target) : seedable && has('create') ? seeded(target) : listed(target);

    /** Cells for one action: 403 for a role the action does not name; else 200, and 404 on another restaurant's
     * row for a manager or staff. `targets` says which columns apply. */
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
      const rows = rowsOf(res.json(), d.envelope);
      const single = Array.isArray(rows) ? rows : [res.json() as Record<string, unknown>];
      for (const r of single)
        expect(Number(valueAt(r, field)), `${d.name}: another restaurant's row`).toBe(world.restA());
    };

    for (const route of routes) {
      const { action, method, url } = route;
      const key = openApiKey(method, url);
      const applies = () => registered(world.app(), d, route);
      const withId = (id: number) => url.replace(':id', String(id));
      if (action === 'list') {
        const filtered = filtersOf(d).includes('restaurantId');
        lines[key] = {
          applies,
          ...cells('list', filtered ? ['own', 'other', 'none'] : ['none']),
          req: (_r, t) => ({
            method: 'GET',
            url: `${url}?page=1&perPage=50${t === 'none' ? '' : `&restaurantId=${restOf(t)}`}`,
          }),
          check: (res, role) => onlyOwn(res, role),
        };
      } else if (action === 'show') {
        if (!field) continue; // rows not tied to restaurants: the resource writes its row by hand
        lines[key] = {
          applies,
          ...cells('show', ['own', 'other']),
          req: async (_r, t) => ({ method: 'GET', url: withId(await rowFor(t)) }),
          check: (res, role) => onlyOwn(res, role),
        };
      } else if (action === 'create') {
        if (!d.example) continue;
        const targets: Target[] = topField ? ['own', 'other'] : ['none'];
        lines[key] = {
          applies,
          ...cells('create', targets),
          req: (_r, t) => ({ method, url, payload: d.example!(restOf(t)) as InjectOptions['payload'] }),
          check: (res, role) => onlyOwn(res, role),
        };
      } else if (action === 'edit') {
        if (!field) continue;
        // An empty edit: the scope is what is tested (an edit moving a row out of it: declaredResource.test.ts).
        lines[key] = {
          applies,
          ...cells('edit', ['own', 'other']),
          req: async (_r, t) => ({ method, url: withId(await rowFor(t)), payload: {} }),
          check: (res, role) => onlyOwn(res, role),
        };
      } else if (action === 'delete') {
        if (!field || !seedable) continue;
        lines[key] = {
          applies,
          ...cells('delete', ['own', 'other']),
          // A fresh row per cell (a restaurant: a fresh one for the admin, who alone may remove one; a role refused
          // before its handler names A or B, which stay).
          req: async (role, t) => {
            const id =
              rowIsRestaurant && !(role === 'admin' && roleMay(d, role, 'delete')) ? restOf(t) : await seeded(t);
            return { method, url: withId(id), payload: d.softDelete ? { isDeleted: true } : undefined };
          },
        };
      }
    }
  }
  return lines;
}
