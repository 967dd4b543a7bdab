// Every call a back-office screen makes, one at a time, on a first visit and on a repeat (docs/PERFORMANCE.md,
// section 3: first visits). Method:
// - the product runs in its own process (server/main.ts, production mode, its defaults: the answer memory of
//   ANSWER_CACHE_MS and the page marks on) against a PostgreSQL database seeded beforehand (BENCH_PG_URL, e.g.
//   `npm run seed:big -- --users 1000000 --orders 10000000` into a database of its own);
// - first visit: before each timed call a write through the product (the bench restaurant renamed: it changes
//   the restaurants, which every list and the dashboard depend on) drops the answer memory and the page marks,
//   as an admin's first visit of the morning finds them; repeat: the same call again at once (a reload);
// - each case runs --runs times (default 30); p50 and p99 of each column, the status answered, and the machine's
//   load average (1 min) before and after the case, since other work shares the two cores.
// - a manager's scope (issue 26): a manager account of the bench restaurant, made through the API (POST /user),
//   times its own lists and deep pages; the guestbook's cases (an admin's and the manager's: each sort the column
//   headers offer, first and last page, page 2,000, the searches) need guests (`npm run seed:big -- --guests-only
//   --guests 300000`: every customer's guest row, 200,000 of them consented).
// - bench/explain-lists.ts prints the plans behind these cases (EXPLAIN (ANALYZE, BUFFERS) of the product's queries).
// - loyalty's Members, Ledger and figures (issue 47) need its members and entries:
//   `DATABASE_URL=<the same database> npx tsx bench/loyaltySeed.ts --members 1000000 --ledger 10000000`; their CSV
//   cases time the file's first bytes (the wait before a download starts), not the whole file.
// - each case starts with --warm untimed visits (default 1; 0 as before the seventeenth session): a process's
//   first call of a query pays its database connection's catalogue caches once, which a running server has paid.
// Usage: BENCH_PG_URL=postgres://.../specter_big npx tsx bench/first-visit.ts [--runs 30] [--cases <regexp>]
//        [--budget <seconds per case, 60>] [--warm 1]
import os from 'node:os';
import pg from 'pg';
import { startOnSeededPostgres, table } from './lib';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const runs = Number(arg('runs', '30'));
const warm = Number(arg('warm', '1'));
const only = new RegExp(arg('cases', '.'), 'i');
// A case that takes seconds a call stops after 3 runs once it has used this many seconds (its `n` says how many).
const budgetMs = Number(arg('budget', '60')) * 1000;
const pgUrl = process.env.BENCH_PG_URL;
if (!pgUrl) throw new Error('BENCH_PG_URL names a database seeded with npm run seed:big');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const load1 = () => os.loadavg()[0].toFixed(1);

const one = async (c: pg.Client, q: string) => (await c.query(q)).rows[0];
const db = new pg.Client({ connectionString: pgUrl });
await db.connect();
const { users, orders } = await one(
  db,
  "select (select n from row_counts where name = 'app_users') as users, (select n from row_counts where name = 'orders') as orders",
);
const restaurant = (await one(db, "select id from restaurants where name like 'Bench Restaurant%' order by id limit 1"))
  .id as number;
// A customer with orders late in the users' table (past the first 5,000 of any walk of it), as issue 35 found.
const late = (await one(db, 'select max(app_user_id) as id from orders')).id as number;
const guests = Number((await one(db, 'select count(*) as n from guests where consented')).n);
// Loyalty (issue 47; bench/loyaltySeed.ts): the members and entries, a member of the bench restaurant.
const { members, entries } = await one(
  db,
  'select (select coalesce(sum(members), 0) from loyalty_totals)::int as members, (select coalesce(sum(entries), 0) from loyalty_ledger_days)::bigint as entries',
);
const member = (await one(db, `select min(id) as id from loyalty_members where restaurant_id = ${restaurant}`)).id as
  number | null;
// Kept open for the CSV cases: a download cancelled after its first bytes leaves its batch query running on the
// server; the next timed call waits until the database is idle again (idleAfterCancel), so each call is timed on an
// idle server, as every other case is, and how long the cancelled download kept working is reported beside it.
const watcher = db;

const server = await startOnSeededPostgres(pgUrl);

