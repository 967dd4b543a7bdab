import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { appUsers } from '../../../server/db/schema';

// The back-office lists are remembered encoded for ANSWER_CACHE_MS on an instance (server/lib/rememberedList.ts):
// a row written behind the app's back is not seen within the period, while any write through the instance drops
// every list before its answer leaves, so an admin who changes something sees it on the next call.
describe('lists remembered per instance, dropped by any write through it', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    // Long enough that nothing expires during a test (ANSWER_CACHE_MS at its 10 s maximum).
    t = await createTestApp({ ANSWER_CACHE_MS: '10000' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    await t.database.db.insert(appUsers).values([
      { firstName: 'Nora', phone: '+966500000101', createdAt: new Date('2026-01-01T10:00:00Z') },
      { firstName: 'Fahad', phone: '+966500000102', createdAt: new Date('2026-02-01T10:00:00Z') },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  const phones = (body: { phone: string }[]) => body.map((u) => u.phone);
  const addBehindTheAppsBack = (phone: string) =>
    t.database.db.insert(appUsers).values({ firstName: 'Huda', phone }).returning({ id: appUsers.id });

  it('answers the same list from memory, its total headers included, until a write through the app', async () => {
    const url = '/user?page=1&perPage=10&sort=createdAt&order=DESC';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('2');
    const [{ id }] = await addBehindTheAppsBack('+966500000103');

    const again = await get(url);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-total-count']).toBe('2');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    // Another address is another list: read now.
    expect(phones((await get('/user?page=1&perPage=9&sort=createdAt&order=DESC')).json())).toContain('+966500000103');

    // A write through the app (here the removal of the row the memory does not know of) drops every list.
    expect((await t.app.inject({ method: 'DELETE', url: `/user/${id}`, headers: auth })).statusCode).toBe(200);
    await addBehindTheAppsBack('+966500000104');
    const after = await get(url);
    expect(after.headers['x-total-count']).toBe('3');
    expect(phones(after.json())).toEqual(['+966500000104', '+966500000102', '+966500000101']);
  });

  it('a refused write drops them too (a wrong code can lock a phone the App Users list shows)', async () => {
    const url = '/admin?page=1&perPage=25';
    const before = (await get(url)).json().length;
    await t.adminToken();
    expect((await get(url)).json()).toHaveLength(before);
    const refused = await t.app.inject({ method: 'POST', url: '/user', payload: { phone: 'not a phone' } });
    expect(refused.statusCode).toBe(400);
    expect((await get(url)).json()).toHaveLength(before + 1);
  });

  it('an admin created through the app is on the admin list at once', async () => {
    const url = '/admin?page=1&perPage=50&sort=id&order=DESC';
    const before = (await get(url)).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/user',
      headers: auth,
      payload: {
        name: 'Listed At Once',
        email: `listed-${Date.now()}@example.com`,
        password: 'password-123',
        confirmPassword: 'password-123',
        role: 'admin',
      },
    });
    expect(created.statusCode).toBe(200);
    const after = (await get(url)).json();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0].name).toBe('Listed At Once');
  });

  it('a refused list (an unknown sort) is never remembered, and the answer stays a 400', async () => {
    for (let i = 0; i < 2; i++) expect((await get('/user?sort=nope')).statusCode).toBe(400);
  });
});
