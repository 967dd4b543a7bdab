// "Connect Foodics" against the Foodics stand-in over real HTTP (docs/POS.md, "Foodics: connecting a restaurant"):
// the round trip adds or reconnects a restaurant and lands on its branches and tills; every failure (declined, unknown / used / expired state, a state
// replayed by another admin or browser, a refused code, the token endpoint down or slow, /whoami refused) comes
// back to the restaurant's page with its outcome and changes nothing; tokens are stored sealed, answered masked,
// kept by a masked write, never logged; the health call turns red after a 401 and green after reconnecting.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { foodicsOauthStates, restaurants } from '../../../server/db/schema';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { BUSINESS_ELSEWHERE } from '../../../server/db/repositories/foodicsConnect';
import { createTestApp, type TestApp } from '../helpers/app';

let foodics: FoodicsStandIn;
let t: TestApp;
let log = '';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Starts a round trip as this admin: the state, the redirect address and this browser's cookie. */
async function start(admin: string, restaurantId?: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/restaurants/foodics/connect',
    headers: auth(admin),
    payload: restaurantId ? { restaurantId } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return {
    url,
    state: url.searchParams.get('state')!,
    redirectUri: url.searchParams.get('redirect_uri')!,
    cookie,
  };
}

async function back(query: Record<string, string>, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/pos/foodics/connected?${new URLSearchParams(query)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

const restaurantCount = async () =>
  (await t.database.db.select({ n: count() }).from(restaurants).where(eq(restaurants.isDeleted, false)))[0].n;

beforeAll(async () => {
  foodics = await startFoodicsStandIn();
  const logStream = new Writable({
    write(chunk, _enc, done) {
      log += String(chunk);
      done();
    },
  });
  t = await createTestApp(
    {
      FOODICS_BASE_URL: foodics.url,
      FOODICS_TIMEOUT_MS: '2000',
      FOODICS_CALLS_PER_MINUTE: '10000',
      FOODICS_CLIENT_ID: foodics.oauth.clientId,
      FOODICS_CLIENT_SECRET: foodics.oauth.clientSecret,
      FOODICS_OAUTH_URL: foodics.oauth.authorizeUrl,
      FOODICS_TOKEN_URL: foodics.oauth.tokenUrl,
      PUBLIC_URL: 'https://specter.example.com',
      LOG_LEVEL: 'info',
    },
    { logStream },
  );
});

afterAll(async () => {
  await t.close();
  await foodics.close();
});

describe('Connect Foodics', () => {
  let admin: string;

  beforeAll(async () => {
    admin = await t.adminToken();
  });

  /** The live restaurant holding this Foodics business ('sa' the stand-in's default, 'eg' the Egyptian one), or
   * undefined. A business is one restaurant's (docs/POS.md, "One business, one restaurant"). */
  async function holderOf(business: 'sa' | 'eg') {
    const reference = String((business === 'eg' ? FIXTURE_EG : FIXTURE).business.reference);
    const [row] = await t.database.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.posBusinessRef, reference), eq(restaurants.isDeleted, false)));
    return row?.id;
  }

  /** Deletes the restaurant holding this business (through the API: its tills go with it), so a test can connect
   * the business as a new restaurant whatever ran before it. */
  async function freeBusiness(business: 'sa' | 'eg') {
    const id = await holderOf(business);
    if (id === undefined) return;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/delete/${id}`,
      headers: auth(admin),
      payload: { isDeleted: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The restaurant connected to this business through a whole round trip now (the one holding it reconnected, else
   * a new one), so the newest token the stand-in issued is its own; its id. */
  async function connected(business: 'sa' | 'eg' = 'eg') {
    const held = await holderOf(business);
    const { state, redirectUri, cookie } = await start(admin, held);
    const location = await back({ code: foodics.oauth.approve(state, redirectUri, business), state }, cookie);
    const m = /^\/restaurants\/branches\/(\d+)\?foodics=connected$/.exec(location);
    expect(m, location).not.toBeNull();
    return Number(m![1]);
  }

  it('sends the browser to the authorize page with client_id, state and the redirect address', async () => {
    const { url, state, redirectUri, cookie } = await start(admin);
    expect(`${url.origin}${url.pathname}`).toBe(foodics.oauth.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(foodics.oauth.clientId);
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(redirectUri).toBe('https://specter.example.com/pos/foodics/connected');
    expect(cookie).toMatch(/^specter\.foodics_connect\.[\w-]{12}=\d+\./);
    // The state is stored as its hash, never as sent.
    const rows = await t.database.db.select().from(foodicsOauthStates);
    expect(rows.some((r) => r.stateHash === state)).toBe(false);
  });

  it('adds a restaurant named after the business, its branches and devices synced, the token sealed', async () => {
    await freeBusiness('eg');
    const before = await restaurantCount();
    const { state, redirectUri, cookie } = await start(admin);
    const code = foodics.oauth.approve(state, redirectUri, 'eg');
    const location = await back({ code, state }, cookie);
    // Where its branches and tills are (and its setup checklist).
    const m = /^\/restaurants\/branches\/(\d+)\?foodics=connected$/.exec(location);
    expect(m, location).not.toBeNull();
    const connectedId = Number(m![1]);
    expect(await restaurantCount()).toBe(before + 1);

    const res = await t.app.inject({ method: 'GET', url: `/restaurant/${connectedId}`, headers: auth(admin) });
    const r = res.json();
    expect(r.name).toBe(FIXTURE_EG.business.name);
    expect(r.system_type).toBe('Foodics');
    expect(r.Branchs.map((b: { name: string }) => b.name)).toEqual(FIXTURE_EG.branches.map((b) => b.name));
    expect(r.Branchs.flatMap((b: { Devices: unknown[] }) => b.Devices)).toHaveLength(FIXTURE_EG.devices.length);

    const token = foodics.oauth.issued().at(-1)!;
    const [raw] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, connectedId));
    expect(raw.token).toMatch(/^sealed:v1:/);
    expect(raw.token).not.toContain(token);
    expect(raw.token).not.toContain(token.slice(0, 12));
    expect(raw.branchsToken).not.toContain(token);
    expect(r.token).toBe(`****${token.slice(-4)}`);
    expect(r.branchs_token).toBe(`****${token.slice(-4)}`);

    const trail = await t.app.inject({
      method: 'GET',
      url: '/admin/activity?kind=restaurant.connected',
      headers: auth(admin),
    });
    expect(trail.body).toContain(FIXTURE_EG.business.name);
  });

  it('a state works once: used again it is refused and nothing changes', async () => {
    const najdId = await connected('sa');
    const { state, redirectUri, cookie } = await start(admin, najdId);
    const code = foodics.oauth.approve(state, redirectUri);
    const first = await back({ code, state }, cookie);
    expect(first).toBe(`/restaurants/branches/${najdId}?foodics=connected`);
    const before = await restaurantCount();
    const again = foodics.oauth.approve(state, redirectUri);
    expect(await back({ code: again, state }, cookie)).toBe(`/restaurants/edit/${najdId}?foodics=state_unknown`);
    expect(await back({ code: again, state: 'made-up-state' }, cookie)).toBe('/restaurants?foodics=state_unknown');
    expect(await restaurantCount()).toBe(before);
  });

  it('an expired state is refused (10 minutes), back to the restaurant it was for', async () => {
    const connectedId = await connected();
    const { state, redirectUri, cookie } = await start(admin, connectedId);
    await t.database.db.execute(
      sql`update foodics_oauth_states set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const [before] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, connectedId));
    const code = foodics.oauth.approve(state, redirectUri);
    expect(await back({ code, state }, cookie)).toBe(`/restaurants/edit/${connectedId}?foodics=state_expired`);
    const [after] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, connectedId));
    expect(after.token).toBe(before.token);
  });

  it('a state replayed by another admin (or a browser that did not start it) is refused; its own admin still finishes', async () => {
    const najdId = await connected('sa');
    const other = await t.adminToken();
    const mine = await start(admin, najdId);
    const theirs = await start(other);
    const before = await restaurantCount();
    const code = foodics.oauth.approve(mine.state, mine.redirectUri);
    // The other admin's browser holds the cookie of its own round trip, not of this one (issue 48).
    expect(await back({ code, state: mine.state }, theirs.cookie)).toBe('/restaurants?foodics=state_other_browser');
    expect(await back({ code, state: mine.state })).toBe('/restaurants?foodics=state_other_browser');
    expect(await back({ code, state: mine.state }, 'specter.foodics_connect=1.forged')).toBe(
      '/restaurants?foodics=state_other_browser',
    );
    expect(await restaurantCount()).toBe(before);
    expect(await back({ code, state: mine.state }, mine.cookie)).toBe(
      `/restaurants/branches/${najdId}?foodics=connected`,
    );
  });

  it("the browser's cookie is bound to its round trip's state: it never completes another, even of the same admin; two tabs each finish their own (issue 48)", async () => {
    // Both reconnect Najd Grill to its own business (a new restaurant on a business another one holds would ask
    // first: docs/POS.md, "One business, one restaurant").
    const najdId = await connected('sa');
    const first = await start(admin, najdId);
    const second = await start(admin, najdId);
    // Each round trip its own cookie: no fixed value of the admin to steal once and replay.
    expect(first.cookie.split('=')[1]).not.toBe(second.cookie.split('=')[1]);
    const before = await restaurantCount();
    const code = foodics.oauth.approve(second.state, second.redirectUri);
    expect(await back({ code, state: second.state }, first.cookie)).toBe('/restaurants?foodics=state_other_browser');
    // The first round trip's value under the second's name: refused too (the value is bound to its state).
    const renamed = `${second.cookie.split('=')[0]}=${first.cookie.split('=')[1]}`;
    expect(await back({ code, state: second.state }, renamed)).toBe('/restaurants?foodics=state_other_browser');
    expect(await restaurantCount()).toBe(before);
    // A browser holding both (two tabs): each round trip finds its own cookie.
    const both = `${first.cookie}; ${second.cookie}`;
    expect(await back({ code, state: second.state }, both)).toMatch(/\?foodics=connected$/);
    const firstCode = foodics.oauth.approve(first.state, first.redirectUri);
    expect(await back({ code: firstCode, state: first.state }, both)).toMatch(/\?foodics=connected$/);
  });

  it('declined, a refused code, the token endpoint down or slow, /whoami refused: each named, nothing added', async () => {
    const before = await restaurantCount();
    const tryWith = async (
      prepare: () => void,
      query: (s: { state: string; code: string }) => Record<string, string>,
    ) => {
      const s = await start(admin);
      const code = foodics.oauth.approve(s.state, s.redirectUri);
      prepare();
      try {
        return await back(query({ state: s.state, code }), s.cookie);
      } finally {
        foodics.oauth.setMode('ok');
        foodics.setMode('ok');
      }
    };
    const ok = () => {};
    expect(await tryWith(ok, ({ state }) => ({ error: 'access_denied', state }))).toBe('/restaurants?foodics=declined');
    expect(await tryWith(ok, ({ state }) => ({ code: 'not-a-code', state }))).toBe('/restaurants?foodics=code_refused');
    expect(
      await tryWith(
        () => foodics.oauth.setMode('down'),
        (q) => q,
      ),
    ).toBe('/restaurants?foodics=token_down');
    expect(
      await tryWith(
        () => foodics.oauth.setMode('error'),
        (q) => q,
      ),
    ).toBe('/restaurants?foodics=token_down');
    expect(
      await tryWith(
        () => foodics.oauth.setMode('slow'),
        (q) => q,
      ),
    ).toBe('/restaurants?foodics=token_timeout');
    expect(
      await tryWith(
        () => foodics.setMode('unauthorized'),
        (q) => q,
      ),
    ).toBe('/restaurants?foodics=whoami_refused');
    expect(await restaurantCount()).toBe(before);
  });

  it('reconnecting an existing restaurant replaces its token; a masked write keeps it', async () => {
    const connectedId = await connected();
    const s = await start(admin, connectedId);
    const code = foodics.oauth.approve(s.state, s.redirectUri, 'eg');
    expect(await back({ code, state: s.state }, s.cookie)).toBe(
      `/restaurants/branches/${connectedId}?foodics=connected`,
    );
    const [raw] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, connectedId));
    const shown = (
      await t.app.inject({ method: 'GET', url: `/restaurant/${connectedId}`, headers: auth(admin) })
    ).json();

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${connectedId}`,
      headers: auth(admin),
      payload: { name: 'Nile Kitchen Zamalek', token: shown.token, branchs_token: shown.branchs_token },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().token).toBe(shown.token);
    expect(patched.json().sync_error).toBeNull();
    const [after] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, connectedId));
    expect(after.token).toBe(raw.token);
    expect(after.branchsToken).toBe(raw.branchsToken);
    expect(after.name).toBe('Nile Kitchen Zamalek');
  });

  it('a masked token cannot create a restaurant (there is nothing for it to keep)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/restaurant',
      headers: auth(admin),
      payload: { name: 'X', logo: '/logo.svg', token: '****abcd', branchs_token: '****abcd', system_type: 'Foodics' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/whole token/);
  });

  it('every answer carries the masked token only, for pasted tokens too (one of a business connected elsewhere syncs nothing)', async () => {
    // The stand-in's token reads the Saudi business, held by a restaurant here (connected now if an earlier test
    // freed it).
    await connected('sa');
    const pasted = `${foodics.token}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/restaurant',
      headers: auth(admin),
      payload: { name: 'Pasted', logo: '/logo.svg', token: pasted, branchs_token: pasted, system_type: 'Foodics' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().token).toBe(`****${pasted.slice(-4)}`);
    expect(created.json().sync_error).toBe(BUSINESS_ELSEWHERE);
    expect(created.json().Branchs).toEqual([]);
    for (const url of ['/restaurant', `/restaurant/${created.json().id}`, '/restaurant?page=1&perPage=50']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(admin) });
      expect(res.statusCode).toBe(200);
      for (const issued of [...foodics.oauth.issued(), pasted]) expect(res.body).not.toContain(issued);
    }
  });

  it('the health call: green when connected, red after Foodics refuses the token (401), green after reconnecting', async () => {
    const connectedId = await connected();
    const health = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/restaurants/${connectedId}/connection`, headers: auth(admin) })
      ).json();
    const h = await health();
    expect(h.status).toBe('ok');
    expect(h.business).toEqual({ name: FIXTURE_EG.business.name, reference: String(FIXTURE_EG.business.reference) });
    expect(h.connected_by.name).toMatch(/^Test Admin/);
    expect(h.last_sync_ok_at).not.toBeNull();
    expect(h.calls_last_hour).toBeGreaterThan(0);
    expect(h.budget_per_hour).toBe(10000 * 60);

    foodics.oauth.revoke(foodics.oauth.issued().at(-1)!);
    await t.app.inject({ method: 'POST', url: `/restaurant/${connectedId}/sync`, headers: auth(admin) });
    await expect.poll(async () => (await health()).status).toBe('refused');
    const red = await health();
    expect(red.last_error.message).toMatch(/not authorised/);
    expect(red.refused_at).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/restaurant', headers: auth(admin) });
    expect(list.json().restaurants.find((r: { id: number }) => r.id === connectedId).connection_status).toBe('refused');

    const s = await start(admin, connectedId);
    const code = foodics.oauth.approve(s.state, s.redirectUri, 'eg');
    expect(await back({ code, state: s.state }, s.cookie)).toMatch(/foodics=connected$/);
    expect((await health()).status).toBe('ok');
  });

  it('the log holds no token, code or state', async () => {
    const s = await start(admin);
    const code = foodics.oauth.approve(s.state, s.redirectUri);
    await back({ code, state: s.state }, s.cookie);
    expect(log).toContain('/pos/foodics/connected');
    for (const secret of [...foodics.oauth.issued(), foodics.token, code, s.state]) expect(log).not.toContain(secret);
  });
});

describe('Connect Foodics without a client id', () => {
  it('says what to set, and the public configuration says it is off', async () => {
    const bare = await createTestApp();
    try {
      const admin = await bare.adminToken();
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/restaurants/foodics/connect',
        headers: auth(admin),
        payload: {},
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/FOODICS_CLIENT_ID and FOODICS_CLIENT_SECRET/);
      const config = await bare.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(config.json().foodicsConnect).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
