// A deployment that forgets NODE_ENV or ADMIN_* must not fall back to the demo: the demo admin exists only on
// the embedded database outside production and is never re-created elsewhere; with DATABASE_URL set, whatever
// NODE_ENV says, no demo data, no stand-in, and the console SMS provider only when asked for by name.
// The newcomer's embedded demo keeps its demo admin. The last test starts the real server and reads its refusal.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig, testConfig } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import { admins } from '../../../server/db/schema';
import { DEMO_ADMIN, ensureFirstAdmin, NO_FIRST_ADMIN } from '../../../server/db/seed/bootstrap';
import { demoDataWanted } from '../../../server/stand-ins/demoSeed';
import { createSmsSender, SMS_PROVIDER_NEEDED } from '../../../server/sms';
import { startDemoServices } from '../../../server/stand-ins/demo';
import { createTestDatabase } from '../helpers/db';

const PG = 'postgres://db.example:5432/specter';
const noLog = { info: () => {} };

describe('the first admin', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    await database.db.delete(admins);
  });
  afterAll(() => database.close());
  const allAdmins = () => database.db.select().from(admins);

  for (const [what, config] of [
    ['in production without ADMIN_EMAIL/ADMIN_PASSWORD', { NODE_ENV: 'production' as const }],
    [
      'on a real database (DATABASE_URL) in development without ADMIN_EMAIL/ADMIN_PASSWORD',
      { NODE_ENV: 'development' as const, DATABASE_URL: PG },
    ],
    [
      'on the embedded database with NODE_ENV unset but a real SMS provider and a real Foodics address',
      loadConfig({ SMS_PROVIDER: 'twilio', FOODICS_BASE_URL: 'https://api.foodics.com/v5' }),
    ],
    [
      'on the embedded database in development with a real SMS provider only',
      loadConfig({ NODE_ENV: 'development', SMS_PROVIDER: 'unifonic' }),
    ],
    [
      'on the embedded database in development with a real Foodics address only',
      loadConfig({ NODE_ENV: 'development', FOODICS_BASE_URL: 'https://api.foodics.com/v5' }),
    ],
  ] as const) {
    it(`${what}: refuses with a line naming ADMIN_EMAIL and ADMIN_PASSWORD, and creates no demo admin`, async () => {
      await expect(ensureFirstAdmin(database, config)).rejects.toThrow(NO_FIRST_ADMIN);
      expect(NO_FIRST_ADMIN).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
      expect(await allAdmins()).toEqual([]);
    });
  }

  it('in production with ADMIN_EMAIL/ADMIN_PASSWORD: creates that admin, not the demo one; a restart creates nothing', async () => {
    const config = {
      NODE_ENV: 'production' as const,
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'owner-password-1',
    };
    expect(await ensureFirstAdmin(database, config)).toEqual({ email: 'Owner@Example.com', password: undefined });
    expect(await ensureFirstAdmin(database, config)).toBeNull();
    expect((await allAdmins()).map((a) => a.email)).toEqual(['owner@example.com']);
  });

  it('in production, when no live admin is left, the demo admin is not re-created: the start is refused', async () => {
    await ensureFirstAdmin(database, {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
    });
    await database.db.update(admins).set({ isDeleted: true });
    await expect(ensureFirstAdmin(database, { NODE_ENV: 'production' })).rejects.toThrow(NO_FIRST_ADMIN);
    expect(await database.db.select().from(admins).where(eq(admins.email, DEMO_ADMIN.email))).toEqual([]);
  });

  it('the embedded demo (no DATABASE_URL, development) keeps its demo admin and prints its credentials', async () => {
    expect(await ensureFirstAdmin(database, { NODE_ENV: 'development' })).toEqual({
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(await ensureFirstAdmin(database, { NODE_ENV: 'development' })).toEqual({
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect((await allAdmins()).map((a) => a.email)).toEqual([DEMO_ADMIN.email]);
  });
});

describe('safe defaults with DATABASE_URL set, whatever NODE_ENV says', () => {
  it('no demo data: off by default, and asking for it refuses to start; the embedded demo keeps it', () => {
    for (const NODE_ENV of ['development', 'test', 'production'] as const) {
      expect(demoDataWanted({ DATABASE_URL: PG, NODE_ENV, DEMO_DATA: undefined })).toBe(false);
      expect(() => demoDataWanted({ DATABASE_URL: PG, NODE_ENV, DEMO_DATA: true })).toThrow(
        /DEMO_DATA .* refused on a real database/,
      );
    }
    expect(demoDataWanted({ DATABASE_URL: undefined, NODE_ENV: 'development', DEMO_DATA: undefined })).toBe(true);
    expect(demoDataWanted({ DATABASE_URL: undefined, NODE_ENV: 'production', DEMO_DATA: undefined })).toBe(false);
  });

  it('no Foodics stand-in: off by default, and asking for it refuses to start; the embedded demo keeps it', async () => {
    expect(loadConfig({ DATABASE_URL: PG }).FOODICS_STAND_IN).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).FOODICS_STAND_IN).toBe(true);
    await expect(startDemoServices(loadConfig({ DATABASE_URL: PG, FOODICS_STAND_IN: '1' }))).rejects.toThrow(
      /FOODICS_STAND_IN .* refused on a real database/,
    );
    await expect(startDemoServices(loadConfig({ NODE_ENV: 'production', FOODICS_STAND_IN: '1' }))).rejects.toThrow(
      /refused/,
    );
  });

  it('the console SMS provider only when SMS_PROVIDER=console is set: unset, the start is refused with a line naming SMS_PROVIDER', async () => {
    expect(() => createSmsSender(loadConfig({ DATABASE_URL: PG }), noLog)).toThrow(SMS_PROVIDER_NEEDED);
    expect(SMS_PROVIDER_NEEDED).toMatch(/SMS_PROVIDER=twilio or unifonic/);
    expect(createSmsSender(loadConfig({ DATABASE_URL: PG, SMS_PROVIDER: 'console' }), noLog).name).toBe('console');
    expect(() =>
      createSmsSender(loadConfig({ DATABASE_URL: PG, SMS_PROVIDER: 'console', NODE_ENV: 'production' }), noLog),
    ).toThrow(/refused in production/);
    // The embedded demo: console by default, as before.
    expect(createSmsSender(testConfig(), noLog).name).toBe('console');
  });
});

describe('the real server refuses to start', () => {
  const start = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const base = Object.fromEntries(
        Object.entries(process.env).filter(
          ([k]) => !/^(DATABASE_URL|REDIS_URL|JWT_SECRET|ADMIN_|SMS_|DEMO_DATA|FOODICS_|TEST_DB|NODE_ENV)/.test(k),
        ),
      );
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/main.ts')], {
        env: {
          ...base,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'specter-safe-')),
          ...env,
        },
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });

  it('in production on an empty database without ADMIN_EMAIL/ADMIN_PASSWORD: exit 1 with the line naming them', async () => {
    const { code, output } = await start({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'x',
      TWILIO_FROM: '+15005550006',
    });
    expect(code).toBe(1);
    expect(output).toContain(NO_FIRST_ADMIN);
    expect(output).not.toContain(DEMO_ADMIN.password);
  }, 90_000);
});
