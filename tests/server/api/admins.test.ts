import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('admins: GET /admin, POST /user (create), PATCH /user/{id} (soft delete)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  const create = (payload: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: '/user', headers, payload: payload as object });
  const valid = {
    name: 'Lina',
    email: 'lina@example.com',
    password: 'password-8',
    confirmPassword: 'password-8',
    role: 'admin',
  };

  it('creates an admin (200, id name email), who can sign in and is listed', async () => {
    const res = await create(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Lina', email: 'lina@example.com' });
    expect(res.json()).not.toHaveProperty('password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { email: 'lina@example.com', password: 'password-8' },
    });
    expect(login.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/admin', headers: auth });
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json().find((a: { email: string }) => a.email === 'lina@example.com')).toEqual({
      id: res.json().id,
      name: 'Lina',
      email: 'lina@example.com',
      role: 'admin',
      restaurantIds: [],
    });
  });

  it('refuses a taken e-mail with 409, whatever its case', async () => {
    // An account of its own: the test stands alone, whatever ran before it.
    expect((await create({ ...valid, name: 'Omar', email: 'omar@example.com' })).statusCode).toBe(200);
    const res = await create({ ...valid, email: 'OMAR@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it.each([
    [{ ...valid, name: '' }, /^name: Required$/],
    [{ ...valid, email: undefined }, /^email: Required$/],
    [{ ...valid, password: 'short' }, /^password: Should not be less than 8 characters$/],
    [{ ...valid, confirmPassword: 'short' }, /^confirmPassword: Should not be less than 8 characters$/],
    [{ ...valid, confirmPassword: 'password-9' }, /^confirmPassword: /],
    [{ ...valid, role: 'superadmin' }, /^role: /],
    [{ ...valid, isAdmin: true }, /isAdmin|Unrecognized/],
  ])('400 for bad input %#', async (payload, message) => {
    const res = await create({
      ...payload,
      email: (payload as { email?: unknown }).email === undefined ? undefined : `n${Math.random()}@example.com`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('never creates an admin without a live token, whatever the body mixes', async () => {
    for (const body of [
      valid,
      { ...valid, phone: '+966501234567' },
      { phone: '+966501234567', role: 'admin' },
      { email: 'a@b.c', password: 'x' },
    ]) {
      const res = await create({ ...body, email: 'intruder@example.com' }, {});
      expect(res.statusCode).toBe(401);
    }
    const list = await t.app.inject({ method: 'GET', url: '/admin', headers: auth });
    expect(list.json().some((a: { email: string }) => a.email === 'intruder@example.com')).toBe(false);
  });

  it('pages, sorts and searches on request, with the total in X-Total-Count', async () => {
    for (const n of ['Alpha', 'Beta', 'Gamma']) {
      await create({ ...valid, name: `${n} Page`, email: `${n.toLowerCase()}@paging.test` });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin?q=paging.test&page=1&perPage=2&sort=name&order=DESC',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((a: { name: string }) => a.name)).toEqual(['Gamma Page', 'Beta Page']);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/admin?q=paging.test&page=2&perPage=2&sort=name&order=DESC',
      headers: auth,
    });
    expect(page2.json().map((a: { name: string }) => a.name)).toEqual(['Alpha Page']);
    const bad = await t.app.inject({ method: 'GET', url: '/admin?sort=passwordHash', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^sort: /);
    const badPage = await t.app.inject({ method: 'GET', url: '/admin?page=0', headers: auth });
    expect(badPage.statusCode).toBe(400);
  });

  it('search treats % and _ literally', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/admin?q=${encodeURIComponent('%')}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('soft-deletes: gone from the list, cannot sign in, its token dies, 404 the second time', async () => {
    const made = (await create({ ...valid, email: 'gone@example.com' })).json();
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { email: 'gone@example.com', password: 'password-8' },
    });
    const goneToken = login.json().data.token;
    const del = await t.app.inject({
      method: 'PATCH',
      url: `/user/${made.id}`,
      headers: auth,
      payload: { isDeleted: true },
    });
    expect(del.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/admin', headers: auth });
    expect(list.json().some((a: { id: number }) => a.id === made.id)).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { email: 'gone@example.com', password: 'password-8' },
    });
    expect(again.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin', headers: { authorization: `Bearer ${goneToken}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/user/isVerify', headers: { authorization: `Bearer ${goneToken}` } })
      ).json(),
    ).toEqual({ verify: false });
    const twice = await t.app.inject({
      method: 'PATCH',
      url: `/user/${made.id}`,
      headers: auth,
      payload: { isDeleted: true },
    });
    expect(twice.statusCode).toBe(404);
    // the e-mail of a deleted admin can be used again
    expect((await create({ ...valid, email: 'gone@example.com' })).statusCode).toBe(200);
  });

  it('PATCH /user/{id} validates its body and id', async () => {
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/user/1', headers: auth, payload: { isDeleted: false } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/user/abc', headers: auth, payload: { isDeleted: true } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/user/999999', headers: auth, payload: { isDeleted: true } }))
        .statusCode,
    ).toBe(404);
  });
});
