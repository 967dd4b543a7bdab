// The Specter POS push (POST /pos/specter/orders) and the Specter adapter: a restaurant's own push key
// pushes an order that the invoice page then reads through last-order; a wrong key, another restaurant's
// key, an admin's token or no key are refused; the global POS_PUSH_SECRET works only while configured;
// rotating a key retires the old one; the key is shown once and never listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { posOrders, restaurants } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

const GLOBAL = 'global-push-secret-0123456789-abcdef';

const order = (restaurantId: number, id: string, device = 'till-1', total = 57.5) => ({
  restaurantId,
  order_id: id,
  branch: { id: 'b-1', name: 'Olaya' },
  device: { id: device, name: 'Front till' },
  invoice: {
    order_number: `N-${id}`,
    check_number: '77',
    branch_name: 'Olaya',
    order_date: '2026-11-23',
    order_time: '13:05',
    payment_method: 'Cash',
    sub_total_price: 50,
    discount_amount: 0,
    total_price: total,
    currency: 'SAR',
    order_items: [{ item_name: 'Kabsa', item_quantity: 1, total_price: 50 }],
  },
});

for (const withGlobal of [false, true]) {
  describe(`Specter POS push, ${withGlobal ? 'with' : 'without'} the global POS_PUSH_SECRET fallback`, () => {
    let t: TestApp;
    let admin: string;
    let mine: number;
    let theirs: number;
    let foodics: number;
    let myKey: string;
    let theirKey: string;

    const make = async (name: string, systemType = 'Specter') =>
      (
        await t.database.db
          .insert(restaurants)
          .values({ name, logo: 'https://example.com/l.png', token: 't', branchsToken: 't', systemType })
          .returning({ id: restaurants.id })
      )[0].id;
    const rotate = async (id: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/restaurant/${id}/push-key`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json().push_key as string;
    };

    beforeAll(async () => {
      t = await createTestApp(
        withGlobal ? { POS_PUSH_SECRET: GLOBAL, FOODICS_CACHE_MS: '0' } : { FOODICS_CACHE_MS: '0' },
      );
      admin = await t.adminToken();
      [mine, theirs, foodics] = [await make('Mine'), await make('Theirs'), await make('Foodics one', 'Foodics')];
      myKey = await rotate(mine);
      theirKey = await rotate(theirs);
    });
    afterAll(() => t.close());

    const push = (body: object, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pos/specter/orders',
        payload: body,
        headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
      });
    const lastOrder = (restaurantId: number, device = 'till-1') =>
      t.app.inject({
        method: 'GET',
        url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${device}`,
      });

    it("the restaurant's own key pushes an order; last-order reads it back with the restaurant's name and logo", async () => {
      const res = await push(order(mine, 'o-1'), myKey);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Order received' });
      const inv = await lastOrder(mine);
      expect(inv.statusCode).toBe(200);
      expect(inv.json()).toMatchObject({
        order_number: 'N-o-1',
        total_price: 57.5,
        restaurant: { name: 'Mine', logo: 'https://example.com/l.png' },
      });
      // The newest push of the till wins; the same order again updates it, never a second row.
      expect((await push(order(mine, 'o-2', 'till-1', 12), myKey)).statusCode).toBe(200);
      expect((await lastOrder(mine)).json().order_number).toBe('N-o-2');
      expect((await push(order(mine, 'o-2'), myKey)).json()).toEqual({ message: 'Order updated' });
      expect(
        await t.database.db
          .select()
          .from(posOrders)
          .where(and(eq(posOrders.restaurantId, mine), inArray(posOrders.posOrderId, ['o-1', 'o-2']))),
      ).toHaveLength(2);
    });

    it('an order closing in the future is refused (400) and not stored; a minute of clock skew passes', async () => {
      const before = (await t.database.db.select().from(posOrders)).length;
      const later = {
        ...order(mine, 'future-1', 'till-9'),
        closed_at: new Date(Date.now() + 10 * 60_000).toISOString(),
      };
      const res = await push(later, myKey);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'closed_at: must not be in the future' });
      expect((await t.database.db.select().from(posOrders)).length).toBe(before);
      const skewed = { ...order(mine, 'skew-1', 'till-9'), closed_at: new Date(Date.now() + 20_000).toISOString() };
      expect((await push(skewed, myKey)).statusCode).toBe(200);
    });

    it("a wrong key, another restaurant's key, an admin's token and no key are 401, and nothing is stored", async () => {
      const before = (await t.database.db.select().from(posOrders)).length;
      for (const key of [undefined, '', 'spk_wrong', theirKey, admin, myKey.slice(0, -1)]) {
        const res = await push(order(mine, 'evil-1'), key);
        expect(res.statusCode, String(key)).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid POS key' });
      }
      // A key for a restaurant that does not exist proves nothing either.
      expect((await push(order(999_999, 'evil-2'), myKey)).statusCode).toBe(401);
      expect((await t.database.db.select().from(posOrders)).length).toBe(before);
      expect(await t.database.db.select().from(posOrders).where(eq(posOrders.posOrderId, 'evil-1'))).toEqual([]);
    });

    it(
      withGlobal
        ? 'the global POS_PUSH_SECRET is accepted as a fallback for any Specter restaurant'
        : 'the global secret is refused when POS_PUSH_SECRET is unset',
      async () => {
        const res = await push(order(theirs, 'g-1'), GLOBAL);
        expect(res.statusCode).toBe(withGlobal ? 200 : 401);
        expect((await lastOrder(theirs)).statusCode).toBe(withGlobal ? 200 : 404);
        if (withGlobal) expect((await push(order(999_999, 'g-2'), GLOBAL)).statusCode).toBe(404);
      },
    );

    it('a Foodics restaurant does not take pushes (409), even with its own key', async () => {
      const key = (
        await t.app.inject({
          method: 'POST',
          url: `/restaurant/${foodics}/push-key`,
          headers: { authorization: `Bearer ${admin}` },
        })
      ).json().push_key;
      const res = await push(order(foodics, 'f-1'), key);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/Specter POS/);
    });

    it('rotating the key retires the old one at once; the key is never in a restaurant read or list, only its date', async () => {
      // A restaurant of its own: the other tests' keys stay good.
      const rotating = await make('Rotating');
      const old = await rotate(rotating);
      const res = await t.app.inject({
        method: 'POST',
        url: `/restaurant/${rotating}/push-key`,
        headers: { authorization: `Bearer ${admin}` },
      });
      const fresh = res.json().push_key;
      expect(fresh).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
      expect(fresh).not.toBe(old);
      expect((await push(order(rotating, 'r-1'), old)).statusCode).toBe(401);
      expect((await push(order(rotating, 'r-1'), fresh)).statusCode).toBe(200);
      const auth = { authorization: `Bearer ${admin}` };
      const one = await t.app.inject({ method: 'GET', url: `/restaurant/${rotating}`, headers: auth });
      const list = await t.app.inject({ method: 'GET', url: '/restaurant', headers: auth });
      const paged = await t.app.inject({ method: 'GET', url: '/restaurant?page=1', headers: auth });
      for (const r of [one, list, paged]) {
        expect(r.body).not.toContain(fresh);
        expect(r.body).not.toContain('push_key"');
      }
      expect(one.json().push_key_rotated_at).toBe(res.json().push_key_rotated_at);
      // Stored only as a hash.
      const [row] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, rotating));
      expect(JSON.stringify(row)).not.toContain(fresh);
    });

    it('rotating needs a live restaurant: 404 for an unknown or deleted one', async () => {
      const auth = { authorization: `Bearer ${admin}` };
      expect(
        (await t.app.inject({ method: 'POST', url: '/restaurant/999999/push-key', headers: auth })).statusCode,
      ).toBe(404);
      // A restaurant of its own, deleted: the others stay live for the other tests.
      const doomed = await make('Doomed');
      const doomedKey = await rotate(doomed);
      await t.app.inject({
        method: 'PATCH',
        url: `/restaurant/delete/${doomed}`,
        headers: auth,
        payload: { isDeleted: true },
      });
      expect(
        (await t.app.inject({ method: 'POST', url: `/restaurant/${doomed}/push-key`, headers: auth })).statusCode,
      ).toBe(404);
      // A deleted restaurant's old key pushes nothing.
      expect((await push(order(doomed, 'd-1'), doomedKey)).statusCode).toBe(401);
    });

    it('a malformed push is 400 {message} naming the field, before anything is stored', async () => {
      const bad = { ...order(mine, 'm-1'), invoice: { ...order(mine, 'm-1').invoice, total_price: 'lots' } };
      const res = await push(bad, myKey);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^invoice\.total_price: /);
    });
  });
}
