// react-admin mounts a resource's list on "/<resource>/*", so /restaurants/anything would show the list.
// The spec wants every other path to read 'Permission Denied': lists render only on their exact path.
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { PermissionDenied } from './PermissionDenied';

export function exactPath(path: string, List: ComponentType) {
  return function ExactList() {
    const { pathname } = useLocation();
    return pathname.replace(/\/+$/, '') === path ? <List /> : <PermissionDenied />;
  };
}
