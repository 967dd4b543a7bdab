// Who may call a back-office route (issue 26, docs/SECURITY.md "Roles"): a route's `config.roles`; without it,
// admin only (server/plugins/auth.ts), so a new route is closed to managers and staff until it says otherwise.
import type { Role } from '../../src/contract';

/** Every signed-in role: admin, manager and staff (read-only calls a staff member needs). */
export const ALL_ROLES: readonly Role[] = ['admin', 'manager', 'staff'];
/** Admins and managers (a manager's own restaurants and team). */
export const MANAGERS: readonly Role[] = ['admin', 'manager'];
