// What "Connect Foodics" decides when Foodics sends the browser back (issue 48 item 4, issue 49 "Connecting Foodics,
// for real"; docs/POS.md "One business, one restaurant"), against the Foodics stand-in over real HTTP:
// - the account's role and restaurants are read again in the callback's transaction: a manager demoted to staff, or
//   no longer tied to the restaurant, while at Foodics' authorize page connects nothing;
// - a business another restaurant holds is never connected twice: the admin is asked to reconnect that restaurant
//   (yes reconnects it, no changes nothing, nothing is added either way); a manager who may not reconnect it is
//   refused without its name;
// - a reconnect that would change a restaurant's business asks first;
// - the question is the asking admin's only, answered once, and its answer checks the role again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { adminRestaurants, admins, devices, restaurants } from '../../../server/db/schema';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { createTestApp, type TestApp } from '../helpers/app';

let foodics: FoodicsStandIn;
let t: TestApp;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const idOf = (token: string) => Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);

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
    PUBLIC_URL: 'https://specter.example.com',
    ANSWER_CACHE_MS: '0',
  });
});
afterAll(async () => {
  await t.close();
  await foodics.close();
});

/** A whole round trip up to Foodics' redirect: started as `admin` (for `restaurantId`, or a new restaurant), the
 * owner approving `business`; `between` runs while the browser is at Foodics. Answers where the browser is sent. */
