// Issue 29, hardening for admins (docs/SECURITY.md, "Admins"): a sign-out ends the token on the server; a password
// change asks for the old password and ends every other session.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, admins } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { createTestApp, type TestApp } from '../helpers/app';

describe('admin sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Each test signs in to an account of its own (one changes its password), as `email`.
  let email = '';
  beforeEach(async () => {
    email = `sessions-${randomUUID()}@example.com`;
    await t.database.db
      .insert(admins)
      .values({ name: 'Sessions', email, passwordHash: await hashPassword('first-pass-1') });
  });
  const signIn = async (password: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/login', payload: { email, password } });
    return res.statusCode === 200 ? (res.json().data.token as string) : null;
  };
  const verify = async (token: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/user/isVerify', headers: { authorization: `Bearer ${token}` } })
    ).json().verify as boolean;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a sign-out ends that token on the server, and only that one', async () => {
    const a = (await signIn('first-pass-1'))!;
    const b = (await signIn('first-pass-1'))!;
    expect(await verify(a)).toBe(true);
    const out = await t.app.inject({ method: 'POST', url: '/admin/logout', headers: bearer(a) });
    expect(out.statusCode).toBe(200);
    expect(await verify(a)).toBe(false);
    expect((await t.app.inject({ url: '/admin', headers: bearer(a) })).statusCode).toBe(401);
    expect(await verify(b)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/admin/logout' })).statusCode).toBe(401);
  });

  it('a password change asks for the old one, ends the other sessions and keeps this one with a new token', async () => {
    const mine = (await signIn('first-pass-1'))!;
    const other = (await signIn('first-pass-1'))!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin/password',
      headers: bearer(mine),
      payload: { oldPassword: 'not-the-password', newPassword: 'second-pass-2' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'The current password is wrong']);
    expect(await verify(other)).toBe(true);
    const short = await t.app.inject({
      method: 'POST',
      url: '/admin/password',
      headers: bearer(mine),
      payload: { oldPassword: 'first-pass-1', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/admin/password',
      headers: bearer(mine),
      payload: { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' },
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().data.token as string;
    expect(await verify(fresh)).toBe(true);
    expect(await verify(other)).toBe(false);
    expect(await verify(mine)).toBe(false);
    expect(await signIn('first-pass-1')).toBeNull();
    expect(await signIn('second-pass-2')).not.toBeNull();
    const trail = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'admin.passwordChanged'), eq(activity.adminEmail, email)));
    expect(trail).toHaveLength(1);
  });
});
