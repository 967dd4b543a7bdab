// Who may do what is stated once, in the resources' declarations (issue 46, src/contract/resources): every route
// that names its resource's actions (`config.resource`, `config.actions`: resourceRoutes and `allow` of
// server/routes/resourceRoutes.ts) lets in exactly the roles the declaration gives those actions, and the
// back-office's permissions (src/permissions.ts, react-admin's canAccess and the buttons) say the same of each role.
// A back-office route that names no resource is one of the calls listed below, each with why it is no resource's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, rolesFor, type Action } from '../../../src/contract';
import { declarationOf, DECLARATIONS } from '../../../src/contract/resources';
import { allows } from '../../../src/permissions';
import { createTestApp, type TestApp } from '../helpers/app';

/** Back-office calls (behind app.requireAdmin) that are no resource's action, and why. (The Foodics webhook secret's
 * two calls have a guard of their own, admins of the role admin: server/routes/foodicsWebhook.ts.) */
const NO_RESOURCE: Record<string, string> = {
  'POST /admin/logout': "an account's own session",
  'POST /admin/password': "an account's own password",
  'GET /admin/totp': "an account's own two-step sign-in",
  'POST /admin/totp/enrol': "an account's own two-step sign-in",
  'POST /admin/totp/confirm': "an account's own two-step sign-in",
  'POST /admin/totp/disable': "an account's own two-step sign-in",
  'POST /export/ticket': "a download ticket for any resource's export (each export route names its own)",
  'GET /export/progress/{id}': "how far the caller's own download has got",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const key = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

describe("every route's roles are its declaration's", () => {
  it('a route naming its resource lets in exactly the roles its declaration gives the actions', () => {
    const named = t.app.routeFacts.filter((f) => f.config.resource);
    expect(named.length).toBeGreaterThan(25);
    const wrong = named.flatMap((f) => {
      const d = declarationOf(f.config.resource!);
      const actions = (f.config.actions ?? []) as Action[];
      if (!d) return [`${key(f.method, f.url)}: no declaration named ${f.config.resource}`];
      if (!actions.length || actions.some((a) => !d.actions[a]))
        return [`${key(f.method, f.url)}: actions ${actions.join(', ')} not declared by ${d.name}`];
      const want = rolesFor(d, ...actions);
      return JSON.stringify(f.config.roles) === JSON.stringify(want)
        ? []
        : [`${key(f.method, f.url)}: roles ${JSON.stringify(f.config.roles)}, declared ${JSON.stringify(want)}`];
    });
    expect(wrong).toEqual([]);
  });

  it("every back-office route names its resource, or is one of the calls that are no resource's", () => {
    const admin = t.app.routeFacts.filter((f) => f.admin && !f.config.resource).map((f) => key(f.method, f.url));
    expect(admin.sort()).toEqual(Object.keys(NO_RESOURCE).sort());
  });

  it("the back-office's permissions say of each role what the server's routes let it do", () => {
    const disagree = t.app.routeFacts
      .filter((f) => f.config.resource)
      .flatMap((f) =>
        ROLES.flatMap((role) => {
          const server = (f.config.roles ?? ['admin']).includes(role);
          const web = ((f.config.actions ?? []) as Action[]).some((a) =>
            allows({ role, restaurantIds: [1] }, f.config.resource!, a),
          );
          return server === web ? [] : [`${key(f.method, f.url)} ${role}: server ${server}, web ${web}`];
        }),
      );
    expect(disagree).toEqual([]);
  });

  it('every declaration names known roles for known actions, and every screen a declaration', () => {
    for (const d of DECLARATIONS)
      for (const [action, roles] of Object.entries(d.actions)) {
        expect(
          roles!.every((r) => ROLES.includes(r)),
          `${d.name}.${action}`,
        ).toBe(true);
        expect(roles!.includes('admin'), `${d.name}.${action}: an admin may do whatever a manager may`).toBe(true);
      }
    expect(new Set(DECLARATIONS.map((d) => d.name)).size).toBe(DECLARATIONS.length);
  });
});
