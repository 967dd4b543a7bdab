// What the signed-in role may do, for the buttons and pages that are not react-admin's own (issue 26): the one
// table of src/permissions.ts, read from react-admin's permissions (POST /user/isVerify, fetched once and shared).
// Until the permissions are known nothing is allowed, so a button a role may not use never flashes on screen.
import { usePermissions } from 'react-admin';
import { allows, seesRestaurant, type Action, type Permissions } from '../../permissions';

/** Whether the signed-in role may take this action on this resource. */
export function useAllows(resource: string, action: Action): boolean {
  const { permissions } = usePermissions<Permissions>();
  return allows(permissions, resource, action);
}

/** Whether the signed-in account may open this restaurant's pages: true or false once known, undefined before. */
export function useSeesRestaurant(id: number | string | undefined): boolean | undefined {
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return undefined;
  const n = Number(id);
  return Number.isInteger(n) && n > 0 && seesRestaurant(permissions, n);
}
