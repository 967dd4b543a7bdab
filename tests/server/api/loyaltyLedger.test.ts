// The loyalty ledger (issue 47), the declared resource /api/loyalty/ledger (src/contract/resources/ledger.ts), through
// the real app on PGlite and PostgreSQL: its role matrix derived from the declaration (a manager of A reads none of
// B's entries, staff read with phones masked, nobody writes), newest first, the filters by member, restaurant, kind
// and dates (business days in FUNNEL_TIME_ZONE), an adjustment's account and reason, and the CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appUsers, loyaltyLedger, loyaltyMembers } from '../../../server/db/schema';
import { ledgerResource } from '../../../src/contract/resources';
import type { Role } from '../../../src/contract';
import { declaredLines, type Target } from '../helpers/declared';
import { loyaltyWorld, type LoyaltyWorld } from '../helpers/loyaltyWorld';

let w: LoyaltyWorld;
let sara = 0;
/** The UTC date n days ago. */
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
beforeAll(async () => {
  w = await loyaltyWorld();
  await w.save('+966502220001', w.restA, 100, { consent: true });
  await w.save('+966502220001', w.restA, 20);
  await w.save('+966502220002', w.restA, 50, { consent: true });
  await w.save('+966502220003', w.restB, 70, { consent: true });
  [{ id: sara }] = await w.t.database.db
    .select({ id: loyaltyMembers.id })
    .from(loyaltyMembers)
    .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
    .where(eq(appUsers.phone, '+966502220001'));
  const adjusted = await w.as('manager', {
    method: 'POST',
    url: `/api/loyalty/members/${sara}/adjust`,
    payload: { points: -30, reason: 'Wrong receipt' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  // An entry written yesterday in Riyadh (21:30 UTC two days ago is 00:30 yesterday there): the last written, so the
  // newest by id, though the oldest by time.
  await w.t.database.db.insert(loyaltyLedger).values({
    memberId: sara,
    restaurantId: w.restA,
    kind: 'adjust',
    points: 1,
    balanceAfter: 91,
    reason: 'late',
    createdAt: new Date(`${day(2)}T21:30:00Z`),
  });
  w.t.app.answers.changed(['loyalty']);
});
afterAll(() => w?.close());

type Entry = {
  id: number;
  kind: string;
  points: number;
  balance_after: number;
  restaurant_id: number;
  member_id: number;
  phone: string;
  order_number: string | null;
  admin: string | null;
  reason: string | null;
};
const list = async (role: Role, query = '') => {
  const res = await w.as(role, { method: 'GET', url: `/api/loyalty/ledger?page=1&perPage=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};

describe('ledger: the role matrix derived from the declaration', () => {
  const lines = declaredLines(
    { app: () => w.t.app, admin: () => w.world.admin(), restA: () => w.restA, restB: () => w.restB },
    [ledgerResource],
  );

  it('has the list line alone: the ledger is written by movements, never through this API', () => {
    expect(Object.keys(lines)).toEqual(['GET /api/loyalty/ledger']);
  });

  for (const [name, line] of Object.entries(lines))
    describe(name, () => {
      for (const role of ['admin', 'manager', 'staff'] as Role[])
        (['own', 'other', 'none'] as Target[]).forEach((target, i) => {
          const expected = line[role][i];
          if (expected === null) return;
          it(`${role}, ${target} restaurant: ${expected}`, async () => {
            const res = await w.as(role, await line.req(role, target));
            expect(res.statusCode, res.body).toBe(expected);
            if (expected < 300) line.check?.(res, role, target);
          });
        });
    });

  it('nothing writes the ledger through the API', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await w.as('admin', { method, url: '/api/loyalty/ledger/1', payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('ledger: what the resource holds', () => {
  it('newest first: every movement with its receipt, balance after, and an adjustment with its account and reason', async () => {
    const all = await list('admin');
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const mine = all.filter((e) => e.member_id === sara);
    expect(mine.map((e) => [e.kind, e.points, e.balance_after])).toEqual([
      ['adjust', 1, 91],
      ['adjust', -30, 90],
      ['earn', 20, 120],
      ['earn', 100, 100],
    ]);
    expect(mine[1]).toMatchObject({
      reason: 'Wrong receipt',
      admin: expect.stringMatching(/^manager-.*@example\.com$/),
    });
    expect(mine[2].order_number).toMatch(/^L\d+$/);
    expect(mine[2].phone).toBe('+966502220001');
    // Staff see who, masked; a manager sees their restaurant's entries only.
    expect((await list('staff')).every((e) => e.phone.startsWith('•'))).toBe(true);
    expect((await list('manager')).every((e) => e.restaurant_id === w.restA)).toBe(true);
    expect((await list('manager')).length).toBe(5);
    // The total is exact without a member or dates (the kept rows' count: the last page is read from the end).
    const paged = await w.as('admin', { method: 'GET', url: '/api/loyalty/ledger?page=2&perPage=2' });
    expect(paged.headers['x-total-count']).toBe(String(all.length));
    expect(paged.headers['x-total-exact']).toBeUndefined();
    expect(paged.json().map((e: Entry) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const restaurantA = await w.as('staff', { method: 'GET', url: `/api/loyalty/ledger?page=1&perPage=1&kind=earn` });
    expect(restaurantA.headers['x-total-count']).toBe('3');
  });

  it('filters by member, restaurant, kind and dates (business days), together', async () => {
    expect((await list('admin', `&memberId=${sara}`)).length).toBe(4);
    expect((await list('admin', `&restaurantId=${w.restB}`)).map((e) => e.points)).toEqual([70]);
    expect((await list('admin', '&kind=adjust')).map((e) => e.member_id)).toEqual([sara, sara]);
    expect((await list('admin', `&kind=earn&restaurantId=${w.restA}`)).length).toBe(3);
    const yesterday = await list('admin', `&from=${day(1)}&to=${day(1)}`);
    expect(yesterday.map((e) => e.reason)).toEqual(['late']);
    expect((await list('admin', `&from=${day(0)}`)).some((e) => e.reason === 'late')).toBe(false);
    expect((await list('admin', `&to=${day(1)}&memberId=${sara}`)).length).toBe(1);
    const bad = await w.as('admin', { method: 'GET', url: '/api/loyalty/ledger?page=1&kind=gift' });
    expect(bad.statusCode).toBe(400);
    expect((await w.as('admin', { method: 'GET', url: '/api/loyalty/ledger?page=1&from=22-11-2026' })).statusCode).toBe(
      400,
    );
  });

  it('the CSV: readable headers, the local date and time, ids and phones as text; staff export nothing', async () => {
    const res = await w.as('admin', { method: 'GET', url: `/api/loyalty/ledger/export.csv?memberId=${sara}` });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,date,time,restaurant,member id,name,phone,kind,points,balance after,order number,POS order id,reward code,branch id,cashier id,adjusted by,reason',
    );
    // Oldest first, as entries are written.
    expect(lines.slice(1).map((l) => l.split(',')[7])).toEqual(['earn', 'earn', 'adjust', 'adjust']);
    expect(lines[1]).toMatch(
      /^\d+,\d{4}-\d{2}-\d{2},\d{2}:\d{2}:\d{2},Alpha Grill,\d+,,"=""\+966502220001""",earn,100,100,L\d+,/,
    );
    expect((await w.as('staff', { method: 'GET', url: '/api/loyalty/ledger/export.csv' })).statusCode).toBe(403);
    const adjusts = await w.t.database.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.memberId, sara), eq(loyaltyLedger.kind, 'adjust')));
    expect(adjusts).toHaveLength(2);
  });
});
