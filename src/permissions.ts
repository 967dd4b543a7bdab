// The back-office's permissions (issues 26 and 46, docs/SECURITY.md "Roles"), derived from the resources'
// declarations (src/contract/resources): a role may take an action on a resource when the declaration's `actions`
// name the role for it - the same statement the server's `config.roles` are made from. Read by
// authProvider.canAccess (react-admin 5: the menu, react-admin's own pages) and by useAllows (src/admin/access:
// our buttons, Add New, Export, Sync, Connect, Reprint, Print QR, Delete, Lift lock). Nothing here is written per
// resource. The server decides in the end (server/routes: config.roles; server/db/scope.ts): this only hides what
// it refuses.
import type { Role } from './contract/admins';
import { roleMay, type Action } from './contract/resource';
import { declarationOf } from './contract/resources';

export type { Action };

/** Who is signed in, as POST /user/isVerify tells (react-admin's permissions). */
export interface Permissions {
  role: Role;
  restaurantIds: number[];
}

/** Whether these permissions allow the action on the resource (react-admin's canAccess); an unknown resource or
 * action: no. */
export function allows(p: Permissions | undefined, resource: string, action: string): boolean {
  const declaration = declarationOf(resource);
  return !!p && !!declaration && roleMay(declaration, p.role, action);
}

/** Whether a manager or staff member may open this restaurant's pages (an admin every one). */
export function seesRestaurant(p: Permissions | undefined, id: number): boolean {
  return !!p && (p.role === 'admin' || p.restaurantIds.includes(id));
}
