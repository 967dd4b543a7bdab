// Expired rows of rate_counters, otp_challenges and phone_guards are purged; live ones stay. Two purges at
// once (two instances) delete each row once and never fail; the schedule runs while the app is up.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client';
import { otpChallenges, phoneGuards, rateCounters } from '../../../server/db/schema';
import { purgeExpired } from '../../../server/db/purge';
import { createTestApp, type TestApp } from '../helpers/app';

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function seed(database: Database) {
  const { db } = database;
  await db.delete(rateCounters);
  await db.delete(otpChallenges);
  await db.delete(phoneGuards);
  await db.insert(rateCounters).values([
    { key: 'ended', count: 3, resetAt: ago(0.01) },
    { key: 'running', count: 3, resetAt: ago(-1) },
  ]);
  const code = { codeHash: 'h', codeSealed: 's' };
  await db.insert(otpChallenges).values([
    { phone: '+966500000001', ...code, expiresAt: ago(25) }, // a day past its expiry: gone
    { phone: '+966500000002', ...code, expiresAt: ago(2) }, // expired, within the day of grace: kept
    { phone: '+966500000003', ...code, expiresAt: ago(-0.05) }, // live: kept
  ]);
  await db.insert(phoneGuards).values([
    { phone: '+966500000001', failuresInRow: 4, updatedAt: ago(30) }, // untouched for over a day: gone
    { phone: '+966500000002', failuresInRow: 50, lockedAt: ago(1), updatedAt: ago(1) }, // a recent lock: kept
    { phone: '+966500000003', failuresInRow: 2, updatedAt: ago(3) }, // recent: kept
  ]);
}

const left = async (database: Database) => ({
  rateCounters: (await database.db.select({ k: rateCounters.key }).from(rateCounters)).map((r) => r.k).sort(),
  otpChallenges: (await database.db.select({ p: otpChallenges.phone }).from(otpChallenges)).map((r) => r.p).sort(),
  phoneGuards: (await database.db.select({ p: phoneGuards.phone }).from(phoneGuards)).map((r) => r.p).sort(),
});
const EXPECTED_LEFT = {
  rateCounters: ['running'],
  otpChallenges: ['+966500000002', '+966500000003'],
  phoneGuards: ['+966500000002', '+966500000003'],
};

describe('purging expired rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PURGE_INTERVAL_SECONDS: '0' });
  });
  afterAll(() => t.close());
  beforeEach(() => seed(t.database));

  it('deletes ended rate windows, codes a day past expiry and guards untouched for a day; keeps the rest', async () => {
    expect(await purgeExpired(t.database)).toEqual({ rateCounters: 1, otpChallenges: 1, phoneGuards: 1 });
    expect(await left(t.database)).toEqual(EXPECTED_LEFT);
    // A second run finds nothing more.
    expect(await purgeExpired(t.database)).toEqual({ rateCounters: 0, otpChallenges: 0, phoneGuards: 0 });
  });

  it('keeps a phone guard as long as a lock lasts when that is longer than a day', async () => {
    await t.database.db
      .insert(phoneGuards)
      .values({ phone: '+966500000009', failuresInRow: 50, lockedAt: ago(40), updatedAt: ago(40) });
    await purgeExpired(t.database, 48);
    expect((await left(t.database)).phoneGuards).toContain('+966500000009');
    await purgeExpired(t.database, 24);
    expect((await left(t.database)).phoneGuards).not.toContain('+966500000009');
  });

  it('two purges at once (as two instances would run them): no failure, each row deleted once', async () => {
    // On PostgreSQL, the second purge comes through a pool of its own, as another instance's would.
    let second = t.database;
    if (t.database.kind === 'postgres') {
      const res = await t.database.db.execute(sql`select current_database() as d`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${(res as unknown as { rows: { d: string }[] }).rows[0].d}`;
      second = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    }
    try {
      const results = await Promise.all([purgeExpired(t.database), purgeExpired(second), purgeExpired(t.database)]);
      const done = results.filter((r) => r !== null);
      const total = (k: 'rateCounters' | 'otpChallenges' | 'phoneGuards') => done.reduce((n, r) => n + r![k], 0);
      expect([total('rateCounters'), total('otpChallenges'), total('phoneGuards')]).toEqual([1, 1, 1]);
      expect(await left(t.database)).toEqual(EXPECTED_LEFT);
    } finally {
      if (second !== t.database) await second.close();
    }
  });

  it('the app purges on its schedule (PURGE_INTERVAL_SECONDS) while it is up', async () => {
    const scheduled = await createTestApp({ PURGE_INTERVAL_SECONDS: '1' });
    try {
      await seed(scheduled.database);
      let now = await left(scheduled.database);
      for (let i = 0; i < 100 && JSON.stringify(now) !== JSON.stringify(EXPECTED_LEFT); i++) {
        await new Promise((r) => setTimeout(r, 200));
        now = await left(scheduled.database);
      }
      expect(now).toEqual(EXPECTED_LEFT);
    } finally {
      await scheduled.close();
    }
  });

  it("the app's scheduled purge keeps a guard for OTP_LOCK_HOURS when a lock lasts longer than a day", async () => {
    const scheduled = await createTestApp({ PURGE_INTERVAL_SECONDS: '1', OTP_LOCK_HOURS: '48' });
    try {
      await seed(scheduled.database);
      await scheduled.database.db
        .insert(phoneGuards)
        .values({ phone: '+966500000009', failuresInRow: 50, lockedAt: ago(40), updatedAt: ago(40) });
      // The ended rate window gone shows that a purge has run; guards of 30 and 40 hours must have survived it.
      let now = await left(scheduled.database);
      for (let i = 0; i < 100 && now.rateCounters.length !== EXPECTED_LEFT.rateCounters.length; i++) {
        await new Promise((r) => setTimeout(r, 200));
        now = await left(scheduled.database);
      }
      expect(now.rateCounters).toEqual(EXPECTED_LEFT.rateCounters);
      // Untouched for 30 and 40 hours: both within the 48 hours a lock lasts here, so both kept.
      expect(now.phoneGuards).toEqual(['+966500000001', ...EXPECTED_LEFT.phoneGuards, '+966500000009']);
    } finally {
      await scheduled.close();
    }
  });
});
