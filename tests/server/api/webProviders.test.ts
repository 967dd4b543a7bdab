import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { createDataProvider } from '../../../src/dataProvider';
import { fetchPublicConfig } from '../../../src/lib/usePublicConfig';
import { qrContent } from '../../../src/admin/qr/qrContent';
import { appUsers, restaurants } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { admins } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

// The web app's dataProvider and authProvider against the real server over real HTTP (no msw): the calls
// they make are the calls the server answers.
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
}

describe('dataProvider and authProvider against the real server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://receipts.najd.example' });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.database.db
      .insert(admins)
      .values({ name: 'Web Admin', email: 'web@specter.sa', passwordHash: await hashPassword('web-password-1') });
    await t.database.db.insert(appUsers).values(
      Array.from({ length: 30 }, (_, i) => ({
        firstName: i % 2 ? 'Sara' : 'Omar',
        lastName: `N${i}`,
        phone: `+96650000${String(i).padStart(4, '0')}`,
      })),
    );
    await t.database.db
      .insert(restaurants)
      .values({ name: 'Najd Grill', logo: '/x.png', token: 't', branchsToken: 'b', systemType: 'Specter' });
  });
  afterAll(() => t.close());

  /** A browser's storage signed in as the admin, as the login screen leaves it: each test signs in for itself. */
  async function signedIn() {
    const storage = new MemoryStorage();
    await createAuthProvider(url, storage).login({ email: 'web@specter.sa', password: 'web-password-1' });
    expect(storage.getItem('token')).toMatch(/\S+\.\S+\.\S+/);
    return storage;
  }

  it('login stores the token under `token`; checkAuth passes; logout removes it', async () => {
    const storage = new MemoryStorage();
    const auth = createAuthProvider(url, storage);
    await expect(auth.login({ email: 'web@specter.sa', password: 'wrong-password' })).rejects.toThrow(
      'Invalid Email or Password',
    );
    expect(storage.getItem('token')).toBeNull();
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(await auth.login({ email: 'web@specter.sa', password: 'web-password-1' })).toEqual({ redirectTo: '/home' });
    expect(storage.getItem('token')).toMatch(/\S+\.\S+\.\S+/);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.logout({})).toBe('/login');
    expect(storage.getItem('token')).toBeNull();
    // The remembered "verified" answer goes with the token: the next guard sends the visitor to /login.
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it("the QR links' address: PUBLIC_URL reaches the back-office through GET /api/public-config", async () => {
    const { publicUrl } = await fetchPublicConfig(url);
    expect(publicUrl).toBe('https://receipts.najd.example');
    expect(JSON.parse(qrContent(publicUrl!, 5, 'dev-1'))[3]).toBe(
      'https://receipts.najd.example/user/invoice?restId=5&deviceId=dev-1',
    );
  });

  it('lists page, sort and search in the server (total from the header)', async () => {
    const dp = createDataProvider(url, await signedIn());
    const page2 = await dp.getList('users', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(page2.total).toBe(30);
    expect(page2.data).toHaveLength(10);
    expect(page2.data[0].lastName).toBe('N10');
    const sara = await dp.getList('users', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'sara' },
    });
    expect(sara.total).toBe(15);
    const rest = await dp.getList('restaurants', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(rest.data[0]).toMatchObject({ name: 'Najd Grill', Branchs: [] });
  });

  it('create admin, soft delete it; statistics and latest orders', async () => {
    const dp = createDataProvider(url, await signedIn());
    const created = await dp.create('admins', {
      data: { name: 'New', email: 'new@specter.sa', password: 'password-1', confirmPassword: 'password-1' },
    });
    expect(created.data.id).toBeTypeOf('number');
    const before = await dp.getList('admins', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(before.data.map((a) => a.email)).toContain('new@specter.sa');
    await dp.delete('admins', { id: created.data.id });
    const after = await dp.getList('admins', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(after.data.map((a) => a.email)).not.toContain('new@specter.sa');
    expect(await dp.getStatistics()).toEqual({ users: 30, restaurants: 1, orders: 0 });
    expect(await dp.getLatestOrders()).toEqual([]);
  });

  it('restaurants: getOne, update by PATCH and soft delete; an app user is deleted by DELETE /user/{id}', async () => {
    const dp = createDataProvider(url, await signedIn());
    // A restaurant and an app user of this test's own, which it edits and deletes (the others' stay as seeded).
    await t.database.db
      .insert(restaurants)
      .values({ name: 'Olaya Cafe', logo: '/x.png', token: 't', branchsToken: 'b', systemType: 'Specter' });
    await t.database.db.insert(appUsers).values({ firstName: 'Gone', lastName: 'Guest', phone: '+966509999999' });
    const rest = await dp.getList('restaurants', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'olaya' },
    });
    const id = rest.data[0].id;
    // Issue 25: a token is shown masked to everyone (a short one: the mask only).
    expect((await dp.getOne('restaurants', { id })).data).toMatchObject({
      id,
      name: 'Olaya Cafe',
      branchs_token: '****',
    });
    const edited = await dp.update('restaurants', {
      id,
      data: { ...rest.data[0], name: 'Olaya Cafe II' },
      previousData: rest.data[0],
    });
    expect(edited.data).toMatchObject({ id, name: 'Olaya Cafe II' });
    const users = await dp.getList('users', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'gone' },
    });
    const gone = users.data[0];
    expect(gone).toMatchObject({ firstName: 'Gone', phone: '+966509999999' });
    const before = (
      await dp.getList('users', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
    ).total;
    expect((await dp.delete('users', { id: gone.id, previousData: gone })).data).toEqual(gone);
    const after = await dp.getList('users', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(after.total).toBe(before! - 1);
    expect(after.data.map((u) => u.id)).not.toContain(gone.id);
    await dp.delete('restaurants', { id });
    await expect(dp.getOne('restaurants', { id })).rejects.toMatchObject({ status: 404 });
  });

  it('a forged token makes the server answer 401, which the authProvider turns into a sign-out', async () => {
    const forged = new MemoryStorage();
    forged.setItem('token', 'a.b.c');
    const dp = createDataProvider(url, forged);
    const err = await dp.getStatistics().catch((e) => e);
    expect(err.status).toBe(401);
    const auth = createAuthProvider(url, forged);
    await expect(auth.checkError(err)).rejects.toMatchObject({ redirectTo: '/login' });
    expect(forged.getItem('token')).toBeNull();
  });
});
