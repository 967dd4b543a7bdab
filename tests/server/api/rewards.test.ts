// Rewards (issue 47), the declared resource /api/rewards (src/contract/resources/rewards.ts), through the real app on
// PGlite and PostgreSQL: its role matrix derived from the declaration (admin every restaurant, a manager of A none
// of B's - a reward posted for B refused -, staff read-only), the activity trail of every write, a code unique per
// restaurant in any case and never reused, the search and filters, and the rules a reward keeps when edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, loyaltyRewards } from '../../../server/db/schema';
import { rewardsResource } from '../../../src/contract/resources';
import type { Role } from '../../../src/contract';
import { declaredLines, type Target } from '../helpers/declared';
import { loyaltyWorld, type LoyaltyWorld } from '../helpers/loyaltyWorld';

let w: LoyaltyWorld;
beforeAll(async () => {
  w = await loyaltyWorld();
});
afterAll(() => w?.close());

const reward = (restaurantId: number, extra: Record<string, unknown> = {}) => ({
  code: 'COFFEE',
  restaurant_id: restaurantId,
  name_en: 'Free coffee',
  name_ar: 'قهوة مجانية',
  cost: 40,
  kind: 'amount',
  value: 12,
  ...extra,
});
const post = (role: Role, body: object) => w.as(role, { method: 'POST', url: '/api/rewards', payload: body });
const patch = (role: Role, id: number, body: object) =>
  w.as(role, { method: 'PATCH', url: `/api/rewards/${id}`, payload: body });

describe('rewards: the role matrix derived from the declaration', () => {
  const lines = declaredLines(
    {
      app: () => w.t.app,
      admin: () => w.world.admin(),
      restA: () => w.restA,
      restB: () => w.restB,
    },
    [rewardsResource],
  );

  it('has a line for each of list, show, create, edit and delete', () => {
    expect(Object.keys(lines).sort()).toEqual([
      'DELETE /api/rewards/{id}',
      'GET /api/rewards',
      'GET /api/rewards/{id}',
      'PATCH /api/rewards/{id}',
      'POST /api/rewards',
    ]);
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
            else expect(res.json()).toEqual({ message: expect.any(String) });
          });
        });
    });
});

