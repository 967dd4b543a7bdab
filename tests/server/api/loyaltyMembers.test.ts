// Loyalty members (issue 47), the declared resource /api/loyalty/members (src/contract/resources/members.ts), through
// the real app on PGlite and PostgreSQL, on receipts saved as add-order saves them: its role matrix derived from the
// declaration (a manager of A sees none of B's members, staff read), phones masked for staff, current members only,
// the search, the sort, the expiry date, the CSV, and an adjustment of a balance (admins and managers, with a
// reason, never below zero - also when twenty arrive at once -, the ledger's entry and the activity trail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, appUsers, loyaltyLedger, loyaltyMembers, loyaltyPrograms } from '../../../server/db/schema';
import { leaveProgram } from '../../../server/db/repositories/loyalty';
import { membersResource } from '../../../src/contract/resources';
import type { Role } from '../../../src/contract';
import { declaredLines, type Target } from '../helpers/declared';
import { loyaltyWorld, type LoyaltyWorld } from '../helpers/loyaltyWorld';

let w: LoyaltyWorld;
/** A phone of the test (+966 5011100xx, 13 characters) masked to its last 3 digits. */
const masked = (last: string) => `${'•'.repeat(10)}${last}`;
const ids: Record<string, number> = {};
const memberOf = async (phone: string, restaurantId: number) =>
  (
    await w.t.database.db
      .select({ id: loyaltyMembers.id })
      .from(loyaltyMembers)
      .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
      .where(and(eq(appUsers.phone, phone), eq(loyaltyMembers.restaurantId, restaurantId)))
  )[0].id;

beforeAll(async () => {
  w = await loyaltyWorld();
  const { db } = w.t.database;
  // Sara and Omar are members of A, Huda of B, Khalid was a member of A and withdrew his yes; Nour saved without it.
  await w.save('+966501110001', w.restA, 120, { consent: true });
  await w.save('+966501110002', w.restA, 40, { consent: true });
  await w.save('+966501110003', w.restB, 75, { consent: true });
  await w.save('+966501110004', w.restA, 60, { consent: true });
  await w.save('+966501110005', w.restA, 30);
  await db.update(appUsers).set({ firstName: 'Sara', lastName: 'Saleh' }).where(eq(appUsers.phone, '+966501110001'));
  await db.update(appUsers).set({ firstName: 'Omar', lastName: 'Fahad' }).where(eq(appUsers.phone, '+966501110002'));
  await db.update(appUsers).set({ firstName: 'Huda' }).where(eq(appUsers.phone, '+966501110003'));
  await db.transaction((tx) => leaveProgram(tx, '+966501110004', w.restA));
  ids.sara = await memberOf('+966501110001', w.restA);
  ids.omar = await memberOf('+966501110002', w.restA);
  ids.huda = await memberOf('+966501110003', w.restB);
  ids.khalid = await memberOf('+966501110004', w.restA);
});
afterAll(() => w?.close());

