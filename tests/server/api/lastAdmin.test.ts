// The last live admin cannot be removed - not by one request, and not by two parallel requests removing the
// last two (each used to see the other still alive and both went through).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { admins } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

describe('the last admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const liveAdmins = async () =>
    (await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.isDeleted, false))).length;
  const remove = (token: string, id: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/user/${id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { isDeleted: true },
    });

  it('removing the only live admin answers 409 with a message and leaves them live', async () => {
    await t.database.db.update(admins).set({ isDeleted: true });
    const token = await t.adminToken();
    const res = await remove(token, Number(decodeJwt(token).sub));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The last admin cannot be removed' });
    expect(await liveAdmins()).toBe(1);
  });

  it('two parallel removals of the last two admins (each by the other) leave exactly one, twenty times over', async () => {
    for (let round = 0; round < 20; round++) {
      await t.database.db.update(admins).set({ isDeleted: true });
      const a = await t.adminToken();
      const b = await t.adminToken();
      const [ida, idb] = [Number(decodeJwt(a).sub), Number(decodeJwt(b).sub)];
      const answers = await Promise.all([remove(a, idb), remove(b, ida)]);
      const statuses = answers.map((r) => r.statusCode).sort();
      // One wins; the other is refused as the last admin, or (its own admin just removed) as no longer signed in.
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 409], `round ${round}`).toContain(statuses[1]);
      expect(await liveAdmins(), `round ${round}`).toBe(1);
    }
  });

  it('two parallel removals of the last two admins, both asked by one of them, leave exactly one, twenty times over', async () => {
    for (let round = 0; round < 20; round++) {
      await t.database.db.update(admins).set({ isDeleted: true });
      const a = await t.adminToken();
      const b = await t.adminToken();
      const [ida, idb] = [Number(decodeJwt(a).sub), Number(decodeJwt(b).sub)];
      // Both requests by admin a (so neither can fail on its own token): remove b, remove a.
      const answers = await Promise.all([remove(a, idb), remove(a, ida)]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 409], `round ${round}`).toContain(statuses[1]);
      expect(await liveAdmins(), `round ${round}`).toBe(1);
    }
  });

  it('an admin removing their own account while another admin is live: 200, then their token is refused', async () => {
    await t.database.db.update(admins).set({ isDeleted: true });
    const other = await t.adminToken();
    const token = await t.adminToken();
    const res = await remove(token, Number(decodeJwt(token).sub));
    expect(res.statusCode).toBe(200);
    expect(await liveAdmins()).toBe(1);
    const after = await t.app.inject({ method: 'GET', url: '/admin', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/user/isVerify',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(verify.json()).toMatchObject({ verify: false });
    // The other admin is still signed in, and is now the last: their own removal is refused.
    const last = await remove(other, Number(decodeJwt(other).sub));
    expect(last.statusCode).toBe(409);
  });
});
