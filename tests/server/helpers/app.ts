// Builds the real app on a fresh test database, with the real auth, and helpers to sign in.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { RouteGroup } from '../../../server/routes';
import { testConfig, type Config } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import { adminRestaurants, admins } from '../../../server/db/schema';
import type { Deps } from '../../../server/deps';
import { hashPassword } from '../../../server/lib/passwords';
import { createTokenService } from '../../../server/lib/tokens';
import { createPosAdapters } from '../../../server/pos';
import { createSmsSender } from '../../../server/sms';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  deps: Deps;
  /** A bearer token of a freshly created live admin. */
  adminToken(): Promise<string>;
  /** A bearer token of a freshly created manager or staff member of these restaurants. */
  accountToken(role: 'manager' | 'staff', restaurantIds: number[]): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  extra: Partial<Deps> = {},
  routes?: readonly RouteGroup[],
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  const tokens = createTokenService(config.JWT_SECRET!, config.JWT_TTL, config.ANSWER_CACHE_MS);
  const deps: Deps = {
    config,
    database,
    tokens,
    pos: createPosAdapters(config, database),
    sms: createSmsSender(config, { info: () => {} }),
    ...extra,
  };
  const app = await buildApp(deps, routes);
  await app.ready();
  let n = 0;
  /** A freshly created live account of this role and restaurants, and its bearer token. */
  async function accountToken(role: 'admin' | 'manager' | 'staff', restaurantIds: number[]): Promise<string> {
    n++;
    const [row] = await database.db
      .insert(admins)
      .values({
        name: `Test ${role === 'admin' ? 'Admin' : role} ${n}`,
        email: `test-${role}-${n}-${Date.now()}@example.com`,
        passwordHash: await hashPassword('password-123'),
        role,
      })
      .returning({ id: admins.id });
    if (restaurantIds.length)
      await database.db
        .insert(adminRestaurants)
        .values(restaurantIds.map((restaurantId) => ({ adminId: row.id, restaurantId })));
    return tokens.issue(row.id);
  }
  return {
    app,
    database,
    config,
    deps,
    adminToken: () => accountToken('admin', []),
    accountToken,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
