import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { appUsers } from '../../../server/db/schema';
import { appUsersIndexedSearch } from '../../../server/db/repositories/appUsers';
import type { Tx } from '../../../server/db/audit';

describe('app users: GET /user, DELETE /user/{id}', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    await t.database.db.insert(appUsers).values([
      {
        firstName: 'Nora',
        lastName: 'Saleh',
        phone: '+966500000001',
        gender: 'female',
        birthDate: '1990-04-02',
        createdAt: new Date('2026-01-01T10:00:00Z'),
      },
      { firstName: 'Fahad', lastName: null, phone: '+966500000002', createdAt: new Date('2026-02-01T10:00:00Z') },
      { phone: '+201000000003', createdAt: new Date('2026-03-01T10:00:00Z') },
    ]);
  });
  afterAll(() => t.close());

  /** The plan of a search's filter, in a transaction rolled back (after `prepare`), with sequential scans off. */
  async function planOf(where: ReturnType<typeof appUsersIndexedSearch>, prepare?: (tx: Tx) => Promise<unknown>) {
    let plan: string[] = [];
    await t.database.db
      .transaction(async (tx) => {
        await prepare?.(tx);
        await tx.execute(sql`ANALYZE app_users`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const rows = await tx.execute(sql`EXPLAIN SELECT 1 FROM app_users WHERE ${where}`);
        plan = (rows as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);
        tx.rollback();
      })
      .catch((e: unknown) => (e instanceof TransactionRollbackError ? undefined : Promise.reject(e)));
    return plan;
  }

  it('answers a bare array with the fields of docs/API.md, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBeUndefined();
    const users = res.json();
    expect(users.map((u: { phone: string }) => u.phone)).toEqual(['+201000000003', '+966500000002', '+966500000001']);
    expect(Object.keys(users[2]).sort()).toEqual([
      'birthDate',
      'createdAt',
      'firstName',
      'gender',
      'id',
      'lastLogin',
      'lastName',
      'lockedUntil',
      'phone',
      'updatedAt',
    ]);
    expect(users[2]).toMatchObject({
      firstName: 'Nora',
      lastName: 'Saleh',
      birthDate: '1990-04-02',
      gender: 'female',
      lastLogin: null,
    });
    expect(users[2].createdAt).toBe('2026-01-01T10:00:00.000Z');
  });

  it('searches first name, last name, full name and phone, paged with a total', async () => {
    const get = (qs: string) => t.app.inject({ method: 'GET', url: `/user?${qs}`, headers: auth });
    expect((await get('q=nora')).json().map((u: { firstName: string | null }) => u.firstName)).toEqual(['Nora']);
    expect((await get('q=nora%20sal')).json().map((u: { firstName: string | null }) => u.firstName)).toEqual(['Nora']);
    expect((await get('q=0000002')).json().map((u: { firstName: string | null }) => u.firstName)).toEqual(['Fahad']);
    const page = await get('page=2&perPage=2&sort=createdAt&order=DESC');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((u: { firstName: string | null }) => u.firstName)).toEqual(['Nora']);
    expect((await get('perPage=501')).statusCode).toBe(400);
    expect((await get('order=sideways')).statusCode).toBe(400);
  });

  it('finds a phone typed in its local form (issue 30): 0551234567, 551234567, 0551, 00966..., and its CSV', async () => {
    await t.database.db.insert(appUsers).values({ firstName: 'Local', phone: '+966551234567' });
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/user?q=${encodeURIComponent(q)}`, headers: auth });
    for (const q of ['0551234567', '551234567', '055 123 4567', '0551', '00966551234567', '+966551234567']) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().map((u: { phone: string }) => u.phone),
        q,
      ).toEqual(['+966551234567']);
    }
    // The digits as typed still count: a run of zeros inside a phone is not read as a local form only.
    expect((await get('0000002')).json().map((u: { phone: string }) => u.phone)).toEqual(['+966500000002']);
    const csv = await t.app.inject({ method: 'GET', url: '/user/export.csv?q=0551234567', headers: auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('+966551234567');
    expect(csv.body).not.toContain('+966500000001');
    await t.database.db.delete(appUsers).where(sql`${appUsers.phone} = '+966551234567'`);
  });

  it("answers a local form from the phone's trigram index, not a sequential scan", async () => {
    // 5,000 phones, counted by ANALYZE, in a transaction that is rolled back.
    const plan = await planOf(appUsersIndexedSearch('0551234567', 'SA'), async (tx) => {
      await tx.execute(
        sql`INSERT INTO app_users (phone) SELECT '+96658' || lpad(g::text, 7, '0') FROM generate_series(1, 5000) g`,
      );
      await tx.execute(sql`SELECT gin_clean_pending_list('app_users_phone_trgm')`);
    });
    expect(plan.join('\n')).toContain('app_users_phone_trgm');
    expect(plan.join('\n')).not.toContain('Seq Scan');
  });

  it("a name is searched on the app user's search column (migration 0030): its trigram index, in any case, after a rename", async () => {
    const [row] = await t.database.db
      .insert(appUsers)
      .values({ firstName: 'Quintessa', lastName: 'Al-Amri', phone: '+966500000077' })
      .returning();
    const ids = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/user?q=${encodeURIComponent(q)}`, headers: auth }))
        .json()
        .map((u: { id: number }) => u.id);
    try {
      expect(await ids('QUINT')).toEqual([row.id]);
      expect(await ids('quintessa al-amri')).toEqual([row.id]);
      // Each word within one of the fields.
      expect(await ids('essa al')).toEqual([row.id]);
      expect(await ids('sa al-a')).toEqual([row.id]);
      await t.database.db
        .update(appUsers)
        .set({ firstName: 'Rowena' })
        .where(sql`${appUsers.id} = ${row.id}`);
      expect(await ids('quint')).toEqual([]);
      expect(await ids('rowen')).toEqual([row.id]);
      const plan = await planOf(appUsersIndexedSearch('rowena', 'SA'));
      expect(plan.join('\n')).toContain('app_users_search_trgm');
    } finally {
      await t.database.db.delete(appUsers).where(sql`${appUsers.id} = ${row.id}`);
    }
  });

  it('deletes an app user, then 404', async () => {
    const [row] = await t.database.db.insert(appUsers).values({ phone: '+966500000099' }).returning();
    const del = await t.app.inject({ method: 'DELETE', url: `/user/${row.id}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/user?q=0000099', headers: auth })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/user/${row.id}`, headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/user/-1', headers: auth })).statusCode).toBe(400);
  });

  it('needs an admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/user' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/user/1' })).statusCode).toBe(401);
  });
});
