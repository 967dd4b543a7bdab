// "Forgot password" for a back-office account (issue 49): an admin sets a new password on the account's edit
// page (POST /api/admins/{id}/password). The new password signs in, the old one no longer does, the account's
// sessions end, the activity trail records who did it; nobody else may do it, and nobody resets their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { admins } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';

describe('an admin resets a forgotten password', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  const account = async (role: 'admin' | 'manager' | 'staff', email: string) => {
    const [a] = await t.database.db
      .insert(admins)
      .values({ name: `Forgetful ${role}`, email, role, passwordHash: await hashPassword('old-password-1') })
      .returning({ id: admins.id });
    return a.id;
  };
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/admin/login', payload: { email, password } });
  const reset = (id: number, newPassword: string, headers = auth) =>
    t.app.inject({ method: 'POST', url: `/api/admins/${id}/password`, headers, payload: { newPassword } });

  it('the new password signs in, the old one does not, their session ends, and the trail says who did it', async () => {
    const email = `nora-${Date.now()}@example.com`;
    const id = await account('manager', email);
    const before = (await login(email, 'old-password-1')).json().data.token as string;
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin', headers: { authorization: `Bearer ${before}` } })).statusCode,
    ).toBe(200);

    const res = await reset(id, 'new-password-22');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The password has been reset' });
    expect((await login(email, 'old-password-1')).statusCode).toBe(401);
    expect((await login(email, 'new-password-22')).statusCode).toBe(200);
    // The session from before the reset ends.
    await t.app.answers.changed(['admins']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin', headers: { authorization: `Bearer ${before}` } })).statusCode,
    ).toBe(401);

    const trail = (
      await t.app.inject({ method: 'GET', url: '/admin/activity?page=1&perPage=50', headers: auth })
    ).json();
    const rows = (Array.isArray(trail) ? trail : (trail.activity ?? trail.rows)) as {
      kind: string;
      target?: { label?: string };
    }[];
    expect(rows.some((r) => r.kind === 'admin.passwordReset' && JSON.stringify(r).includes(email))).toBe(true);
  });

  it('a short password is a 400 naming the field; an unknown account 404; your own account 400', async () => {
    const id = await account('staff', `short-${Date.now()}@example.com`);
    const short = await reset(id, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('newPassword: Should not be less than 8 characters');
    expect((await reset(2_000_000, 'long-enough-1')).statusCode).toBe(404);
    const meId = Number(JSON.parse(Buffer.from(auth.authorization.split('.')[1], 'base64url').toString()).sub);
    const own = await reset(meId, 'long-enough-1');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Change your own password with your current one');
  });

  it('a manager may not reset anyone (403), not even their own staff', async () => {
    const email = `mgr-${Date.now()}@example.com`;
    await account('manager', email);
    const token = (await login(email, 'old-password-1')).json().data.token as string;
    const staff = await account('staff', `staff-${Date.now()}@example.com`);
    expect((await reset(staff, 'long-enough-1', { authorization: `Bearer ${token}` })).statusCode).toBe(403);
  });
});
