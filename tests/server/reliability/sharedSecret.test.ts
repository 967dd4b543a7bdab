// Without JWT_SECRET, every instance on one PostgreSQL database shares one generated secret, kept in the
// database (server_secrets): a sign-in token and a one-time code issued by one instance are good on another.
// The embedded database keeps its secret in DATA_DIR, as before.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { resolveSecret, sharedSecret } from '../../../server/db/secrets';
import { createTestDatabase } from '../helpers/db';
import { buildInstance, e164, freshPostgres, randomPhone, type Instance } from './helpers';
import { serverSecrets } from '../../../server/db/schema';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { addFoodicsRestaurant } from '../helpers/foodicsApp';

describe('the generated secret', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('sharedSecret: the first call stores a long random secret, every later call reads the same one', async () => {
    const [a, b] = await Promise.all([sharedSecret(database), sharedSecret(database)]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(48);
    expect(await sharedSecret(database)).toBe(a);
    expect(await database.db.select().from(serverSecrets)).toHaveLength(1);
  });

  it('JWT_SECRET, when set, wins; the embedded database keeps its secret in DATA_DIR', async () => {
    expect(await resolveSecret('given-secret-given-secret', '/nonexistent', database)).toBe(
      'given-secret-given-secret',
    );
    if (database.kind === 'pglite') {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-secret-'));
      const s = await resolveSecret(undefined, dir, database);
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(s);
      expect(await resolveSecret(undefined, dir, database)).toBe(s);
    } else {
      expect(await resolveSecret(undefined, '/nonexistent', database)).toBe(await sharedSecret(database));
    }
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
describe.skipIf(!DATABASE_URL)('two instances on one PostgreSQL database without JWT_SECRET', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let second: Database;
  let foodics: FoodicsStandIn;
  let A: Instance;
  let B: Instance;
  let restaurantId: number;

  beforeAll(async () => {
    foodics = await startFoodicsStandIn();
    pgdb = await freshPostgres(DATABASE_URL!);
    second = await openDatabase({ databaseUrl: pgdb.url, poolSize: 3 });
    // Each instance resolves its secret at start the way server/main.ts does, from its own pool.
    const boot = async (database: Database) => {
      const secret = await resolveSecret(undefined, mkdtempSync(path.join(os.tmpdir(), 'specter-inst-')), database);
      return buildInstance(database, { FOODICS_BASE_URL: foodics.url, FOODICS_CACHE_MS: '0', JWT_SECRET: secret });
    };
    A = await boot(pgdb.database);
    B = await boot(second);
    restaurantId = await addFoodicsRestaurant(A.deps, foodics.token);
  });
  afterAll(async () => {
    await A?.app.close();
    await B?.app.close();
    await second?.close();
    await pgdb?.drop();
    await foodics?.close();
  });

  it('both instances hold the same secret, from the database', async () => {
    expect(A.config.JWT_SECRET).toBe(B.config.JWT_SECRET);
    const [row] = await pgdb.database.db.select().from(serverSecrets);
    expect(row.value).toBe(A.config.JWT_SECRET);
  });

  it('a sign-in token issued by A is accepted by B', async () => {
    const token = await A.adminToken();
    const res = await B.app.inject({
      method: 'GET',
      url: '/statistics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a code sent by A saves the order through B', async () => {
    const phone = randomPhone();
    foodics.addOrder(FIXTURE.devices[0].id);
    expect((await A.app.inject({ method: 'POST', url: '/user', payload: { phone } })).statusCode).toBe(200);
    const code = A.lastCode(e164(phone))!;
    const res = await B.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: FIXTURE.devices[0].id, restaurantId, phone, otp: code },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
