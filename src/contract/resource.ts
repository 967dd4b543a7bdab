// A back-office resource is ONE declaration (docs/ARCHITECTURE.md, Add a resource), shared by both sides: its
// name, API paths, row and body schemas, list query (filters), search, sort, the actions with the roles allowed
// each, and its row scope. The server registers its routes from it (server/routes/resourceRoutes.ts: guard, roles,
// schemas, scope, audit, answer memories, OpenAPI); the web derives from it what a role may do (src/permissions.ts)
// and how react-admin's calls reach the API (src/dataProvider.ts); the tests derive their role matrix from it.
//
//   export const offersResource = declareResource({
//     name: 'offers', path: '/api/offers', row: offerSchema, createBody: offerBody,
//     query: listQuery.extend({ restaurantId: dbId.optional() }), search: ['title'],
//     sort: { fields: ['id', 'title'], default: { field: 'id', order: 'DESC' } },
//     actions: { list: ALL_ROLES, show: ALL_ROLES, create: MANAGERS, edit: MANAGERS, delete: MANAGERS },
//     scope: { restaurant: 'restaurant_id' },
//     example: (restaurantId) => ({ restaurant_id: restaurantId, title: 'Coffee 10% off' }),
//   });
//
// zod and plain data only: no React, no server code (the public entry never imports this file).
import type { z } from 'zod';
import { ROLES, type Role } from './admins';
import { listQuery } from './common';
import type { ActivityKind } from './activity';

/** react-admin's actions, and ours: export (CSV), sync (read the POS again), connect (the POS token, push key),
 * reprint (a till's new link key), unlock (lift a phone's lock), print (Print QR's, the QR sheet), resetTotp and
 * resetPassword (another account's two-step sign-in, a forgotten password), adjust (a loyalty member's balance). */
export const ACTIONS = [
  'list',
  'show',
  'create',
  'edit',
  'delete',
  'export',
  'sync',
  'connect',
  'reprint',
  'unlock',
  'print',
  'resetTotp',
  'resetPassword',
  'adjust',
] as const;
export type Action = (typeof ACTIONS)[number];

/** The actions the server's one call registers from a declaration and a repository (resourceRoutes). */
export const CRUD_ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

/** Every signed-in role: admin, manager and staff (read-only calls a staff member needs). */
export const ALL_ROLES: readonly Role[] = ROLES;
/** Admins and managers (a manager's own restaurants and team). */
export const MANAGERS: readonly Role[] = ['admin', 'manager'];
/** Admins only. */
export const ADMINS: readonly Role[] = ['admin'];

/** Which rows a manager or staff member sees: those of their restaurants, by the row's restaurant field (a dotted
 * path into the answer's row: `restaurant_id`, `restaurant.id`; `id` when the row is the restaurant), or `none`
 * (not tied to restaurants; a repository that narrows otherwise says so in its own comment). */
export type RowScope = { readonly restaurant: string } | 'none';

/** The audit trail's words for a resource's writes (server/db/audit.ts): its target type and the kind of each
 * write; by default the generic `record.created`, `record.edited`, `record.deleted`. */
export interface AuditWords {
  readonly type: string;
  readonly created?: ActivityKind;
  readonly edited?: ActivityKind;
  readonly deleted?: ActivityKind;
}

export interface ResourceDeclaration<
  Row extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Edit extends z.ZodType = z.ZodType,
  Query extends z.ZodObject = z.ZodObject,
  Sort extends string = string,
