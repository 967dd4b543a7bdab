// CSV exports: app users streamed in keyset batches (the rows of the search, once each, with a BOM so
// Excel reads Arabic), formula-looking cells defused, and the one-minute download ticket that lets a plain
// link download: accepted once while fresh for a live admin, refused when used again, forged, expired or for
// another use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { admins, appUsers } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { withQueryLog, type LoggedQuery } from '../helpers/queryLog';

/** Formula-looking names (OWASP "CSV injection"): each must reach the file with a leading apostrophe. */
const FORMULAS = ['=HYPERLINK("http://evil")', '+SUM(A1:A9)', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '\tTAB', '\rCR'];

describe('CSV exports and download tickets', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ EXPORT_BATCH_SIZE: '10' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    await t.database.db.insert(appUsers).values(
      Array.from({ length: 37 }, (_, i) => ({
        phone: `+9665${String(10000000 + i)}`,
        firstName: i === 0 ? 'سارة' : (FORMULAS[i - 1] ?? `User${i}`),
        lastName: i % 3 ? 'Saleh' : null,
        ...(i === 0
          ? {
              birthDate: '1990-04-17',
              gender: 'female',
              lastLogin: new Date('2026-11-20T08:15:30.000Z'),
              createdAt: new Date('2026-01-02T03:04:05.000Z'),
            }
          : {}),
      })),
    );
  });
  afterAll(() => t.close());

  it('GET /user/export.csv: BOM, the columns of docs/API.md, all 37 users once each in id order, read in 4 batches of 10, Arabic intact', async () => {
    // An instance whose connection logs what it sends: the batches are seen as the database receives them.
    const log: LoggedQuery[] = [];
    const logged = await buildApp({ ...t.deps, database: withQueryLog(t.database, log) });
    await logged.ready();
    const res = await logged.inject({ method: 'GET', url: '/user/export.csv', headers: auth });
    await logged.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="app-users.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const batches = log.filter((q) => /from "app_users"/.test(q.sql));
    expect(batches).toHaveLength(4); // 10 + 10 + 10 + 7: the short fourth batch ends the walk
    for (const b of batches) {
      expect(b.sql).toMatch(/order by "app_users"\."id" asc limit \$\d+$/);
      expect(b.params.at(-1)).toBe(10);
    }
    expect(batches.slice(1).every((b) => /"app_users"\."id" > \$1/.test(b.sql))).toBe(true); // keyset, no OFFSET
    expect(log.some((q) => /offset/i.test(q.sql))).toBe(false);

    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'id',
      'first name',
      'last name',
      'phone',
      'birth date',
      'gender',
      'last login date',
      'last login time',
      'signed up date',
      'signed up time',
    ]);
    expect(rows).toHaveLength(38);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(37);
    const [sara] = await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966510000000'));
    expect(rows[1]).toEqual([
      String(sara.id),
      'سارة',
      '',
      // The CSV convention (issue 49): a phone kept as text, so a spreadsheet keeps its +.
      '="+966510000000"',
      '1990-04-17',
      'female',
      // The local date and time in columns of their own (FUNNEL_TIME_ZONE, Asia/Riyadh: 08:15:30Z is 11:15:30).
      '2026-11-20',
      '11:15:30',
      '2026-01-02',
      '06:04:05',
    ]);
    expect(rows[2].slice(2, 8)).toEqual(['Saleh', '="+966510000001"', '', '', '', '']);
    expect(rows[2][8]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows[2][9]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('every formula-looking cell (=, +, -, @, tab, carriage return) gets a leading apostrophe; a phone stays a number', async () => {
    const rows = parse((await t.app.inject({ method: 'GET', url: '/user/export.csv', headers: auth })).body, {
      bom: true,
      relax_quotes: true,
    }) as string[][];
    expect(rows.slice(2, 2 + FORMULAS.length).map((r) => r[1])).toEqual(FORMULAS.map((f) => `'${f}`));
    expect(rows.slice(1).every((r) => /^="\+9665\d{8}"$/.test(r[3]))).toBe(true);
  });

  it('the export follows the search: q=Saleh gives the Saleh users only', async () => {
    const rows = parse((await t.app.inject({ method: 'GET', url: '/user/export.csv?q=Saleh', headers: auth })).body, {
      bom: true,
    }) as string[][];
    expect(rows.slice(1).every((r) => r[2] === 'Saleh')).toBe(true);
    expect(rows).toHaveLength(1 + 24);
  });

  it('POST /export/ticket gives a one-minute ticket that downloads without the Authorization header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/export/ticket', headers: auth });
    expect(res.statusCode).toBe(200);
    const { ticket, expiresIn } = res.json();
    expect(expiresIn).toBe(60);
    const claims = decodeJwt(ticket);
    expect(claims.exp! - claims.iat!).toBe(60);
    const download = await t.app.inject({ method: 'GET', url: `/user/export.csv?ticket=${ticket}` });
    expect(download.statusCode).toBe(200);
    expect((parse(download.body, { bom: true }) as string[][]).length).toBe(38);
    // A ticket is not a bearer token: it opens no other admin call.
    expect(
      (await t.app.inject({ method: 'GET', url: '/user', headers: { authorization: `Bearer ${ticket}` } })).statusCode,
    ).toBe(401);
  });

  it("a ticket's download reports its progress to the account that asked for it, and to nobody else", async () => {
    const { ticket, progress } = (await t.app.inject({ method: 'POST', url: '/export/ticket', headers: auth })).json();
    expect(progress).toBe(decodeJwt(ticket).jti);
    const read = (headers = auth) => t.app.inject({ method: 'GET', url: `/export/progress/${progress}`, headers });
    // Not started yet: nothing to tell.
    expect((await read()).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/user/export.csv?ticket=${ticket}` })).statusCode).toBe(200);
    const done = await read();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ rows: 37, done: true, complete: true });
    // Another account never reads it, and an unknown id is a 404 like it.
    const other = { authorization: `Bearer ${await t.adminToken()}` };
    expect((await read(other)).json()).toEqual({ message: 'No such export in progress' });
    expect((await read(other)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/export/progress/not-a-ticket', headers: auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/export/progress/${progress}` })).statusCode).toBe(401);
  });

  it('a ticket opens one download: a second use of the same link is a 401, on any export', async () => {
    const { ticket } = (await t.app.inject({ method: 'POST', url: '/export/ticket', headers: auth })).json();
    expect((await t.app.inject({ method: 'GET', url: `/user/export.csv?ticket=${ticket}` })).statusCode).toBe(200);
    for (const path of ['/user/export.csv', '/order/export.csv']) {
      const again = await t.app.inject({ method: 'GET', url: `${path}?ticket=${ticket}` });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ message: 'This download link has expired, please export again' });
    }
    // A fresh ticket still works.
    const next = (await t.app.inject({ method: 'POST', url: '/export/ticket', headers: auth })).json().ticket;
    expect((await t.app.inject({ method: 'GET', url: `/order/export.csv?ticket=${next}` })).statusCode).toBe(200);
  });

  it("a forged, expired, bearer-token-as-ticket or deleted admin's ticket is a 401 JSON {message}", async () => {
    const bearer = auth.authorization.slice(7);
    const key = new TextEncoder().encode(`export:${t.config.JWT_SECRET}`);
    const adminId = decodeJwt(bearer).sub!;
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .setAudience('specter-export')
      .sign(key);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setExpirationTime('1m')
      .setAudience('specter-export')
      .sign(new TextEncoder().encode('another-secret-another-secret'));
    for (const ticket of ['abc', expired, forged, bearer]) {
      const res = await t.app.inject({ method: 'GET', url: `/order/export.csv?ticket=${encodeURIComponent(ticket)}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'This download link has expired, please export again' });
    }
    const other = await t.adminToken();
    const { ticket } = (
      await t.app.inject({ method: 'POST', url: '/export/ticket', headers: { authorization: `Bearer ${other}` } })
    ).json();
    await t.database.db
      .update(admins)
      .set({ isDeleted: true })
      .where(eq(admins.id, Number(decodeJwt(other).sub)));
    expect((await t.app.inject({ method: 'GET', url: `/funnel/export.csv?ticket=${ticket}` })).statusCode).toBe(401);
  });
});
