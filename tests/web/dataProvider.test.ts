// The data provider against two servers played by msw: one that answers the contract of docs/API.md exactly
// (bare lists, envelopes, no totals, no paging) and one that pages (X-Total-Count or Content-Range). Every
// request it makes is recorded, so each test checks the call as well as what react-admin gets back.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { onUnhandledRequest } from './unhandled';

const API = 'http://api.test';
const calls: { method: string; path: string; body: unknown; auth: string | null }[] = [];

const users = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  firstName: i % 2 ? 'Sara' : 'Omar',
  lastName: `N${i + 1}`,
  phone: `+9665000000${i + 1}`,
}));
const restaurants = [
  { id: 2, name: 'Zaatar', Branchs: [] },
  { id: 1, name: 'Najd Grill', Branchs: [] },
];

async function record(request: Request) {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  calls.push({
    method: request.method,
    path: url.pathname + url.search,
    body: text ? JSON.parse(text) : undefined,
    auth: request.headers.get('authorization'),
  });
}

/** A server answering the contract exactly: whole lists, whatever the query says. */
const exactServer = [
  http.all(`${API}/*`, async ({ request }) => {
    await record(request);
    return undefined;
  }),
  http.get(`${API}/user`, () => HttpResponse.json(users)),
  http.get(`${API}/admin`, () => HttpResponse.json([{ id: 1, name: 'Lina', email: 'lina@specter.sa' }])),
  http.get(`${API}/restaurant`, () => HttpResponse.json({ restaurants })),
  http.get(`${API}/restaurant/:id`, ({ params }) =>
    HttpResponse.json(restaurants.find((r) => r.id === Number(params.id))),
  ),
  http.get(`${API}/restaurant/branches/:restId`, () =>
    HttpResponse.json({ branches: [{ id: 9, name: 'Olaya', branch_id: 'b-1', Devices: [] }] }),
  ),
  http.get(`${API}/restaurant/devices/:branchId`, () =>
    HttpResponse.json({ devices: [{ id: 4, name: 'Cashier 1', device_id: 'dev-1' }] }),
  ),
  http.post(`${API}/user`, () => HttpResponse.json({ message: 'created' })),
  http.post(`${API}/restaurant`, async ({ request }) =>
    HttpResponse.json({ ...((await request.json()) as object), id: 3 }),
  ),
  http.patch(`${API}/restaurant/:id`, () => HttpResponse.json({ id: 1, name: 'Najd Grill 2' })),
  http.patch(`${API}/*`, () => HttpResponse.json({ message: 'removed' })),
  http.delete(`${API}/user/:id`, () => HttpResponse.json({ message: 'The User has been removed' })),
];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest }));
beforeEach(() => {
  calls.length = 0;
  localStorage.setItem('token', 'tkn');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const dp = () => createDataProvider(API, localStorage);
const list = { pagination: { page: 2, perPage: 3 }, sort: { field: 'id', order: 'DESC' as const }, filter: {} };

describe('against a server that answers the contract exactly (no totals)', () => {
  beforeEach(() => server.use(...exactServer));

  it('asks for a page, gets the whole bare list, and pages, sorts and searches it in the browser', async () => {
    const page = await dp().getList('users', list);
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/user?page=2&perPage=3&sort=id&order=DESC',
      body: undefined,
      auth: 'Bearer tkn',
    });
    expect(page).toEqual({ data: [users[3], users[2], users[1]], total: 7 });
    const sara = await dp().getList('users', { ...list, pagination: { page: 1, perPage: 10 }, filter: { q: 'SARA' } });
    expect(sara.data.map((u) => u.id)).toEqual([6, 4, 2]);
  });

  it('unwraps the {restaurants} envelope and reads branches and devices under their parent', async () => {
    const rs = await dp().getList('restaurants', {
      ...list,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
    });
    expect(rs).toEqual({ data: [restaurants[1], restaurants[0]], total: 2 });
    const bs = await dp().getList('branches', { ...list, pagination: { page: 1, perPage: 10 }, filter: { restId: 1 } });
    expect(bs.data.map((b) => b.name)).toEqual(['Olaya']);
    const ds = await dp().getList('devices', {
      ...list,
      pagination: { page: 1, perPage: 10 },
      filter: { branchId: 9 },
    });
    expect(ds.data.map((d) => d.device_id)).toEqual(['dev-1']);
    expect(calls.map((c) => c.path)).toEqual([
      '/restaurant?page=1&perPage=10&sort=name&order=ASC',
      '/restaurant/branches/1',
      '/restaurant/devices/9',
    ]);
  });

  it('reads one restaurant by GET /restaurant/{id} and many by filtering the list', async () => {
    expect((await dp().getOne('restaurants', { id: 1 })).data).toEqual(restaurants[1]);
    expect((await dp().getMany('users', { ids: [2, 5] })).data.map((u) => u.id)).toEqual([2, 5]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /restaurant/1',
      // The server's largest page (PER_PAGE_MAX): 1000 was refused with a 400 under the restaurants picker.
      'GET /user?page=1&perPage=500&sort=id&order=ASC',
    ]);
  });

  it("creates an admin by POST /user with role 'admin', and a restaurant by POST /restaurant", async () => {
    const admin = await dp().create('admins', {
      data: { name: 'N', email: 'n@specter.sa', password: 'p4ssword', confirmPassword: 'p4ssword' },
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/user',
      body: { name: 'N', email: 'n@specter.sa', role: 'admin' },
    });
    expect(admin.data).toMatchObject({ name: 'N', message: 'created' });
    expect(admin.data.id).toBeTypeOf('number');
    const r = await dp().create('restaurants', { data: { name: 'New', logo: '/x.png' } });
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/restaurant', body: { name: 'New', logo: '/x.png' } });
    expect(r.data).toEqual({ name: 'New', logo: '/x.png', id: 3 });
  });

  it('edits a restaurant by PATCH with the form fields only (not PUT, not the whole record)', async () => {
    const data = {
      id: 1,
      name: 'Najd Grill 2',
      logo: '/l.png',
      token: 't',
      branchs_token: 'b',
      system_type: 'Foodics',
      Branchs: [],
      name_api: 'x',
    };
    await dp().update('restaurants', { id: 1, data, previousData: data });
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/restaurant/1',
      body: { name: 'Najd Grill 2', logo: '/l.png', token: 't', branchs_token: 'b', system_type: 'Foodics' },
      auth: 'Bearer tkn',
    });
    await expect(dp().update('users', { id: 1, data: {}, previousData: { id: 1 } })).rejects.toMatchObject({
      status: 405,
    });
  });

  it('deletes admins and restaurants softly by PATCH {isDeleted: true}, app users by DELETE; the row comes back', async () => {
    const row = { id: 3, name: 'Lina' };
    expect((await dp().delete('admins', { id: 3, previousData: row })).data).toEqual(row);
    await dp().delete('restaurants', { id: 1 });
    expect((await dp().delete('users', { id: 5 })).data).toEqual({ id: 5 });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/user/3', { isDeleted: true }],
      ['PATCH', '/restaurant/delete/1', { isDeleted: true }],
      ['DELETE', '/user/5', undefined],
    ]);
  });

  it('refuses a resource it does not know', async () => {
    await expect(dp().getList('nothing', list)).rejects.toMatchObject({ status: 404 });
  });
});

describe('against a server that pages', () => {
  it('takes the rows and the X-Total-Count as they come', async () => {
    server.use(
      http.get(`${API}/user`, () => HttpResponse.json([users[0], users[1]], { headers: { 'X-Total-Count': '42' } })),
    );
    expect(await dp().getList('users', list)).toEqual({ data: [users[0], users[1]], total: 42 });
  });

  it("reads simple-rest's Content-Range total too", async () => {
    server.use(
      http.get(`${API}/restaurant`, () =>
        HttpResponse.json({ restaurants: [restaurants[0]] }, { headers: { 'Content-Range': 'restaurants 0-0/9' } }),
      ),
    );
    expect(await dp().getList('restaurants', list)).toEqual({ data: [restaurants[0]], total: 9 });
  });
});