> {
  /** react-admin's name and the screen's path (/<name>). */
  readonly name: string;
  /** The API path of its rows: GET {path} (list), GET {path}/:id, POST {path}, PATCH {path}/:id, DELETE {path}/:id.
   * A new resource's path starts with /api (ADMIN_API_PREFIX: never a screen's path). None: no API of its own. */
  readonly path?: string;
  /** Declared overrides: where an action is served when not at the default above (the spec's old paths):
   * `:name` in a list path is filled from the list's filter, `:id` from the row. */
  readonly paths?: Partial<Record<CrudAction, string>>;
  /** The same list and read-one also served at these bases (the guestbook at /guest and /api/guest). */
  readonly alsoAt?: readonly string[];
  /** The list answers `{ [envelope]: rows }` rather than the bare array (`{ restaurants: [...] }`). */
  readonly envelope?: string;
  /** The list takes page/perPage/sort/order/q and answers X-Total-Count (default true). False: always whole
   * (a restaurant's branches), searched and sorted in the browser. */
  readonly paged?: boolean;
  /** The server refuses a search too short for its indexes (searchTooShort of ./common). */
  readonly searchMinChars?: boolean;
  /** One row of the list (and of read-one, create and edit answers). */
  readonly row?: Row;
  /** The read-one answer when it says more than a list row (an order with its item lines). */
  readonly detail?: z.ZodType;
  /** The body of a create; the body of an edit is `editBody`, else this one with every field optional. */
  readonly createBody?: Create;
  readonly editBody?: Edit;
  /** The fields the web's edit sends (default: the edit body's fields). */
  readonly editFields?: readonly string[];
  /** The list's query: listQuery (page, perPage, sort, order, q) extended with its filters (default listQuery). */
  readonly query?: Query;
  /** The fields a search looks in (the server's columns; the browser's when the list came whole). */
  readonly search: readonly string[];
  /** The sortable columns and the default sort (the repository gives a column for each: server/db/paging.ts). */
  readonly sort?: {
    readonly fields: readonly Sort[];
    readonly default: { field: NoInfer<Sort>; order: 'ASC' | 'DESC' };
  };
  /** Who may do what: each action and the roles allowed it (none: nobody). */
  readonly actions: Partial<Record<Action, readonly Role[]>>;
  readonly scope: RowScope;
  /** Deleted by PATCH {delete path} with `{ isDeleted: true }` rather than DELETE. */
  readonly softDelete?: boolean;
  /** Created with these fields added to the body (an admin is POST /user with role 'admin'). */
  readonly createExtra?: Record<string, unknown>;
  /** A body the generic tests create a row with, in the given restaurant (tests/server/helpers/declared.ts). */
  readonly example?: (restaurantId: number) => z.input<Create>;
  /** The audit trail's target type and kinds (default: the name, `record.*`). */
  readonly audit?: AuditWords;
  /** The `{ message }` a delete answers (default 'Removed'). */
  readonly removed?: string;
  /** The 404's message for a row that is not there, or not in the caller's restaurants (default 'Not found'). */
  readonly notFound?: string;
}

/** Any declaration, whatever its schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = ResourceDeclaration<any, any, any, any, any>;

/** Declares a resource: types it (sort default among the sortable fields, the example a create body) and returns
 * it as written. */
export function declareResource<
  Row extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Edit extends z.ZodType = z.ZodType,
  Query extends z.ZodObject = z.ZodObject,
  const Sort extends string = string,
>(
  declaration: ResourceDeclaration<Row, Create, Edit, Query, Sort>,
): ResourceDeclaration<Row, Create, Edit, Query, Sort> {
  return declaration;
}

/** Where an action is served: its declared override, else the default under `path`; undefined without a path. */
export function pathOf(d: AnyResource, action: CrudAction): string | undefined {
  const declared = d.paths?.[action];
  if (declared) return declared;
  if (!d.path) return undefined;
  return action === 'list' || action === 'create' ? d.path : `${d.path}/:id`;
}

const PAGING_KEYS = Object.keys(listQuery.shape);

/** The list's filters: the query's fields beyond paging and search (sent with the page and with the CSV export). */
export function filtersOf(d: AnyResource): string[] {
  return d.query ? Object.keys(d.query.shape).filter((k) => !PAGING_KEYS.includes(k)) : [];
}

/** The fields the web's edit sends: declared, else the edit body's (or the create body's) fields. */
export function editFieldsOf(d: AnyResource): string[] | undefined {
  if (d.editFields) return [...d.editFields];
  const body = (d.editBody ?? d.createBody) as { shape?: Record<string, unknown> } | undefined;
  return body?.shape ? Object.keys(body.shape) : undefined;
}

/** The roles allowed any of these actions (a route serving two actions lets in whoever may do either). */
export function rolesFor(d: AnyResource, ...actions: Action[]): Role[] {
  return ROLES.filter((role) => actions.some((a) => d.actions[a]?.includes(role)));
}

/** Whether a role may take this action on this resource. */
export function roleMay(d: AnyResource, role: Role, action: string): boolean {
  return (d.actions as Record<string, readonly Role[] | undefined>)[action]?.includes(role) ?? false;
}

/** The restaurant field of the declaration's rows, or undefined when its rows are not tied to restaurants. */
export function restaurantField(d: AnyResource): string | undefined {
  return d.scope === 'none' ? undefined : d.scope.restaurant;
}

/** A row's (or body's) value at a dotted path: `restaurant.id`. */
export function valueAt(row: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);
}

/** The audit words of a declaration (defaults filled in). */
export function auditOf(d: AnyResource): Required<AuditWords> {
  return {
    type: d.audit?.type ?? d.name,
    created: d.audit?.created ?? 'record.created',
    edited: d.audit?.edited ?? 'record.edited',
    deleted: d.audit?.deleted ?? 'record.deleted',
  };
}
