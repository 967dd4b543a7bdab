// Who may call a back-office route (issue 26, docs/SECURITY.md "Roles"): a route's `config.roles`; without it,
// admin only (server/plugins/auth.ts), so a new route is closed to managers and staff until it says otherwise. A
// declared resource's routes take theirs from its declaration (`allow` of ./resourceRoutes.ts); these are for the
// calls that are no resource's: an account's own (sign-out, password, two-step sign-in), the download tickets
// (tests/server/security/declaredRoles.test.ts lists them).
export { ALL_ROLES, MANAGERS } from '../../src/contract';
