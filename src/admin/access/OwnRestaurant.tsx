// A page of one restaurant (its edit page, branches, tills, QR sheet) opens only for an account that sees the
// restaurant (docs/SECURITY.md, Roles): another restaurant's address shows "Permission Denied" and asks the server
// for nothing of it. The server would answer 404 anyway; this keeps the page from half-drawing around the error.
import type { ReactNode } from 'react';
import { PermissionDenied } from '../PermissionDenied';
import { useSeesRestaurant } from './useAllows';

export function OwnRestaurant({ id, children }: { id: number | string | undefined; children: ReactNode }) {
  const sees = useSeesRestaurant(id);
  if (sees === undefined) return null;
  return sees ? <>{children}</> : <PermissionDenied />;
}
