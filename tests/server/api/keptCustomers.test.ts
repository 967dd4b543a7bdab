import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminRestaurants, admins, appUsers, restaurants } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { saveOrderToAccount } from '../../../server/db/repositories/savedOrders';
import { guestsList, recordConsent, withdrawConsent } from '../../../server/db/repositories/guests';
import { pagedList } from '../../../server/db/paging';
import { deleteAppUser } from '../../../server/db/repositories/appUsers';
import { deleteCustomerData } from '../../../server/customer/deleteData';
import type { PosOrder } from '../../../server/core/posPort';

// A manager's first screen and the guestbook without counting the orders (migration 0025, docs/PERFORMANCE.md
// section 3a): each restaurant's distinct customers ('customers@<id>') and consented guests ('consented@<id>') are
// kept in row_counts by triggers. They equal the counts over the orders and the guest rows after every kind of write
// - saves one at a time and at once, consents given and withdrawn, Delete my data, an admin's deletion, both at once
// with saves, an order moved, a bulk statement -, and the screens read them: a manager's dashboard, the total and
// the pages of a manager's App Users, and every sort and page of the guestbook, for an admin and a manager.
describe("the kept customers and consented guests behind a manager's first screen and the guestbook", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const managers: Record<'a' | 'ab' | 'none', Record<string, string>> = { a: {}, ab: {}, none: {} };
  let a = 0;
  let b = 0;
  let c = 0;
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp({ ANSWER_CACHE_MS: '0' });
    admin = { authorization: `Bearer ${await t.adminToken()}` };
    const { db } = t.database;
    [{ id: a }, { id: b }, { id: c }] = await db
      .insert(restaurants)
      .values(
        ['A', 'B', 'C'].map((name) => ({
          name,
          logo: '/l.svg',
          token: 't',
          branchsToken: 'b',
          systemType: 'Foodics' as const,
        })),
      )
      .returning({ id: restaurants.id });
    for (const [key, ids] of [
      ['a', [a]],
      ['ab', [a, b]],
      ['none', []],
    ] as const) {
      const [m] = await db
        .insert(admins)
        .values({
          name: `M ${key}`,
          email: `m-${key}-${Date.now()}@example.com`,
          passwordHash: await hashPassword('password-123'),
          role: 'manager',
        })
        .returning({ id: admins.id });
      if (ids.length)
        await db.insert(adminRestaurants).values(ids.map((restaurantId) => ({ adminId: m.id, restaurantId })));
      managers[key] = { authorization: `Bearer ${await t.deps.tokens.issue(m.id)}` };
    }
  });
  afterAll(() => t.close());

  let n = 0;
  const orderOf = (): PosOrder =>
    ({
      posOrderId: `kept-c-${++n}`,
      deviceId: 'till-1',
      status: 4,
      closedAt: new Date(),
      invoice: {
        currency: 'SAR',
        branch_name: 'Olaya',
        order_date: '2026-11-20',
        order_time: '12:00',
        order_number: `KC${n}`,
        check_number: null,
        payment_method: 'Cash',
        sub_total_price: 10,
        discount_amount: 0,
        total_price: 11.5,
        order_items: [{ item_name: 'Tea', item_quantity: 1, total_price: 11.5 }],
      },
    }) as unknown as PosOrder;
  /** A save as the invoice page makes it: the order, the guest row, and the yes when ticked, in one transaction. */
  const save = (phone: string, restaurantId: number, consent = false) =>
    t.database.db.transaction(async (tx) => {
      await saveOrderToAccount(tx, { phone, restaurantId, deviceId: 'till-1', order: orderOf() });
      if (consent) await recordConsent(tx, phone, restaurantId);
    });
  const phone = (i: number) => `+9665430${String(i).padStart(5, '0')}`;

  /** The kept counts of every restaurant against the counts over the orders and the guest rows. */
  const keptOf = async (name: string) =>
    Number((await rows<{ n: string }>(sql`select n from row_counts where name = ${name}`))[0]?.n ?? 0);

  async function agree({ guestRowsArePairs = true } = {}) {
    const kept = await rows<{ name: string; n: string }>(
      sql`select name, n from row_counts where name like 'customers@%' or name like 'consented@%'`,
    );
    const real = await rows<{ r: number; customers: string; consented: string }>(sql`
      select r.id as r,
        (select count(distinct o.app_user_id) from orders o where o.restaurant_id = r.id) as customers,
        (select count(*) from guests g where g.restaurant_id = r.id and g.consented) as consented
      from restaurants r`);
    const of = (name: string) => Number(kept.find((k) => k.name === name)?.n ?? 0);
    for (const r of real) {
      expect(of(`customers@${r.r}`), `customers of ${r.r}`).toBe(Number(r.customers));
      expect(of(`consented@${r.r}`), `consented guests of ${r.r}`).toBe(Number(r.consented));
    }
    // The guest rows are the customers (keepGuest), the multi-restaurant count's source.
    const [pairs] = await rows<{ n: string }>(sql`select count(*) as n from (
      select distinct restaurant_id, app_user_id from orders) p`);
    const [guestRows] = await rows<{ n: string }>(sql`select count(*) as n from guests`);
    if (guestRowsArePairs) expect(Number(guestRows.n)).toBe(Number(pairs.n));
  }

  // Each test saves its own phones; agree() holds for the whole database whatever ran before.
  describe('equal the counts over the orders and the guest rows after every kind of write', () => {
    it('saves one at a time: new and returning customers at two restaurants, with and without a yes', async () => {
      const before = await keptOf(`customers@${a}`);
      await save(phone(1), a, true);
      await save(phone(1), a);
      await save(phone(1), b);
      await save(phone(2), a);
      await save(phone(3), b, true);
      await agree();
      expect((await keptOf(`customers@${a}`)) - before).toBe(2);
    });

    it('20 saves of one phone at once, beside 20 of new phones (half saying yes) at the same restaurant', async () => {
      await Promise.all([
        ...Array.from({ length: 20 }, () => save(phone(10), a, true)),
        ...Array.from({ length: 20 }, (_, i) => save(phone(100 + i), a, i % 2 === 0)),
      ]);
      await agree();
    });

    it('a yes withdrawn, Delete my data, an app user deleted in the back-office', async () => {
      await save(phone(20), b, true);
      await save(phone(21), a, true);
      await save(phone(21), b);
      await save(phone(22), a, true);
      await withdrawConsent(t.database.db, phone(20), b);
      await agree();
      await t.database.db.transaction((tx) => deleteCustomerData(tx, phone(21)));
      await agree();
      const [u] = await t.database.db
        .select()
        .from(appUsers)
        .where(eq(appUsers.phone, phone(22)));
      await t.database.db.transaction((tx) => deleteAppUser(tx, u.id));
      await agree();
    });

    it('Delete my data and deletions in the back-office at once with saves (new customers saying yes) at the same restaurants', async () => {
      const gone = Array.from({ length: 12 }, (_, i) => phone(200 + i));
      for (const [i, p] of gone.entries()) await save(p, i % 2 ? a : b, true);
      for (let i = 0; i < 6; i++) await save(phone(400 + i), a);
      const users = await t.database.db
        .select({ id: appUsers.id, phone: appUsers.phone })
        .from(appUsers)
        .where(inArray(appUsers.phone, gone));
      // None waits on another in a circle: a deadlock would fail one of these.
      await Promise.all([
        ...users.slice(0, 6).map((u) => t.database.db.transaction((tx) => deleteCustomerData(tx, u.phone))),
        ...users.slice(6).map((u) => t.database.db.transaction((tx) => deleteAppUser(tx, u.id))),
        ...Array.from({ length: 12 }, (_, i) => save(phone(300 + i), i % 2 ? a : b, true)),
        ...Array.from({ length: 6 }, (_, i) => save(phone(400 + i), b, true)),
      ]);
      await agree();
    });

    it('an order moved to another restaurant, one deleted, and one statement of many customers', async () => {
      await save(phone(30), a, true);
      await save(phone(30), a);
      const [o] = await rows<{ id: number }>(
        sql`select id from orders where app_user_id = (select id from app_users where phone = ${phone(30)}) limit 1`,
      );
      await t.database.db.execute(sql`update orders set restaurant_id = ${b} where id = ${o.id}`);
      await t.database.db.execute(sql`update orders set total_price = 12 where restaurant_id = ${a}`);
      // The moved order's pair at B has no guest row: no save made it (keepGuest is the save's).
      await agree({ guestRowsArePairs: false });
      await t.database.db.execute(sql`delete from orders where id = ${o.id}`);
      await agree();
      await bulk(5000, 5200, a);
      await agree();
    });
  });

  /** App users `from`..`to` with one to three orders each at the restaurant in one statement, and their guest rows
   * as keepGuest leaves them (three in four consented; names with ties and blanks). */
  async function bulk(from: number, to: number, restaurantId: number) {
    await t.database.db.execute(sql`
      insert into app_users (phone, first_name, created_at)
      select ${'+9665431'} || lpad(i::text, 5, '0'),
             (array['Sara', 'Omar', null, 'Huda', 'Ali'])[1 + i % 5], timestamptz '2026-01-01' + (i % 37 || ' hours')::interval
      from generate_series(${from}::int, ${to}::int) as i
      on conflict (phone) do nothing`);
    await t.database.db.execute(sql`
      insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name, order_number, order_date,
                          order_time, payment_method, sub_total_price, discount_amount, total_price, currency, created_at)
      select u.id, ${restaurantId}::int, 'bulk-' || ${restaurantId}::int || '-' || u.id || '-' || k, 'till-1', 'Olaya',
             u.id::text, '2026-11-20', '12:00', 'Cash', 10, 0, 5 + u.id % 7, 'SAR', now()
      from app_users u, generate_series(1, 3) as k
      where u.phone like '+9665431%' and substr(u.phone, 9)::int between ${from}::int and ${to}::int
        and k <= 1 + u.id % 3`);
    await t.database.db.execute(sql`
      insert into guests (restaurant_id, app_user_id, consented, first_visit_at, last_visit_at, first_visit_on, visits,
                          spend, average_ticket, currency)
      select o.restaurant_id, o.app_user_id, o.app_user_id % 4 <> 0,
             timestamptz '2026-11-01' + (o.app_user_id % 41 || ' hours')::interval,
             timestamptz '2026-11-20' + (o.app_user_id % 23 || ' minutes')::interval, '2026-11-01', count(*)::int,
             sum(o.total_price), sum(o.total_price) / count(*), 'SAR'
      from orders o join app_users u on u.id = o.app_user_id
      where o.restaurant_id = ${restaurantId}::int and u.phone like '+9665431%'
        and substr(u.phone, 9)::int between ${from}::int and ${to}::int
      group by 1, 2
      on conflict (restaurant_id, app_user_id) do nothing`);
  }

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  describe('the screens read them', () => {
    beforeAll(async () => {
      await bulk(1000, 2500, a); // customers of A (over a thousand consented guests)
      await bulk(3000, 3030, b); // customers of B only
      await bulk(1000, 1030, b); // customers of A and B
      // C's guests, then C deleted: none of them is shown, nor counted.
      await bulk(3500, 3540, c);
      await t.database.db.update(restaurants).set({ isDeleted: true }).where(eq(restaurants.id, c));
    });

    // A manager sees the customers who said yes to one of its restaurants (docs/SECURITY.md "Roles", issue 48): its
    // Users tile and its App Users list both count those, each once.
    it("a manager's dashboard counts the customers who said yes once each, from the kept counts; App Users' total agrees", async () => {
      await agree();
      const distinct = async (ids: number[]) =>
        Number(
          (
            await rows<{ n: string }>(
              sql`select count(distinct app_user_id) as n from guests where consented and restaurant_id in (${sql.join(ids, sql`, `)})`,
            )
          )[0].n,
        );
      for (const [key, ids] of [
        ['a', [a]],
        ['ab', [a, b]],
      ] as const) {
        const stats = (await get('/statistics', managers[key])).json();
        expect(stats.users, `users of ${key}`).toBe(await distinct([...ids]));
        const page = await get('/user?page=1&perPage=25', managers[key]);
        expect(page.headers['x-total-count'], `App Users total of ${key}`).toBe(String(stats.users));
        expect(page.headers['x-total-exact']).toBeUndefined();
      }
      expect((await get('/statistics', managers.none)).json()).toMatchObject({ users: 0, restaurants: 0, orders: 0 });
    });

    it("every page of a manager's App Users, the last included, holds the rows of the plain ORDER BY ... OFFSET", async () => {
      // Newest sign-up first (the default), oldest first, and by id: a manager of one restaurant reads them from its
      // guests' copy of each sign-up time (migration 0029), which must give the app users' own order.
      for (const [query, order] of [
        ['', sql`u.created_at desc, u.id desc`],
        ['&sort=createdAt&order=ASC', sql`u.created_at asc, u.id asc`],
        ['&sort=id&order=DESC', sql`u.id desc`],
      ] as const) {
        const plain = (
          await rows<{ id: number }>(sql`
          select u.id from app_users u
          where exists (select 1 from guests g where g.app_user_id = u.id and g.restaurant_id = ${a} and g.consented)
          order by ${order}`)
        ).map((r) => Number(r.id));
        expect(plain.length).toBeGreaterThan(1000);
        const last = Math.ceil(plain.length / 25);
        for (const page of [1, 40, 41, last - 1, last, last + 1]) {
          const res = await get(`/user?page=${page}&perPage=25${query}`, managers.a);
          expect(res.statusCode).toBe(200);
          expect(
            res.json().map((u: { id: number }) => u.id),
            `page ${page}${query}`,
          ).toEqual(plain.slice((page - 1) * 25, page * 25));
          expect(res.headers['x-total-count']).toBe(String(plain.length));
        }
      }
    });

    it("a guest row keeps its app user's sign-up time, from its first write on", async () => {
      const [{ n }] = await rows<{ n: string }>(sql`select count(*) as n from guests g
        join app_users u on u.id = g.app_user_id where g.user_created_at is distinct from u.created_at`);
      expect(Number(n)).toBe(0);
      const [{ id }] = await rows<{ id: number }>(sql`select app_user_id as id from guests limit 1`);
      await t.database.db
        .update(appUsers)
        .set({ createdAt: new Date('2020-01-02T03:04:05Z') })
        .where(eq(appUsers.id, id));
      const kept = await rows<{ at: string }>(
        sql`select to_char(user_created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at from guests where app_user_id = ${id}`,
      );
      expect(kept.map((k) => k.at)).toEqual(kept.map(() => '2020-01-02 03:04:05'));
    });

    it("a guest row keeps its app user's first name and phone as they change", async () => {
      const [u] = await rows<{ id: number }>(
        sql`select app_user_id as id from guests where restaurant_id = ${a} limit 1`,
      );
      await t.database.db.update(appUsers).set({ firstName: 'Zainab' }).where(eq(appUsers.id, u.id));
      const kept = await rows<{ first_name: string; phone: string; p: string }>(sql`
      select g.first_name, g.phone, u.phone as p from guests g join app_users u on u.id = g.app_user_id
      where g.app_user_id = ${u.id}`);
      expect(kept.length).toBeGreaterThan(0);
      for (const g of kept) expect(g).toMatchObject({ first_name: 'Zainab', phone: g.p });
      const [mismatch] = await rows<{
        n: string;
      }>(sql`select count(*) as n from guests g join app_users u on u.id = g.app_user_id
      where g.first_name is distinct from u.first_name or g.phone <> u.phone`);
      expect(Number(mismatch.n)).toBe(0);
    });

    describe('the guestbook: every sort, both ways, its first, deep and last pages, with an exact total', () => {
      const columns: Record<string, string> = {
        id: 'g.id',
        name: 'u.first_name',
        phone: 'u.phone',
        first_visit_at: 'g.first_visit_at',
        last_visit_at: 'g.last_visit_at',
        visits: 'g.visits',
        spend: 'g.spend',
        average_ticket: 'g.average_ticket',
      };
      /** The guestbook's ids as the plain query orders them: consented rows of live restaurants. */
      const plain = async (sort: string, order: 'ASC' | 'DESC', restaurantIds?: number[]) =>
        (
          await rows<{ id: number }>(sql`
          select g.id from guests g join app_users u on u.id = g.app_user_id join restaurants r on r.id = g.restaurant_id
          where g.consented and not r.is_deleted
            ${restaurantIds ? sql`and g.restaurant_id in (${sql.join(restaurantIds, sql`, `)})` : sql``}
          order by ${sql.raw(`${columns[sort]} ${order}, g.id ${order}`)}`)
        ).map((r) => Number(r.id));

      // One test per viewer (each is 8 sorts x 2 ways x 5 pages): page 1, page 41 (the first past DEEP_OFFSET, read
      // by its ids), the last two (read from the other end) and the one after the last (empty).
      it.each([
        ['an admin', () => admin, '', undefined],
        ["an admin's filter of one restaurant", () => admin, () => `&restaurantId=${a}`, () => [a]],
        ['a manager of one restaurant', () => managers.a, '', () => [a]],
        ['a manager of two restaurants', () => managers.ab, '', () => [a, b]],
      ] as const)('for %s, each page equals the plain ORDER BY ... OFFSET', async (who, headersOf, filterOf, idsOf) => {
        const headers = headersOf();
        const filter = typeof filterOf === 'function' ? filterOf() : filterOf;
        const ids = idsOf ? idsOf() : undefined;
        for (const sort of Object.keys(columns))
          for (const order of ['ASC', 'DESC'] as const) {
            const expected = await plain(sort, order, ids);
            expect(expected.length).toBeGreaterThan(1000);
            const last = Math.ceil(expected.length / 25);
            for (const page of [1, 41, last - 1, last, last + 1]) {
              const res = await get(`/guest?page=${page}&perPage=25&sort=${sort}&order=${order}${filter}`, headers);
              expect(res.statusCode, res.body).toBe(200);
              const what = `${who}, ${sort} ${order}, page ${page}`;
              expect(
                res.json().map((g: { id: number }) => g.id),
                what,
              ).toEqual(expected.slice((page - 1) * 25, page * 25));
              expect(res.headers['x-total-count'], what).toBe(String(expected.length));
              expect(res.headers['x-total-exact'], what).toBeUndefined();
            }
          }
      });

      /** The guestbook's ids matching a search as the plain query finds them: every word (digits without a leading +
       * or 0) in the app user's first or last name or phone, newest visit first. */
      const plainSearch = async (q: string, restaurantIds?: number[]) => {
        const words = q.split(/\s+/).map((w) => (/^\+?\d+$/.test(w) ? w.replace(/^\+/, '').replace(/^0/, '') : w));
        const matches = words.map(
          (w) => sql`(u.first_name ilike ${`%${w}%`} or u.last_name ilike ${`%${w}%`} or u.phone ilike ${`%${w}%`})`,
        );
        return (
          await rows<{ id: number }>(sql`
            select g.id from guests g join app_users u on u.id = g.app_user_id join restaurants r on r.id = g.restaurant_id
            where g.consented and not r.is_deleted and ${sql.join(matches, sql` and `)}
              ${restaurantIds ? sql`and g.restaurant_id in (${sql.join(restaurantIds, sql`, `)})` : sql``}
            order by g.last_visit_at desc, g.id desc`)
        ).map((r) => Number(r.id));
      };

      it('a search finds the rows of the plain query, its total exact up to 1,000, for an admin and a manager', async () => {
        for (const [headers, ids] of [
          [admin, undefined],
          [managers.a, [a]],
        ] as const)
          for (const q of ['Sara', '4310', '05431015', 'Huda 431', 'nobody']) {
            const expected = await plainSearch(q, ids ? [...ids] : undefined);
            for (const page of [1, 2]) {
              const res = await get(`/guest?page=${page}&perPage=25&q=${encodeURIComponent(q)}`, headers);
              expect(res.statusCode, res.body).toBe(200);
              expect(
                res.json().map((g: { id: number }) => g.id),
                `${q} page ${page}`,
              ).toEqual(expected.slice((page - 1) * 25, page * 25));
              expect(res.headers['x-total-count'], q).toBe(String(Math.min(expected.length, 1000)));
              expect(res.headers['x-total-exact'], q).toBe(expected.length > 1000 ? 'false' : undefined);
            }
          }
      });

      it('a search matching more app users than it reads by app user walks the list in its order: the same rows', async () => {
        for (const q of ['a', 'Omar']) {
          const expected = await plainSearch(q);
          const reply = {
            headers: {} as Record<string, string>,
            header: (n: string, v: string) => void (reply.headers[n] = v),
          };
          for (const page of [1, 3]) {
            const query = { page, perPage: 25, q };
            const source = await guestsList(t.database.db, query, undefined, { usersListed: 20 });
            const got = await pagedList(query, reply, source);
            expect(
              got.map((g) => g.id),
              `${q} page ${page}`,
            ).toEqual(expected.slice((page - 1) * 25, page * 25));
            expect(reply.headers['X-Total-Count'], q).toBe(String(Math.min(expected.length, 1000)));
            expect(reply.headers['X-Total-Exact'], q).toBe(expected.length > 1000 ? 'false' : undefined);
          }
        }
      });

      it("a deleted restaurant's guests are in no page nor total; a manager of no restaurant sees none", async () => {
        const ofC = (
          await rows<{ id: number }>(sql`select id from guests where restaurant_id = ${c} and consented`)
        ).map((r) => Number(r.id));
        expect(ofC.length).toBeGreaterThan(0);
        const onlyC = await get(`/guest?page=1&perPage=25&restaurantId=${c}`, admin);
        expect(onlyC.json()).toEqual([]);
        expect(onlyC.headers['x-total-count']).toBe('0');
        const none = await get('/guest?page=1&perPage=25', managers.none);
        expect(none.statusCode).toBe(200);
        expect(none.json()).toEqual([]);
        expect(none.headers['x-total-count']).toBe('0');
      });
    });
  });
});