type Row = { id: number; name: string | null; phone: string; balance: number; restaurant_id: number };
const list = async (role: Role, query = '') => {
  const res = await w.as(role, { method: 'GET', url: `/api/loyalty/members?page=1&perPage=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row[];
};
const adjust = (role: Role, id: number, payload: object) =>
  w.as(role, { method: 'POST', url: `/api/loyalty/members/${id}/adjust`, payload });

describe('members: the role matrix derived from the declaration', () => {
  const lines = declaredLines(
    { app: () => w.t.app, admin: () => w.world.admin(), restA: () => w.restA, restB: () => w.restB },
    [membersResource],
  );

  it('has the list and read-one lines (members are made by saves, never by this API)', () => {
    expect(Object.keys(lines).sort()).toEqual(['GET /api/loyalty/members', 'GET /api/loyalty/members/{id}']);
  });

  for (const [name, line] of Object.entries(lines))
    describe(name, () => {
      for (const role of ['admin', 'manager', 'staff'] as Role[])
        (['own', 'other', 'none'] as Target[]).forEach((target, i) => {
          const expected = line[role][i];
          if (expected === null) return;
          it(`${role}, ${target} restaurant: ${expected}`, async () => {
            expect(line.applies?.()).toBe(true);
            const res = await w.as(role, await line.req(role, target));
            expect(res.statusCode, res.body).toBe(expected);
            if (expected < 300) line.check?.(res, role, target);
          });
        });
    });
});

describe('members: what the resource holds', () => {
  it('current members only, with balance, lifetime points and dates; phones masked for staff alone', async () => {
    const admin = await list('admin');
    expect(admin.map((m) => m.id).sort()).toEqual([ids.sara, ids.omar, ids.huda].sort());
    const sara = admin.find((m) => m.id === ids.sara)!;
    expect(sara).toMatchObject({
      restaurant_id: w.restA,
      restaurant: 'Alpha Grill',
      name: 'Sara Saleh',
      phone: '+966501110001',
      balance: 120,
      lifetime_points: 120,
      expires_at: null,
    });
    expect(Date.parse((sara as unknown as { last_activity_at: string }).last_activity_at)).not.toBeNaN();
    const manager = await list('manager');
    expect(manager.map((m) => m.id).sort()).toEqual([ids.sara, ids.omar].sort());
    expect(manager.find((m) => m.id === ids.sara)!.phone).toBe('+966501110001');
    const staff = await list('staff');
    expect(staff.map((m) => m.phone).sort()).toEqual([masked('001'), masked('002')]);
    const one = await w.as('staff', { method: 'GET', url: `/api/loyalty/members/${ids.sara}` });
    expect(one.json().phone).not.toContain('50111');
    // The member who left is nobody's to see, even by its id.
    expect((await w.as('admin', { method: 'GET', url: `/api/loyalty/members/${ids.khalid}` })).statusCode).toBe(404);
  });

  it('the expiry date: last activity plus the program days while it runs with an expiry', async () => {
    await w.t.database.db
      .update(loyaltyPrograms)
      .set({ expiryDays: 90 })
      .where(eq(loyaltyPrograms.restaurantId, w.restA));
    // Written past the app: its answer memory is told, as a write through it would.
    w.t.app.answers.changed(['loyalty']);
    const sara = (await list('admin')).find((m) => m.id === ids.sara) as unknown as {
      last_activity_at: string;
      expires_at: string;
    };
    expect(Date.parse(sara.expires_at) - Date.parse(sara.last_activity_at)).toBe(90 * 86_400_000);
    await w.t.database.db
      .update(loyaltyPrograms)
      .set({ expiryDays: 0 })
      .where(eq(loyaltyPrograms.restaurantId, w.restA));
    w.t.app.answers.changed(['loyalty']);
  });

  it('searches by name or phone (a local 05... too), sorts by balance, refuses a search no index answers', async () => {
    expect((await list('admin', '&q=sara')).map((m) => m.id)).toEqual([ids.sara]);
    expect((await list('admin', '&q=Omar%20Fahad')).map((m) => m.id)).toEqual([ids.omar]);
    expect((await list('admin', '&q=SALEH')).map((m) => m.id)).toEqual([ids.sara]);
    expect((await list('admin', '&q=0501110003')).map((m) => m.id)).toEqual([ids.huda]);
    expect((await list('admin', '&q=110002')).map((m) => m.id)).toEqual([ids.omar]);
    // A local form is looked up by its national digits ("110", in every phone here) and checked whole: 0110 is
    // +966110..., which no member's phone is.
    expect(await list('admin', '&q=0110')).toEqual([]);
    expect((await list('admin', '&q=1')).length).toBe(3);
    expect((await list('manager', '&q=huda')).length).toBe(0);
    const short = await w.as('admin', { method: 'GET', url: '/api/loyalty/members?page=1&q=ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^q: /);
    const up = (await list('admin', '&sort=balance&order=ASC')).map((m) => m.balance);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await list('admin', '&sort=balance&order=DESC')).map((m) => m.balance);
    expect(down).toEqual([...up].reverse());
    expect((await list('admin', `&restaurantId=${w.restB}`)).map((m) => m.id)).toEqual([ids.huda]);
    // Always paged: a million members never come as one answer.
    const bare = await w.as('admin', { method: 'GET', url: '/api/loyalty/members' });
    expect(bare.headers['x-total-count']).toBe('3');
  });

  it("the search reads the member row's copy of its app user (migration 0027): made with the row, following a change", async () => {
    const { db } = w.t.database;
    const rename = async (firstName: string, lastName: string | null) => {
      await db.update(appUsers).set({ firstName, lastName }).where(eq(appUsers.phone, '+966501110003'));
      w.t.app.answers.changed(['loyalty']); // written past the app, as the test above
    };
    try {
      await rename('Hind', 'Qahtani');
      expect((await list('admin', '&q=qahtani')).map((m) => m.id)).toEqual([ids.huda]);
      expect((await list('admin', '&q=Hind%20Qahtani')).map((m) => m.id)).toEqual([ids.huda]);
      expect(await list('admin', '&q=huda')).toEqual([]);
      // A word never spans two fields: "Hind Qahtani" holds no "dqa".
      expect(await list('admin', '&q=dqa')).toEqual([]);
    } finally {
      await rename('Huda', null);
    }
    expect((await list('admin', '&q=huda')).map((m) => m.id)).toEqual([ids.huda]);
    // A row made for an app user who already has a name copies it at once (rolled back: the list stays as it is).
    let made = '';
    const rolledBack = await db
      .transaction(async (tx) => {
        const [sara] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.phone, '+966501110001'));
        const [row] = await tx
          .insert(loyaltyMembers)
          .values({ restaurantId: w.restB, appUserId: sara.id })
          .returning({ search: loyaltyMembers.search });
        made = row.search;
        tx.rollback();
      })
      .catch((e: unknown) => e);
    expect(rolledBack).toBeInstanceOf(Error);
    expect(made).toBe('+966501110001 sara saleh');
  });

  it('the CSV: readable headers, the restaurant named, local dates in columns, phones as text; staff export nothing', async () => {
    const res = await w.as('manager', { method: 'GET', url: '/api/loyalty/members/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,restaurant,name,phone,balance,lifetime points,last activity date,last activity time,joined date,joined time,expiry date',
    );
    expect(lines).toHaveLength(3);
    const sara = lines.find((l) => l.includes('Sara Saleh'))!;
    expect(sara).toMatch(
      /^\d+,Alpha Grill,Sara Saleh,"=""\+966501110001""",\d+,120,\d{4}-\d{2}-\d{2},\d{2}:\d{2}:\d{2},/,
    );
    expect((await w.as('staff', { method: 'GET', url: '/api/loyalty/members/export.csv' })).statusCode).toBe(403);
  });
});

describe('members: adjusting a balance', () => {
  it('a manager adds points with a reason: the balance, the ledger entry with the account and reason, the trail', async () => {
    const res = await adjust('manager', ids.omar, { points: 15, reason: 'Points missing from a receipt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.omar, balance: 55, lifetime_points: 55 });
    const [entry] = await w.t.database.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.memberId, ids.omar), eq(loyaltyLedger.kind, 'adjust')));
    expect(entry).toMatchObject({ points: 15, balanceAfter: 55, reason: 'Points missing from a receipt' });
    expect(entry.adminId).toEqual(expect.any(Number));
    const [trail] = await w.t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'loyalty.balanceAdjusted'), eq(activity.targetId, String(ids.omar))));
    expect(trail).toMatchObject({ targetType: 'member', targetLabel: masked('002') });
    expect(trail.detail).toMatchObject({ restaurantId: w.restA, points: 15, reason: 'Points missing from a receipt' });
    // Taken back by hand: the lifetime points stay.
    expect((await adjust('admin', ids.omar, { points: -5, reason: 'Typo' })).json()).toMatchObject({
      balance: 50,
      lifetime_points: 55,
    });
  });

  it('never below zero (a 400 naming the field, nothing written); staff may not, another restaurant is not there', async () => {
    const before = await w.t.database.db.select().from(loyaltyLedger);
    const under = await adjust('manager', ids.sara, { points: -121, reason: 'Too much' });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toEqual({ message: 'points: the balance cannot go below zero' });
    expect((await adjust('staff', ids.sara, { points: 1, reason: 'x' })).statusCode).toBe(403);
    expect((await adjust('manager', ids.huda, { points: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await adjust('admin', ids.khalid, { points: 1, reason: 'x' })).statusCode).toBe(404);
    for (const [body, field] of [
      [{ points: 0, reason: 'x' }, /^points: must not be 0/],
      [{ points: 1.5, reason: 'x' }, /^points: must be a whole number/],
      [{ points: 1 }, /^reason: /],
      [{ points: 1, reason: '   ' }, /^reason: is required/],
      [{ points: 'ten', reason: 'x' }, /^points: /],
    ] as const) {
      const res = await adjust('admin', ids.sara, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(field);
    }
    expect(await w.t.database.db.select().from(loyaltyLedger)).toHaveLength(before.length);
  });

  it('twenty takings of 10 at once from a balance of 75: exactly seven pass, the balance never below zero', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adjust('admin', ids.huda, { points: -10, reason: `take ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(7);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(13);
    const [m] = await w.t.database.db.select().from(loyaltyMembers).where(eq(loyaltyMembers.id, ids.huda));
    expect(m.balance).toBe(5);
    const entries = await w.t.database.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.memberId, ids.huda), eq(loyaltyLedger.kind, 'adjust')));
    expect(entries).toHaveLength(7);
    expect(Math.min(...entries.map((e) => e.balanceAfter))).toBe(5);
  });
});