try {
  const { auth } = server;
  let renamed = 0;
  const write = async () => {
    const res = await fetch(`${server.url}/restaurant/${restaurant}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench Restaurant ${++renamed % 2}` }),
    });
    if (res.status !== 200) throw new Error(`the write answered ${res.status}: ${await res.text()}`);
  };
  // The bench restaurant's manager (issue 26), made through the API once; a later run signs in with it again.
  const manager = { email: 'bench-manager@specter.sa', password: 'bench-password-1' };
  const made = await fetch(`${server.url}/user`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Manager',
      ...manager,
      confirmPassword: manager.password,
      role: 'manager',
      restaurantIds: [restaurant],
    }),
  });
  if (made.status !== 200 && made.status !== 201 && made.status !== 400 && made.status !== 409)
    throw new Error(`the manager could not be made (${made.status}): ${await made.text()}`);
  const signIn = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(manager),
  });
  if (signIn.status !== 200)
    throw new Error(`the manager could not sign in (${signIn.status}): ${await signIn.text()}`);
  const managerAuth = {
    authorization: `Bearer ${((await signIn.json()) as { data: { token: string } }).data.token}`,
  };
  const MANAGER = 'manager: ';
  /** One call's time: to its whole answer, or for a CSV (FIRST_BYTES in the case's name) to its first bytes - what
   * the owner waits for before the download starts; a million members' file then streams for seconds. */
  const FIRST_BYTES = 'first bytes';
  const timed = async (url: string, as: Record<string, string>, firstBytes = false) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}${url}`, { headers: as });
    if (firstBytes && res.body) {
      const reader = res.body.getReader();
      await reader.read();
      const ms = performance.now() - t0;
      await reader.cancel();
      return { ms, status: res.status, leftover: await idleAfterCancel() };
    }
    await res.arrayBuffer();
    return { ms: performance.now() - t0, status: res.status };
  };

  /** Ms until no query of another connection runs on the database, and none has for 20 ms (a download's batches
   * and its trail record are separate queries with gaps between them); at most 60 s. */
  async function idleAfterCancel() {
    const t0 = performance.now();
    let idleSince: number | undefined;
    for (;;) {
      const { n } = await one(
        watcher,
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      const now = performance.now();
      if (n > 0) idleSince = undefined;
      else idleSince ??= now;
      if ((idleSince !== undefined && now - idleSince >= 20) || now - t0 > 60_000) return (idleSince ?? now) - t0;
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  const per = 25;
  const lastUsers = Math.ceil(users / per);
  const lastOrders = Math.ceil(orders / per);
  const cases: [string, string][] = [
    ['dashboard: GET /statistics', '/statistics'],
    ['dashboard: GET /order/last-orders', '/order/last-orders'],
    ['App Users page 1', `/user?page=1&perPage=${per}&sort=createdAt&order=DESC`],
    ['App Users page 2,000', `/user?page=2000&perPage=${per}&sort=createdAt&order=DESC`],
    [`App Users last page (${lastUsers})`, `/user?page=${lastUsers}&perPage=${per}&sort=createdAt&order=DESC`],
    [
      `App Users page ${Math.round(lastUsers / 2)} (the middle)`,
      `/user?page=${Math.round(lastUsers / 2)}&perPage=${per}`,
    ],
  ];
  for (const [field, order] of [
    ['createdAt', 'ASC'],
    ['firstName', 'ASC'],
    ['firstName', 'DESC'],
    ['phone', 'ASC'],
    ['birthDate', 'DESC'],
    ['gender', 'ASC'],
    ['lastLogin', 'DESC'],
  ])
    for (const page of [1, lastUsers])
      cases.push([
        `App Users by ${field} ${order}, page ${page === 1 ? 1 : 'last'}`,
        `/user?page=${page}&perPage=${per}&sort=${field}&order=${order}`,
      ]);
  for (const [what, q] of [
    ['phone, 1 digit', '5'],
    ['phone, 2 digits', '12'],
    ['phone, 3 digits', '123'],
    ['phone, 7 digits', '1234567'],
    ['name, 2 letters (400)', 'xy'],
    ['name, 3 letters', 'sar'],
    ['name "sara" (10% of users)', 'sara'],
    ['full name', 'Sara Al-Harbi'],
  ])
    cases.push([
      `App Users search ${what}`,
      `/user?page=1&perPage=${per}&sort=createdAt&order=DESC&q=${encodeURIComponent(q)}`,
    ]);
  cases.push(['App Users "sara" page 2,000', `/user?page=2000&perPage=${per}&sort=createdAt&order=DESC&q=sara`]);
  cases.push(
    ['Orders page 1', `/order?page=1&perPage=${per}`],
    ['Orders page 2,000', `/order?page=2000&perPage=${per}`],
    [`Orders last page (${lastOrders})`, `/order?page=${lastOrders}&perPage=${per}`],
    [
      `Orders page ${Math.round(lastOrders / 2)} (the middle)`,
      `/order?page=${Math.round(lastOrders / 2)}&perPage=${per}`,
    ],
  );
  for (const [field, order] of [
    ['createdAt', 'ASC'],
    ['totalPrice', 'DESC'],
    ['totalPrice', 'ASC'],
    ['orderNumber', 'ASC'],
    ['orderNumber', 'DESC'],
  ])
    for (const page of [1, lastOrders])
      cases.push([
        `Orders by ${field} ${order}, page ${page === 1 ? 1 : 'last'}`,
        `/order?page=${page}&perPage=${per}&sort=${field}&order=${order}`,
      ]);
  for (const [what, q] of [
    ['1 digit', '7'],
    ['2 digits', '12'],
    ['3 digits', '123'],
    ['4 digits (a phone part)', '1234'],
    ['local phone part "0501"', '0501'],
    ['an order number', '9876543'],
    ['2 letters (400)', 'ab'],
    ['letters', 'bench'],
  ])
    cases.push([`Orders search ${what}`, `/order?page=1&perPage=${per}&q=${encodeURIComponent(q)}`]);
  cases.push(
    ['Orders of a restaurant', `/order?page=1&perPage=${per}&restaurantId=${restaurant}`],
    ['Orders of a restaurant, last page', `/order?page=${lastOrders}&perPage=${per}&restaurantId=${restaurant}`],
    ['Orders of one day', `/order?page=1&perPage=${per}&from=2026-11-22&to=2026-11-22`],
    ['Orders of a date range with no orders', `/order?page=1&perPage=${per}&from=2020-01-01&to=2020-01-31`],
    ['Orders of one customer', `/order?page=1&perPage=${per}&appUserId=${late}`],
    ['Orders of one customer, "7"', `/order?page=1&perPage=${per}&q=7&appUserId=${late}`],
  );
  // A manager of the bench restaurant (which holds every seeded order): the same screens under its scope.
  cases.push(
    [`${MANAGER}dashboard: GET /statistics`, '/statistics'],
    [`${MANAGER}dashboard: GET /order/last-orders`, '/order/last-orders'],
    [`${MANAGER}Orders page 1`, `/order?page=1&perPage=${per}`],
    [`${MANAGER}Orders page 2,000`, `/order?page=2000&perPage=${per}`],
    [`${MANAGER}Orders last page (${lastOrders})`, `/order?page=${lastOrders}&perPage=${per}`],
    [`${MANAGER}Orders by totalPrice DESC, page 1`, `/order?page=1&perPage=${per}&sort=totalPrice&order=DESC`],
    [`${MANAGER}Orders search 3 digits`, `/order?page=1&perPage=${per}&q=123`],
    [`${MANAGER}Orders search local phone part "0501"`, `/order?page=1&perPage=${per}&q=0501`],
    [`${MANAGER}Orders search an order number`, `/order?page=1&perPage=${per}&q=9876543`],
    [`${MANAGER}Orders search letters`, `/order?page=1&perPage=${per}&q=bench`],
    [`${MANAGER}App Users page 1`, `/user?page=1&perPage=${per}&sort=createdAt&order=DESC`],
    [`${MANAGER}App Users page 2,000`, `/user?page=2000&perPage=${per}&sort=createdAt&order=DESC`],
    [
      `${MANAGER}App Users last page (${lastUsers})`,
      `/user?page=${lastUsers}&perPage=${per}&sort=createdAt&order=DESC`,
    ],
    [`${MANAGER}App Users by firstName ASC, page 1`, `/user?page=1&perPage=${per}&sort=firstName&order=ASC`],
    [`${MANAGER}App Users search phone, 3 digits`, `/user?page=1&perPage=${per}&sort=createdAt&order=DESC&q=123`],
    [`${MANAGER}App Users search name "sara"`, `/user?page=1&perPage=${per}&sort=createdAt&order=DESC&q=sara`],
  );
  // The guestbook (issue 34): the consented guests (seed-big --guests), an admin's and a manager's list (the manager
  // of the bench restaurant, which holds every guest), each sort the screen's column headers offer (the first and the
  // last page), the deep pages, the searches, and the insights of the last 7 and 90 days (every seeded order is
  // dated 2026-11-22).
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const lastGuests = Math.max(1, Math.ceil(guests / per));
  const guestSorts = [
    ['visits', 'DESC'],
    ['spend', 'DESC'],
    ['average_ticket', 'DESC'],
    ['first_visit_at', 'ASC'],
    ['name', 'ASC'],
    ['phone', 'ASC'],
    ['last_visit_at', 'ASC'],
  ];
  for (const who of ['', MANAGER]) {
    cases.push(
      [`${who}Guests page 1 (${guests} consented)`, `/api/guest?page=1&perPage=${per}`],
      [`${who}Guests page 2,000`, `/api/guest?page=2000&perPage=${per}`],
      [`${who}Guests last page (${lastGuests})`, `/api/guest?page=${lastGuests}&perPage=${per}`],
    );
    for (const [field, order] of guestSorts)
      for (const page of [1, lastGuests])
        cases.push([
          `${who}Guests by ${field} ${order}, page ${page === 1 ? 1 : 'last'}`,
          `/api/guest?page=${page}&perPage=${per}&sort=${field}&order=${order}`,
        ]);
    cases.push(
      [`${who}Guests by visits DESC, page 2,000`, `/api/guest?page=2000&perPage=${per}&sort=visits&order=DESC`],
      [
        `${who}Guests of the restaurant, last page`,
        `/api/guest?page=${lastGuests}&perPage=${per}&restaurantId=${restaurant}`,
      ],
      [`${who}Guests search "sara"`, `/api/guest?page=1&perPage=${per}&q=sara`],
      [`${who}Guests search phone "0501"`, `/api/guest?page=1&perPage=${per}&q=0501`],
    );
  }
  cases.push(
    ['Guest insights, 7 days', `/api/guest/insights?restaurantId=${restaurant}&from=${day(6)}&to=${day(0)}`],
    ['Guest insights, 90 days', `/api/guest/insights?restaurantId=${restaurant}&from=${day(89)}&to=${day(0)}`],
    [`${MANAGER}Guest insights, 7 days`, `/api/guest/insights?restaurantId=${restaurant}&from=${day(6)}&to=${day(0)}`],
  );
  // A manager's deep pages beside the ones above (issue 50): App Users and Orders by another sort, last page.
  cases.push(
    [
      `${MANAGER}App Users by firstName ASC, page last`,
      `/user?page=${lastUsers}&perPage=${per}&sort=firstName&order=ASC`,
    ],
    [`${MANAGER}App Users by createdAt ASC, page 2,000`, `/user?page=2000&perPage=${per}&sort=createdAt&order=ASC`],
    [
      `${MANAGER}Orders by totalPrice DESC, page last`,
      `/order?page=${lastOrders}&perPage=${per}&sort=totalPrice&order=DESC`,
    ],
  );
  // Loyalty's back-office (issue 47): the Members list (1,000,000 members), the Ledger (10,000,000 entries) and the
  // program's figures, an admin's and the bench restaurant's manager's.
  const lastMembers = Math.max(1, Math.ceil(Number(members) / per));
  cases.push(
    [
      `Members page 1 (${members} members)`,
      `/api/loyalty/members?page=1&perPage=${per}&sort=last_activity_at&order=DESC`,
    ],
    ['Members page 2,000', `/api/loyalty/members?page=2000&perPage=${per}&sort=last_activity_at&order=DESC`],
    [
      `Members last page (${lastMembers})`,
      `/api/loyalty/members?page=${lastMembers}&perPage=${per}&sort=last_activity_at&order=DESC`,
    ],
    ['Members by balance DESC, page 1', `/api/loyalty/members?page=1&perPage=${per}&sort=balance&order=DESC`],
    ['Members of a restaurant', `/api/loyalty/members?page=1&perPage=${per}&restaurantId=${restaurant}`],
    ['Members search "sara"', `/api/loyalty/members?page=1&perPage=${per}&q=sara`],
    ['Members search phone "1234"', `/api/loyalty/members?page=1&perPage=${per}&q=1234`],
    ['Members search phone "0501"', `/api/loyalty/members?page=1&perPage=${per}&q=0501`],
    [`Ledger page 1 (${entries} entries)`, `/api/loyalty/ledger?page=1&perPage=${per}`],
    ['Ledger page 2,000', `/api/loyalty/ledger?page=2000&perPage=${per}`],
    ['Ledger of a restaurant', `/api/loyalty/ledger?page=1&perPage=${per}&restaurantId=${restaurant}`],
    ['Ledger of a restaurant, page 2,000', `/api/loyalty/ledger?page=2000&perPage=${per}&restaurantId=${restaurant}`],
    ['Ledger: redeems', `/api/loyalty/ledger?page=1&perPage=${per}&kind=redeem`],
    ['Ledger: adjustments (none)', `/api/loyalty/ledger?page=1&perPage=${per}&kind=adjust`],
    [
      "Ledger: a restaurant's redeems",
      `/api/loyalty/ledger?page=1&perPage=${per}&restaurantId=${restaurant}&kind=redeem`,
    ],
    ['Ledger of a member', `/api/loyalty/ledger?page=1&perPage=${per}&memberId=${member ?? 1}`],
    ['Ledger of the last 7 days', `/api/loyalty/ledger?page=1&perPage=${per}&from=${day(6)}&to=${day(0)}`],
    ['Loyalty insights, 30 days', `/api/loyalty/insights?from=${day(29)}&to=${day(0)}`],
    ['Loyalty insights, 365 days', `/api/loyalty/insights?from=${day(364)}&to=${day(0)}`],
    [
      'Loyalty insights of a restaurant, 30 days',
      `/api/loyalty/insights?restaurantId=${restaurant}&from=${day(29)}&to=${day(0)}`,
    ],
    [`${MANAGER}Members page 1`, `/api/loyalty/members?page=1&perPage=${per}`],
    [`${MANAGER}Members search "sara"`, `/api/loyalty/members?page=1&perPage=${per}&q=sara`],
    [`${MANAGER}Ledger page 1`, `/api/loyalty/ledger?page=1&perPage=${per}`],
    [`${MANAGER}Loyalty insights, 30 days`, `/api/loyalty/insights?from=${day(29)}&to=${day(0)}`],
    [`Members CSV, ${FIRST_BYTES}`, '/api/loyalty/members/export.csv'],
    [`Ledger CSV, ${FIRST_BYTES}`, '/api/loyalty/ledger/export.csv'],
    [`${MANAGER}Members CSV, ${FIRST_BYTES}`, '/api/loyalty/members/export.csv'],
    [
      `${MANAGER}Ledger CSV of the last 7 days, ${FIRST_BYTES}`,
      `/api/loyalty/ledger/export.csv?from=${day(6)}&to=${day(0)}`,
    ],
  );

  console.log(
    `first visits: ${users} app users, ${orders} saved orders, ${runs} runs per case, ${os.cpus().length} cores, started at ${new Date().toISOString()}`,
  );
  const rows: Record<string, string | number>[] = [];
  for (const [name, url] of cases.filter(([n]) => only.test(n))) {
    const before = load1();
    const first: number[] = [];
    const repeat: number[] = [];
    const statuses = new Set<number>();
    const leftovers: number[] = [];
    const as = name.startsWith(MANAGER) ? managerAuth : auth;
    // One untimed visit first: the case's first call in this process also opens its query's tables and indexes in
    // the database connections it lands on (the server's catalogue caches) and warms the JIT, 100-200 ms once per
    // connection for the process's life, which no later first visit pays (a morning's first visit finds a running
    // server). The write before each timed call still drops the answer memory and page marks.
    for (let i = 0; i < warm; i++) {
      await write();
      await timed(url, as, name.endsWith(FIRST_BYTES));
    }
    const started = Date.now();
    for (let i = 0; i < runs && (i < 3 || Date.now() - started < budgetMs); i++) {
      await write();
      const a = await timed(url, as, name.endsWith(FIRST_BYTES));
      const b = await timed(url, as, name.endsWith(FIRST_BYTES));
      first.push(a.ms);
      repeat.push(b.ms);
      for (const { leftover } of [a, b]) if (leftover !== undefined) leftovers.push(leftover);
      statuses.add(a.status);
    }
    const row = {
      case: name,
      status: [...statuses].join(','),
      n: first.length,
      'first p50': ms(pct(first, 50)),
      'first p99': ms(pct(first, 99)),
      'repeat p50': ms(pct(repeat, 50)),
      'repeat p99': ms(pct(repeat, 99)),
      load: `${before}-${load1()}`,
      // A cancelled download's work after its first bytes (ms until the database was idle again, p50 / max).
      'idle after': leftovers.length ? `${ms(pct(leftovers, 50))} / ${ms(Math.max(...leftovers))}` : '-',
      '50 ms': pct(first, 99) <= 50 ? 'met' : 'MISSED',
    };
    rows.push(row);
    console.error(JSON.stringify(row));
  }
  console.log(
    `ended at ${new Date().toISOString()}; uptime: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  table(rows);
} finally {
  await server.stop();
  await watcher.end();
}
