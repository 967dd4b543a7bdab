// The back-office's permissions (issue 26, docs/SECURITY.md "Roles"): ONE table of what each role may do on each
// resource, read by authProvider.canAccess (react-admin 5: the menu, react-admin's own pages) and by useAllows
// (src/admin/access: our buttons, Add New, Export, Sync, Connect, Reprint, Print QR, Delete, Lift lock).
// Who may open a resource at all is its own `access` (src/resources/<name>/index.ts); this table says which of its
// actions a manager and staff have. An admin may do everything on every resource whose `access` names it.
// Adding a resource: its `access`, and its line here for the roles other than admin (docs/ARCHITECTURE.md).
// The server decides in the end (server/routes: config.roles; server/db/scope.ts): this only hides what it refuses.
import type { Role } from './contract/admins';
import { RESOURCES } from './resources';

/** react-admin's actions, and ours: export (CSV), sync (read the POS again), connect (the POS token, push key),
 * reprint (a till's new link key), unlock (lift a phone's lock), print (Print QR's, the QR sheet), resetTotp
 * (reset another account's two-step sign-in: admins only). */
export type Action =
  | 'list'
  | 'show'
  | 'create'
  | 'edit'
  | 'delete'
  | 'export'
  | 'sync'
  | 'connect'
  | 'reprint'
  | 'unlock'
  | 'print'
  | 'resetTotp';

/** What a manager and staff may do, per resource (none when a resource has no line). */
export const PERMISSIONS: Record<string, Partial<Record<Exclude<Role, 'admin'>, readonly Action[]>>> = {
  admins: { manager: ['list', 'create', 'edit', 'delete'] },
  users: { manager: ['list', 'show', 'export'] },
  restaurants: { manager: ['list', 'show', 'edit', 'sync', 'connect'], staff: ['list', 'show'] },
  orders: { manager: ['list', 'show', 'export'], staff: ['list', 'show'] },
  activity: { manager: ['list'] },
  tills: { manager: ['list'], staff: ['list'] },
  branches: { manager: ['list', 'show'], staff: ['list', 'show'] },
  devices: { manager: ['list', 'show', 'reprint'], staff: ['list', 'show'] },
  // Print QR's (the PNGs) and the printable sheet.
  sheet: { manager: ['list', 'show', 'print'], staff: ['list', 'show', 'print'] },
  // The dashboard's funnel card and its CSV.
  funnel: { manager: ['list', 'export'], staff: ['list'] },
  // The guestbook (issue 34): staff read it with masked phones and no export.
  guests: { manager: ['list', 'show', 'export'], staff: ['list', 'show'] },
};

/** Who is signed in, as POST /user/isVerify tells (react-admin's permissions). */
export interface Permissions {
  role: Role;
  restaurantIds: number[];
}

let access: Map<string, readonly Role[]> | undefined;
/** Read when first asked (the resources' modules may import this one). */
const accessOf = (resource: string) => (access ??= new Map(RESOURCES.map((r) => [r.name, r.access]))).get(resource);

/** Whether these permissions allow the action on the resource (react-admin's canAccess). */
export function allows(p: Permissions | undefined, resource: string, action: string): boolean {
  if (!p) return false;
  const roles = accessOf(resource);
  if (roles && !roles.includes(p.role)) return false;
  if (p.role === 'admin') return true;
  return (PERMISSIONS[resource]?.[p.role] ?? []).includes(action as Action);
}

/** Whether a manager or staff member may open this restaurant's pages (an admin every one). */
export function seesRestaurant(p: Permissions | undefined, id: number): boolean {
  return !!p && (p.role === 'admin' || p.restaurantIds.includes(id));
}