describe('rewards: what the resource holds', () => {
  it('records every write in the activity trail, in its transaction, labelled with the code', async () => {
    const made = await post('manager', reward(w.restA, { code: 'TRAIL' }));
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as number;
    expect((await patch('manager', id, { cost: 45, active: false })).json()).toMatchObject({ cost: 45, active: false });
    expect((await w.as('manager', { method: 'DELETE', url: `/api/rewards/${id}` })).json()).toEqual({
      message: 'The reward has been deleted',
    });
    const trail = await w.t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.targetType, 'reward'), eq(activity.targetId, String(id))))
      .orderBy(activity.id);
    expect(trail.map((a) => [a.kind, a.targetLabel, a.detail])).toEqual([
      ['loyalty.rewardCreated', 'TRAIL', { restaurantId: w.restA }],
      ['loyalty.rewardChanged', 'TRAIL', { fields: ['cost', 'active'] }],
      ['loyalty.rewardDeleted', 'TRAIL', null],
    ]);
    // Staff may not write at all, and a refused write records nothing.
    const before = (await w.t.database.db.select().from(activity)).length;
    expect((await post('staff', reward(w.restA, { code: 'STAFF' }))).statusCode).toBe(403);
    expect((await post('manager', reward(w.restB, { code: 'THEIRS' }))).statusCode).toBe(404);
    expect((await w.t.database.db.select().from(activity)).length).toBe(before);
  });

  it('a code is unique per restaurant whatever its case, never reused after a delete; another restaurant may use it', async () => {
    const first = (await post('admin', reward(w.restA, { code: 'Karak-1' }))).json();
    const again = await post('admin', reward(w.restA, { code: 'KARAK-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^code: .*never reused/);
    expect((await w.as('admin', { method: 'DELETE', url: `/api/rewards/${first.id}` })).statusCode).toBe(200);
    expect((await post('admin', reward(w.restA, { code: 'karak-1' }))).statusCode).toBe(409);
    expect((await post('admin', reward(w.restB, { code: 'karak-1' }))).statusCode).toBe(200);
    // The deleted one is gone from the list and its address, but its row (and code) stays.
    expect((await w.as('admin', { method: 'GET', url: `/api/rewards/${first.id}` })).statusCode).toBe(404);
    const [kept] = await w.t.database.db.select().from(loyaltyRewards).where(eq(loyaltyRewards.id, first.id));
    expect(kept.deletedAt).not.toBeNull();
    // A code and a restaurant are not edited (an edit body naming them is refused).
    const other = (await post('admin', reward(w.restA, { code: 'FIXED' }))).json();
    const moved = await patch('admin', other.id, { code: 'MOVED' });
    expect(moved.statusCode).toBe(400);
  });

  it('searches by name in either language or by code; filters by restaurant and by on offer', async () => {
    await post('admin', reward(w.restA, { code: 'SAFFRON', name_en: 'Saffron tea', name_ar: 'شاي الزعفران', cost: 7 }));
    await post('admin', reward(w.restA, { code: 'DATES', name_en: 'Dates plate', name_ar: 'طبق تمر', active: false }));
    await post('admin', reward(w.restB, { code: 'SAFFRON', name_en: 'Saffron tea', name_ar: 'شاي الزعفران' }));
    const list = async (query: string, role: Role = 'admin') => {
      const res = await w.as(role, { method: 'GET', url: `/api/rewards?page=1&perPage=100&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { code: string; restaurant_id: number; active: boolean; cost: number }[];
    };
    expect((await list('q=saffron')).map((r) => r.restaurant_id).sort()).toEqual([w.restA, w.restB].sort());
    expect((await list('q=الزعفران')).length).toBe(2);
    expect((await list('q=dates')).map((r) => r.code)).toEqual(['DATES']);
    expect((await list(`q=saffron&restaurantId=${w.restB}`)).map((r) => r.restaurant_id)).toEqual([w.restB]);
    expect((await list('active=false')).every((r) => !r.active)).toBe(true);
    expect((await list('active=false')).map((r) => r.code)).toContain('DATES');
    expect((await list('active=true')).every((r) => r.active)).toBe(true);
    // Cheapest first by default; a manager's and staff's lists hold their restaurant's rewards only.
    const costs = (await list(`restaurantId=${w.restA}`)).map((r) => r.cost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    for (const role of ['manager', 'staff'] as Role[])
      expect((await list('q=saffron', role)).map((r) => r.restaurant_id)).toEqual([w.restA]);
    expect((await w.as('admin', { method: 'GET', url: '/api/rewards?page=1&active=maybe' })).statusCode).toBe(400);
  });

  it('bad input: a 400 naming the field; an edit keeps the rules of a new reward', async () => {
    const bad = async (body: object, message: RegExp) => {
      const res = await post('admin', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad(reward(w.restA, { code: 'NEG', cost: -5 }), /^cost: must be at least 1/);
    await bad(reward(w.restA, { code: 'PCT', kind: 'percent', value: 150, max_discount: 20 }), /^value: /);
    await bad(reward(w.restA, { code: 'CAP', kind: 'percent', value: 10 }), /^max_discount: /);
    await bad(reward(w.restA, { code: 'P0', kind: 'products', value: 1 }), /^product_ids: /);
    await bad(reward(w.restA, { code: 'bad code!' }), /^code: /);
    await bad(reward(w.restA, { code: 'NUM', value: 'ten' }), /^value: /);
    const pct = (
      await post('admin', reward(w.restA, { code: 'PCT-OK', kind: 'percent', value: 10, max_discount: 20 }))
    ).json();
    const over = await patch('admin', pct.id, { value: 150 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('value: a percent must be at most 100');
    const amount = (await post('admin', reward(w.restA, { code: 'AMT' }))).json();
    // An amount reward turned into a percent one needs its cap.
    expect((await patch('admin', amount.id, { kind: 'percent', value: 10 })).json().message).toMatch(/^max_discount: /);
    expect((await patch('admin', amount.id, { kind: 'percent', value: 10, max_discount: 15 })).json()).toMatchObject({
      kind: 'percent',
      value: 10,
      max_discount: 15,
    });
  });
});
