// react-admin mounts a resource's list on "/<resource>/*", so /restaurants/anything would show the list.
// The spec wants every other path to read 'Permission Denied': lists render only on their exact path.
// A role that may not list the resource (src/permissions.ts) reads 'Permission Denied' too, before react-admin's
// list would ask the server for the rows (the server refuses them anyway: docs/SECURITY.md, Roles).
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { allows, type Permissions } from '../permissions';
import { PermissionDenied } from './PermissionDenied';

export function exactPath(path: string, List: ComponentType) {
  const resource = path.replace(/^\//, '');
  return function ExactList() {
    const { pathname } = useLocation();
    const { permissions, isPending } = usePermissions<Permissions>();
    if (pathname.replace(/\/+$/, '') !== path) return <PermissionDenied />;
    if (isPending) return null;
    return allows(permissions, resource, 'list') ? <List /> : <PermissionDenied />;
  };
}
