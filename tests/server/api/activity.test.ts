// The audit trail: every back-office change is recorded with who, what, which record, when and from which
// address, in the change's own transaction (a refused change leaves no record), never with a secret; the
// Activity list is newest first, paged in the database and filtered by admin and by kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { activity, appUsers, phoneGuards } from '../../../server/db/schema';
import { recordActivity } from '../../../server/db/audit';
import { createFoodicsTestApp, type FoodicsTestApp } from '../helpers/foodicsApp';

describe('the audit trail', () => {
  let t: FoodicsTestApp;
  let token: string;
  let adminId: number;
  let adminEmail: string;
  const ADDRESS = '203.0.113.7';

  beforeAll(async () => {
    t = await createFoodicsTestApp();
    token = await t.adminToken();
    adminId = Number(decodeJwt(token).sub);
    adminEmail = (await t.app.inject({ method: 'GET', url: '/admin', headers: { authorization: `Bearer ${token}` } }))
      .json()
      .find((a: { id: number }) => a.id === adminId).email;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = token) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ADDRESS,
      headers: { authorization: `Bearer ${as}` },
      ...(payload ? { payload } : {}),
    });
  const newest = async () => (await t.database.db.select().from(activity).orderBy(desc(activity.id)).limit(1))[0];

  it('each kind of change is recorded with the admin, the record, the time and the address', async () => {
    const started = Date.now();
    const POS_TOKEN = 'pos-token-never-logged-123';
    const created = await call('POST', '/restaurant', {
      name: 'Audit Grill',
      logo: 'https://example.com/a.png',
      token: POS_TOKEN,
      branchs_token: POS_TOKEN,
      system_type: 'Specter',
    });
    expect(created.statusCode).toBe(200);
    const rid = created.json().id;
    expect(await newest()).toMatchObject({
      adminId,
      adminEmail,
      kind: 'restaurant.created',
      targetType: 'restaurant',
      targetId: String(rid),
      targetLabel: 'Audit Grill',
      ip: ADDRESS,
    });
    expect((await newest()).at.getTime()).toBeGreaterThanOrEqual(started - 1000);

    expect(
      (await call('PATCH', `/restaurant/${rid}`, { name: 'Audit Grill 2', token: 'another-secret-token-456' }))
        .statusCode,
    ).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'restaurant.edited',
      targetId: String(rid),
      targetLabel: 'Audit Grill 2',
      detail: { fields: ['name', 'token'] },
    });

    expect((await call('POST', `/restaurant/${t.restaurantId}/sync`)).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'restaurant.synced',
      targetId: String(t.restaurantId),
      detail: { ok: true },
    });

    const key = (await call('POST', `/restaurant/${rid}/push-key`)).json().push_key;
    expect(await newest()).toMatchObject({ kind: 'restaurant.pushKeyRotated', targetId: String(rid) });

    expect((await call('PATCH', `/restaurant/delete/${rid}`, { isDeleted: true })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'restaurant.deleted', targetId: String(rid) });

    const ADMIN_PASSWORD = 'a-password-never-logged';
    const admin = await call('POST', '/user', {
      name: 'Audited',
      email: 'audited@example.com',
      password: ADMIN_PASSWORD,
      confirmPassword: ADMIN_PASSWORD,
      role: 'admin',
    });
    expect(admin.statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'admin.created',
      targetId: String(admin.json().id),
      targetLabel: 'audited@example.com',
    });
    expect((await call('PATCH', `/user/${admin.json().id}`, { isDeleted: true })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'admin.removed',
      targetId: String(admin.json().id),
      targetLabel: 'audited@example.com',
    });

    const [user] = await t.database.db
      .insert(appUsers)
      .values({ phone: '+966501112223' })
      .returning({ id: appUsers.id });
    expect((await call('DELETE', `/user/${user.id}`)).statusCode).toBe(200);
    // The phone is masked in the trail.
    expect(await newest()).toMatchObject({
      kind: 'appUser.deleted',
      targetId: String(user.id),
      targetLabel: '••••••••••223',
    });

    // No secret anywhere in the trail: POS tokens, the password, the push key.
    const everything = JSON.stringify(await t.database.db.select().from(activity));
    for (const secret of [POS_TOKEN, 'another-secret-token-456', ADMIN_PASSWORD, key, '+966501112223'])
      expect(everything).not.toContain(secret);
  });

  it("lifting a phone's lock is recorded (phone.unlocked) with the masked phone; a lift that finds nothing records nothing", async () => {
    const phone = '+966501112240';
    const [user] = await t.database.db.insert(appUsers).values({ phone }).returning({ id: appUsers.id });
    // Locked after a run of wrong codes, as server/db/phoneLock.ts leaves it.
    await t.database.db.insert(phoneGuards).values({ phone, failuresInRow: 50, lockedAt: new Date() });
    const lifted = await call('DELETE', `/user/${user.id}/lock`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    const trail = await t.database.db.select().from(activity).where(eq(activity.kind, 'phone.unlocked'));
    const mine = trail.filter((r) => r.targetId === String(user.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      adminId,
      adminEmail,
      targetType: 'appUser',
      targetLabel: '••••••••••240',
      detail: { wasLocked: true, addressesCleared: 0 },
      ip: ADDRESS,
    });
    expect(JSON.stringify(mine[0])).not.toContain('501112240');
    // Nothing left to lift: 409, and no second record.
    const again = await call('DELETE', `/user/${user.id}/lock`);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This number is not locked']);
    expect(
      (await t.database.db.select().from(activity).where(eq(activity.kind, 'phone.unlocked'))).filter(
        (r) => r.targetId === String(user.id),
      ),
    ).toHaveLength(1);
  });

  it('every CSV export is recorded: who, which list, which filters (never the ticket), how many rows', async () => {
    await t.database.db.insert(appUsers).values([{ phone: '+966501112231' }, { phone: '+966501112232' }]);
    /** The newest record of a kind, waited for (an export is recorded once its file has been streamed). */
    const recorded = async (kind: string, after: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [row] = await t.database.db
          .select()
          .from(activity)
          .where(eq(activity.kind, kind))
          .orderBy(desc(activity.id))
          .limit(1);
        if (row && row.id > after) return row;
        if (Date.now() > deadline) throw new Error(`no ${kind} recorded`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const last = (await newest())?.id ?? 0;
    const users = await call('GET', '/user/export.csv?q=50111223');
    expect(users.statusCode).toBe(200);
    expect(await recorded('export.downloaded', last)).toMatchObject({
      adminId,
      adminEmail,
      targetType: 'export',
      targetLabel: 'appUsers',
      detail: { list: 'appUsers', filters: { q: '50111223' }, rows: 2, complete: true },
      ip: ADDRESS,
    });

    const { ticket } = (await call('POST', '/export/ticket')).json();
    const before = (await newest()).id;
    const orders = await t.app.inject({
      method: 'GET',
      url: `/order/export.csv?restaurantId=${t.restaurantId}&from=2026-01-01&ticket=${ticket}`,
      remoteAddress: ADDRESS,
    });
    expect(orders.statusCode).toBe(200);
    const entry = await recorded('export.downloaded', before);
    expect(entry).toMatchObject({
      adminId,
      targetLabel: 'orders',
      detail: { list: 'orders', filters: { restaurantId: t.restaurantId, from: '2026-01-01' }, rows: 0 },
    });
    expect(JSON.stringify(entry)).not.toContain(ticket);

    const funnelBefore = (await newest()).id;
    expect((await call('GET', '/funnel/export.csv?days=7')).statusCode).toBe(200);
    expect(await recorded('export.downloaded', funnelBefore)).toMatchObject({
      targetLabel: 'funnel',
      detail: { list: 'funnel', filters: { days: 7 } },
    });
  });

  it('every admin sign-in and failed sign-in is recorded with the address and the e-mail tried, never the password', async () => {
    const PASSWORD = 'the-right-password-1';
    expect(
      (
        await call('POST', '/user', {
          name: 'Signer',
          email: 'signer@example.com',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          role: 'admin',
        })
      ).statusCode,
    ).toBe(200);
    const login = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/admin/login', remoteAddress: ADDRESS, payload: { email, password } });

    expect((await login('Signer@example.com', PASSWORD)).statusCode).toBe(200);
    const signedIn = await newest();
    expect(signedIn).toMatchObject({
      kind: 'admin.signedIn',
      adminEmail: 'signer@example.com',
      targetType: 'admin',
      targetLabel: 'signer@example.com',
      ip: ADDRESS,
    });
    expect(signedIn.adminId).toEqual(expect.any(Number));

    expect((await login('signer@example.com', 'a-wrong-password')).statusCode).toBe(401);
    expect(await newest()).toMatchObject({
      kind: 'admin.signInFailed',
      adminId: null,
      targetLabel: 'signer@example.com',
      detail: { email: 'signer@example.com' },
      ip: ADDRESS,
    });
    expect((await login('nobody@example.com', 'another-wrong-one')).statusCode).toBe(401);
    expect(await newest()).toMatchObject({
      kind: 'admin.signInFailed',
      targetId: null,
      detail: { email: 'nobody@example.com' },
      ip: ADDRESS,
    });
    const everything = JSON.stringify(await t.database.db.select().from(activity));
    for (const secret of [PASSWORD, 'a-wrong-password', 'another-wrong-one']) expect(everything).not.toContain(secret);
    // The Activity screen filters by the new kinds.
    const listed = await call('GET', '/admin/activity?kind=admin.signInFailed&page=1&perPage=10');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((a: { kind: string }) => a.kind)).toEqual(['admin.signInFailed', 'admin.signInFailed']);
  });

  it('a refused change (404) leaves no record', async () => {
    const before = (await t.database.db.select().from(activity)).length;
    expect((await call('PATCH', '/restaurant/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', '/restaurant/delete/999999', { isDeleted: true })).statusCode).toBe(404);
    expect((await call('DELETE', '/user/999999')).statusCode).toBe(404);
    expect((await call('PATCH', '/user/999999', { isDeleted: true })).statusCode).toBe(404);
    expect((await t.database.db.select().from(activity)).length).toBe(before);
  });

  it("a change whose commit fails after its record was written leaves neither (the record is in the change's transaction)", async () => {
    const [user] = await t.database.db
      .insert(appUsers)
      .values({ phone: '+966509998887' })
      .returning({ id: appUsers.id });
    const before = (await t.database.db.select().from(activity)).length;
    // The database refuses the commit of any transaction that wrote an 'appUser.deleted' record: a deferred
    // constraint trigger runs at COMMIT, after the route wrote both the deletion and its record.
    await t.database.db.execute(sql`
      create or replace function refuse_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`);
    await t.database.db.execute(sql`
      create constraint trigger refuse_app_user_deleted after insert on activity deferrable initially deferred
      for each row when (new.kind = 'appUser.deleted') execute function refuse_at_commit()`);
    try {
      const res = await call('DELETE', `/user/${user.id}`);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_app_user_deleted on activity`);
    }
    expect(await t.database.db.select().from(appUsers).where(eq(appUsers.id, user.id))).toHaveLength(1);
    expect((await t.database.db.select().from(activity)).length).toBe(before);
    // Without the refusal the same call deletes and records, so the 500 above was the commit's.
    expect((await call('DELETE', `/user/${user.id}`)).statusCode).toBe(200);
    expect((await newest()).kind).toBe('appUser.deleted');
  });

  it("recordActivity drops detail keys that name a secret, and takes no admin for a customer's own change", async () => {
    await recordActivity(t.database.db, {
      admin: null,
      kind: 'customer.dataDeleted',
      target: { type: 'appUser', id: 5 },
      detail: { token: 't', password: 'p', pushKey: 'k', orders: 3 },
    });
    expect(await newest()).toMatchObject({
      adminId: null,
      adminEmail: null,
      kind: 'customer.dataDeleted',
      detail: { orders: 3 },
    });
  });

  it('GET /admin/activity: newest first, paged with the total in X-Total-Count, filtered by admin and by kind', async () => {
    const other = await t.adminToken();
    for (let i = 0; i < 3; i++) await call('PATCH', `/restaurant/${t.restaurantId}`, { name_api: `edit ${i}` }, other);
    const otherId = Number(decodeJwt(other).sub);
    const all = await t.database.db.select().from(activity);

    const page1 = await call('GET', '/admin/activity?page=1&perPage=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe(String(all.length));
    const rows = page1.json();
    expect(rows).toHaveLength(2);
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
    expect(rows[0]).toMatchObject({ adminId: otherId, kind: 'restaurant.edited', detail: { fields: ['name_api'] } });
    expect(Date.parse(rows[0].at)).not.toBeNaN();
    const page2 = (await call('GET', '/admin/activity?page=2&perPage=2')).json();
    expect(page2[0].id).toBeLessThan(rows[1].id);

    const byOther = await call('GET', `/admin/activity?adminId=${otherId}`);
    expect(byOther.headers['x-total-count']).toBe('3');
    expect(byOther.json().every((r: { adminId: number }) => r.adminId === otherId)).toBe(true);

    // A restaurant of its own, renamed and deleted by the file's admin: the filters find it whatever ran before.
    const created = await call('POST', '/restaurant', {
      name: 'Filter Grill',
      logo: 'https://example.com/f.png',
      token: 'filter-pos-token-0001',
      branchs_token: 'filter-pos-token-0001',
      system_type: 'Specter',
    });
    const rid = String(created.json().id);
    expect((await call('PATCH', `/restaurant/${rid}`, { name: 'Filter Grill 2' })).statusCode).toBe(200);
    expect((await call('PATCH', `/restaurant/delete/${rid}`, { isDeleted: true })).statusCode).toBe(200);
    type Row = { kind: string; adminId: number; targetId: string; targetLabel: string };
    const deletions: Row[] = (await call('GET', '/admin/activity?kind=restaurant.deleted')).json();
    expect(deletions.every((r) => r.kind === 'restaurant.deleted')).toBe(true);
    expect(deletions[0]).toMatchObject({ kind: 'restaurant.deleted', targetId: rid });
    const both: Row[] = (await call('GET', `/admin/activity?kind=restaurant.edited&adminId=${adminId}`)).json();
    expect(both.every((r) => r.kind === 'restaurant.edited' && r.adminId === adminId)).toBe(true);
    expect(both[0]).toMatchObject({ targetId: rid, targetLabel: 'Filter Grill 2' });
    // The other admin's edits are not among them.
    expect(both.some((r) => r.adminId === otherId)).toBe(false);
  });

  it('GET /admin/activity refuses an unknown kind or a bad admin id with 400 {message}', async () => {
    for (const q of ['kind=nope', 'adminId=abc', 'adminId=-1', 'page=0', 'perPage=501']) {
      const res = await call('GET', `/admin/activity?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/^(kind|adminId|page|perPage): /);
    }
  });
});