async function connect(
  admin: string,
  restaurantId: number | null,
  business: 'sa' | 'eg' = 'sa',
  between: () => Promise<unknown> = async () => {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/restaurants/foodics/connect',
    headers: auth(admin),
    payload: restaurantId === null ? {} : { restaurantId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  const state = url.searchParams.get('state')!;
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  const code = foodics.oauth.approve(state, url.searchParams.get('redirect_uri')!, business);
  await between();
  const back = await t.app.inject({
    method: 'GET',
    url: `/pos/foodics/connected?${new URLSearchParams({ code, state })}`,
    headers: { cookie },
  });
  expect(back.statusCode).toBe(302);
  return String(back.headers.location);
}

const liveCount = async () =>
  (await t.database.db.select({ n: count() }).from(restaurants).where(eq(restaurants.isDeleted, false)))[0].n;
const row = async (id: number) => (await t.database.db.select().from(restaurants).where(eq(restaurants.id, id)))[0];
const landedOn = (location: string) =>
  Number(/^\/restaurants\/branches\/(\d+)\?foodics=connected$/.exec(location)?.[1]);
const pendingOf = (location: string) => /[?&]pending=([A-Za-z0-9_-]{32})$/.exec(location)?.[1];
const pendingCall = (method: 'GET' | 'POST' | 'DELETE', id: string, admin: string) =>
  t.app.inject({ method, url: `/api/restaurants/foodics/pending/${id}`, headers: auth(admin) });

/** A manager (or staff) account tied to these restaurants. */
async function account(role: 'manager' | 'staff', restaurantIds: number[]) {
  const token = await t.adminToken();
  const id = idOf(token);
  await t.database.db.update(admins).set({ role }).where(eq(admins.id, id));
  if (restaurantIds.length)
    await t.database.db
      .insert(adminRestaurants)
      .values(restaurantIds.map((restaurantId) => ({ adminId: id, restaurantId })));
  return { token, id };
}

/** Frees both businesses of the stand-in: every live restaurant deleted (its tills with it). */
async function deleteAll(admin: string) {
  const live = await t.database.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.isDeleted, false));
  for (const r of live)
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/restaurant/delete/${r.id}`,
          headers: auth(admin),
          payload: { isDeleted: true },
        })
      ).statusCode,
    ).toBe(200);
}

describe('one business, one restaurant', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.adminToken();
  });

  it('connecting a business another restaurant has asks to reconnect that one: yes reconnects it, no changes nothing, nothing is added', async () => {
    await deleteAll(admin);
    const najd = landedOn(await connect(admin, null));
    expect(najd).toBeGreaterThan(0);
    const before = await liveCount();
    const tokenBefore = (await row(najd)).token;

    // The same business again, as a new restaurant: a question, not a second restaurant.
    const asked = await connect(admin, null);
    expect(asked).toMatch(/^\/restaurants\?foodics=ask&pending=/);
    expect(await liveCount()).toBe(before);
    const id = pendingOf(asked)!;
    const question = await pendingCall('GET', id, admin);
    expect(question.statusCode).toBe(200);
    expect(question.json()).toMatchObject({
      kind: 'business_elsewhere',
      business: { name: FIXTURE.business.name, reference: String(FIXTURE.business.reference) },
      restaurant: { id: najd, business: { reference: String(FIXTURE.business.reference) } },
      started_for: null,
    });
    // Waiting changed nothing: the restaurant keeps its token.
    expect((await row(najd)).token).toBe(tokenBefore);

    // Yes: that restaurant is reconnected with the new token, its tills synced; still one restaurant.
    const yes = await pendingCall('POST', id, admin);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().restaurant_id).toBe(najd);
    expect(await liveCount()).toBe(before);
    const after = await row(najd);
    expect(after.token).not.toBe(tokenBefore);
    expect(after.connectedBy).toBe(idOf(admin));
    const tills = await t.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.restaurantId, najd)));
    expect(tills).toHaveLength(FIXTURE.devices.length);
    // Answered once.
    expect((await pendingCall('POST', id, admin)).statusCode).toBe(404);

    // No: nothing changes, and the question is gone.
    const again = pendingOf(await connect(admin, null))!;
    const no = await pendingCall('DELETE', again, admin);
    expect(no.statusCode).toBe(200);
    expect((await pendingCall('GET', again, admin)).statusCode).toBe(404);
    expect((await pendingCall('POST', again, admin)).statusCode).toBe(404);
    expect((await row(najd)).token).toBe(after.token);
    expect(await liveCount()).toBe(before);
  });

  it('a reconnect that would change the restaurant’s business asks first; yes moves it to the new business', async () => {
    await deleteAll(admin);
    const r = landedOn(await connect(admin, null, 'sa'));
    const asked = await connect(admin, r, 'eg');
    expect(asked).toMatch(new RegExp(`^/restaurants/edit/${r}\\?foodics=ask&pending=`));
    const id = pendingOf(asked)!;
    expect((await pendingCall('GET', id, admin)).json()).toMatchObject({
      kind: 'business_changed',
      business: { name: FIXTURE_EG.business.name, reference: String(FIXTURE_EG.business.reference) },
      restaurant: { id: r, business: { name: FIXTURE.business.name, reference: String(FIXTURE.business.reference) } },
      started_for: r,
    });
    // Nothing changed while it waits.
    expect((await row(r)).posBusinessRef).toBe(String(FIXTURE.business.reference));
    expect((await pendingCall('POST', id, admin)).statusCode).toBe(200);
    expect((await row(r)).posBusinessRef).toBe(String(FIXTURE_EG.business.reference));
    // Its tills are the new business's now; the old business's are removed.
    const live = await t.database.db
      .select({ deviceId: devices.deviceId, removedAt: devices.removedAt })
      .from(devices)
      .where(eq(devices.restaurantId, r));
    expect(live.filter((d) => !d.removedAt).map((d) => d.deviceId)).toEqual(
      expect.arrayContaining(FIXTURE_EG.devices.map((d) => d.id)),
    );
    expect(live.filter((d) => !d.removedAt)).toHaveLength(FIXTURE_EG.devices.length);
  });

  it("a question is its admin's only", async () => {
    await deleteAll(admin);
    landedOn(await connect(admin, null));
    const id = pendingOf(await connect(admin, null))!;
    const other = await t.adminToken();
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await pendingCall(method, id, other)).statusCode).toBe(404);
    expect((await pendingCall('GET', id, admin)).statusCode).toBe(200);
    expect((await pendingCall('GET', 'x'.repeat(32), admin)).statusCode).toBe(404);
    expect((await pendingCall('GET', 'not-an-id', admin)).statusCode).toBe(400);
  });
});

describe('the role that started the round trip is read again when Foodics sends the browser back', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.adminToken();
  });

  it('a manager demoted to staff while at Foodics connects nothing', async () => {
    await deleteAll(admin);
    const r = landedOn(await connect(admin, null));
    const before = await row(r);
    const manager = await account('manager', [r]);
    const location = await connect(manager.token, r, 'sa', () =>
      t.database.db.update(admins).set({ role: 'staff' }).where(eq(admins.id, manager.id)),
    );
    expect(location).toBe(`/restaurants/edit/${r}?foodics=not_allowed`);
    const after = await row(r);
    expect(after.token).toBe(before.token);
    expect(after.connectedBy).toBe(before.connectedBy);
  });

  it('a manager no longer tied to the restaurant while at Foodics connects nothing; still tied, it reconnects', async () => {
    await deleteAll(admin);
    const r = landedOn(await connect(admin, null));
    const before = await row(r);
    const manager = await account('manager', [r]);
    const location = await connect(manager.token, r, 'sa', () =>
      t.database.db.delete(adminRestaurants).where(eq(adminRestaurants.adminId, manager.id)),
    );
    expect(location).toBe(`/restaurants/edit/${r}?foodics=not_allowed`);
    expect((await row(r)).token).toBe(before.token);

    const kept = await account('manager', [r]);
    expect(await connect(kept.token, r)).toBe(`/restaurants/branches/${r}?foodics=connected`);
    expect((await row(r)).connectedBy).toBe(kept.id);
  });

  it("a manager approving a business another restaurant holds is refused, that restaurant's name untold", async () => {
    await deleteAll(admin);
    const theirs = landedOn(await connect(admin, null, 'sa'));
    const mine = landedOn(await connect(admin, null, 'eg'));
    const manager = await account('manager', [mine]);
    // Their own restaurant, but the owner picked the business of a restaurant this manager does not run.
    const location = await connect(manager.token, mine, 'sa');
    expect(location).toBe(`/restaurants/edit/${mine}?foodics=business_elsewhere`);
    expect(location).not.toContain(String(theirs));
    expect((await row(mine)).posBusinessRef).toBe(String(FIXTURE_EG.business.reference));
  });

  it('the answer to a question checks the role again', async () => {
    await deleteAll(admin);
    const r = landedOn(await connect(admin, null, 'sa'));
    const manager = await account('manager', [r]);
    const id = pendingOf(await connect(manager.token, r, 'eg'))!;
    expect((await pendingCall('GET', id, manager.token)).json().kind).toBe('business_changed');
    // No longer tied to the restaurant between the question and the answer: the answer changes nothing.
    await t.database.db.delete(adminRestaurants).where(eq(adminRestaurants.adminId, manager.id));
    const refused = await pendingCall('POST', id, manager.token);
    expect(refused.statusCode).toBe(403);
    expect((await row(r)).posBusinessRef).toBe(String(FIXTURE.business.reference));
    // Demoted to staff: the call itself is not theirs.
    const second = await account('manager', [r]);
    const id2 = pendingOf(await connect(second.token, r, 'eg'))!;
    await t.database.db.update(admins).set({ role: 'staff' }).where(eq(admins.id, second.id));
    expect((await pendingCall('POST', id2, second.token)).statusCode).toBe(403);
    expect((await row(r)).posBusinessRef).toBe(String(FIXTURE.business.reference));
  });
});
