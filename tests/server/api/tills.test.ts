// GET /api/tills (the Tills screen, src/resources/tills): the tills of live restaurants with their branch, paged
// with X-Total-Count, searched by till, branch or restaurant name, filtered by restaurant, sorted by a joined
// column; a deleted restaurant's and a removed till's rows are not listed, nor counted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, devices, restaurants } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

const restaurant = async (name: string, isDeleted = false) => {
  const [r] = await t.database.db
    .insert(restaurants)
    .values({
      name,
      logo: 'https://example.com/l.png',
      token: 't',
      branchsToken: 't',
      systemType: 'Specter',
      isDeleted,
    })
    .returning({ id: restaurants.id });
  return r.id;
};
const branch = async (restaurantId: number, name: string) => {
  const [b] = await t.database.db
    .insert(branches)
    .values({ restaurantId, branchId: `b-${name}`, name })
    .returning({ id: branches.id });
  return b.id;
};
const till = (restaurantId: number, branchRef: number, name: string, removedAt: Date | null = null) =>
  t.database.db.insert(devices).values({ restaurantId, branchRef, deviceId: `d-${name}`, name, removedAt });

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  ids.najd = await restaurant('Najd Grill');
  ids.bayt = await restaurant('Bayt Coffee');
  ids.gone = await restaurant('Gone Burger', true);
  const olaya = await branch(ids.najd, 'Olaya');
  const malqa = await branch(ids.bayt, 'Malqa');
  const goneBranch = await branch(ids.gone, 'Hamra');
  await till(ids.najd, olaya, 'Till 1');
  await till(ids.najd, olaya, 'Till 2');
  await till(ids.najd, olaya, 'Old till', new Date());
  await till(ids.bayt, malqa, 'Front');
  await till(ids.gone, goneBranch, 'Till 9');
});
afterAll(() => t.close());

const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/tills?${qs}`, headers: auth });

describe('GET /api/tills', () => {
  it('lists the live tills with branch and restaurant, by restaurant name, with the total', async () => {
    const res = await get('page=1&perPage=10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(
      res.json().map((r: { name: string; restaurant: string; branch: string }) => [r.restaurant, r.branch, r.name]),
    ).toEqual([
      ['Bayt Coffee', 'Malqa', 'Front'],
      ['Najd Grill', 'Olaya', 'Till 1'],
      ['Najd Grill', 'Olaya', 'Till 2'],
    ]);
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      name: 'Front',
      posId: 'd-Front',
      branch: 'Malqa',
      restaurantId: ids.bayt,
      restaurant: 'Bayt Coffee',
    });
  });

  it('searches the till, branch and restaurant names (every word), pages and sorts', async () => {
    const najd = await get('page=1&perPage=10&q=najd%20till');
    expect(najd.json().map((r: { name: string }) => r.name)).toEqual(['Till 1', 'Till 2']);
    expect(najd.headers['x-total-count']).toBe('2');
    expect((await get('page=1&perPage=10&q=malqa')).json().map((r: { name: string }) => r.name)).toEqual(['Front']);
    const desc = await get('page=2&perPage=1&sort=name&order=DESC');
    expect(desc.json().map((r: { name: string }) => r.name)).toEqual(['Till 1']);
    expect(desc.headers['x-total-count']).toBe('3');
    expect((await get('page=1&perPage=5&sort=colour')).statusCode).toBe(400);
  });

  it('filters by restaurant; a deleted restaurant has none listed', async () => {
    const bayt = await get(`page=1&perPage=10&restaurantId=${ids.bayt}`);
    expect(bayt.json().map((r: { name: string }) => r.name)).toEqual(['Front']);
    const gone = await get(`page=1&perPage=10&restaurantId=${ids.gone}`);
    expect(gone.json()).toEqual([]);
    expect(gone.headers['x-total-count']).toBe('0');
  });

  it('reads again after a restaurant is deleted through the API (the list memory is dropped)', async () => {
    // A restaurant of this test's own: the tills of the others stay for the tests above, in any order.
    const kiosk = await restaurant('Kiosk Cafe');
    await till(kiosk, await branch(kiosk, 'Corner'), 'Window');
    expect((await get('page=1&perPage=10&q=window')).json()).toHaveLength(1);
    const del = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/delete/${kiosk}`,
      headers: auth,
      payload: { isDeleted: true },
    });
    expect(del.statusCode).toBe(200);
    expect((await get('page=1&perPage=10&q=window')).json()).toEqual([]);
    const [row] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, kiosk));
    expect(row.isDeleted).toBe(true);
  });
});
