// The setup checklist after "Connect Foodics" (issue 49; docs/POS.md "After connecting: the setup checklist"):
// GET /api/restaurants/{id}/setup derives every step from what the restaurant has - tills found, its own logo, a
// VAT number (with its ZATCA phase), its QR sheet printed, a receipt shown on one of its tills - so the steps tick
// themselves as the admin does them; a manager reads their own restaurant's, staff none; another's is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminRestaurants, admins } from '../../../server/db/schema';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createTestApp, type TestApp } from '../helpers/app';

let foodics: FoodicsStandIn;
let t: TestApp;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  foodics = await startFoodicsStandIn();
  t = await createTestApp({
    FOODICS_BASE_URL: foodics.url,
    FOODICS_TIMEOUT_MS: '2000',
    FOODICS_CALLS_PER_MINUTE: '10000',
    FOODICS_CLIENT_ID: foodics.oauth.clientId,
    FOODICS_CLIENT_SECRET: foodics.oauth.clientSecret,
    FOODICS_OAUTH_URL: foodics.oauth.authorizeUrl,
    FOODICS_TOKEN_URL: foodics.oauth.tokenUrl,
    ANSWER_CACHE_MS: '0',
  });
});
afterAll(async () => {
  await t.close();
  await foodics.close();
});

describe('the setup checklist', () => {
  let admin: string;
  let id: number;
  const setup = async (token = admin, restaurantId = id) =>
    t.app.inject({ url: `/api/restaurants/${restaurantId}/setup`, headers: auth(token) });
  const done = async () =>
    Object.fromEntries(((await setup()).json().steps as { key: string; done: boolean }[]).map((s) => [s.key, s.done]));

  beforeAll(async () => {
    admin = await t.adminToken();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants/foodics/connect',
      headers: auth(admin),
      payload: {},
    });
    const url = new URL(started.json().url);
    const state = url.searchParams.get('state')!;
    const code = foodics.oauth.approve(state, url.searchParams.get('redirect_uri')!);
    const back = await t.app.inject({
      url: `/pos/foodics/connected?${new URLSearchParams({ code, state })}`,
      headers: { cookie: String(started.headers['set-cookie']).split(';')[0] },
    });
    id = Number(/^\/restaurants\/branches\/(\d+)\?foodics=connected$/.exec(String(back.headers.location))![1]);
  });

  it('right after connecting, tills found and the other steps to do; each ticks itself as it is done: a logo, a VAT number, the QR sheet printed, a receipt shown', async () => {
    // One test: the steps change the restaurant the file connected once.
    const res = await setup();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      restaurant_id: id,
      connected: true,
      complete: false,
      tills: FIXTURE.devices.length,
      vat_number: null,
      zatca_phase: 2,
    });
    expect(await done()).toEqual({ tills: true, logo: false, vat: false, qr_sheet: false, test_scan: false });

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${id}`,
      headers: auth(admin),
      payload: { logo: 'https://cdn.example.com/najd.png', vat_number: '310000000000003', zatca_phase: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await done()).toMatchObject({ logo: true, vat: true, qr_sheet: false, test_scan: false });
    expect((await setup()).json()).toMatchObject({ vat_number: '310000000000003', zatca_phase: 1 });

    const printed = await t.app.inject({
      method: 'POST',
      url: `/api/restaurants/${id}/setup/qr-sheet-printed`,
      headers: auth(admin),
    });
    expect(printed.statusCode).toBe(200);
    expect((await done()).qr_sheet).toBe(true);

    // A test scan: the receipt page of one of its tills shows the till's order.
    foodics.addOrder(FIXTURE.devices[0].id);
    const view = await t.app.inject({
      url: `/order/foodics/web/last-order?restaurantId=${id}&casherId=${encodeURIComponent(FIXTURE.devices[0].id)}`,
    });
    expect(view.statusCode).toBe(200);
    await expect.poll(async () => (await done()).test_scan).toBe(true);
    expect((await setup()).json().complete).toBe(true);
  });

  it('a manager reads their own restaurant’s checklist; staff none; another restaurant’s is 404', async () => {
    const make = async (role: 'manager' | 'staff', restaurantIds: number[]) => {
      const token = await t.adminToken();
      const adminId = Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);
      await t.database.db.update(admins).set({ role }).where(eq(admins.id, adminId));
      if (restaurantIds.length)
        await t.database.db
          .insert(adminRestaurants)
          .values(restaurantIds.map((restaurantId) => ({ adminId, restaurantId })));
      return token;
    };
    expect((await setup(await make('manager', [id]))).statusCode).toBe(200);
    expect((await setup(await make('staff', [id]))).statusCode).toBe(403);
    expect((await setup(await make('manager', []))).statusCode).toBe(404);
    expect((await setup(admin, 999_999)).statusCode).toBe(404);
  });
});
