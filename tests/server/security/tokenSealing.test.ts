// POS tokens at rest (docs/SECURITY.md, "POS tokens"): sealed with AES-256-GCM so the raw column holds no token,
// tokens stored before sealing are sealed at start (idempotently), a key rotation reseals every row under the new
// key while the old one still opens them, and a token sealed by a key the server was not given is reported.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { admins, restaurants } from '../../../server/db/schema';
import { sealStoredTokens } from '../../../server/db/tokenSeal';
import { posRestaurant } from '../../../server/db/repositories/restaurants';
import { createSealer, maskStored, maskToken, sealerOf, tokenKey } from '../../../server/lib/sealing';
import { testConfig } from '../../../server/config';
import { createTestDatabase } from '../helpers/db';

const OLD_KEY = 'old-token-key-0123456789-abcdefghij';
const NEW_KEY = 'new-token-key-0123456789-klmnopqrst';
const TOKENS = ['eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.plain-one.sig-AAAA', 'plain-token-two-ZZZZ'];

let database: Database;
const raw = async () =>
  database.db.select().from(restaurants).where(eq(restaurants.systemType, 'Foodics')).orderBy(restaurants.id);

beforeAll(async () => {
  database = await createTestDatabase();
});
// Each test starts from the two restaurants as stored before sealing, and no admin with a sealed secret: the steps
// a test needs (sealed, then rotated) it takes itself.
beforeEach(async () => {
  await database.db.delete(admins).where(isNotNull(admins.totpSecret));
  await database.db.delete(restaurants);
  await database.db.insert(restaurants).values(
    TOKENS.map((token, i) => ({
      name: `Before sealing ${i}`,
      logo: '/logo.svg',
      token,
      branchsToken: token,
      systemType: 'Foodics',
    })),
  );
});
afterAll(() => database.close());

describe('POS tokens sealed at rest', () => {
  it('a sealed value opens to the token, holds only its last 4 characters, and differs each time', () => {
    const s = createSealer(OLD_KEY);
    const a = s.seal(TOKENS[0]);
    expect(a).toMatch(/^sealed:v1:[0-9a-f]{8}:/);
    expect(a).not.toContain(TOKENS[0]);
    expect(a).not.toContain('plain-one');
    expect(s.open(a)).toBe(TOKENS[0]);
    expect(s.seal(TOKENS[0])).not.toBe(a);
    expect(maskStored(a)).toBe('****AAAA');
    expect(maskStored(TOKENS[1])).toBe('****ZZZZ');
    // A tampered value does not open.
    expect(() => s.open(a.slice(0, -2) + (a.endsWith('A') ? 'BB' : 'AA'))).toThrow();
  });

  it("a short token's mask is the mask only, sealed or not: nothing of a token under 8 characters is shown", () => {
    const s = createSealer(OLD_KEY);
    for (const [token, shown] of [
      ['', '****'],
      ['abcd', '****'],
      ['abcdefg', '****'],
      ['abcdefgh', '****efgh'],
      ['abcdefghijk', '****hijk'],
    ]) {
      expect([token, maskToken(token)]).toEqual([token, shown]);
      // A token stored before sealing is masked as it is; a sealed one by its hint.
      expect([token, maskStored(token)]).toEqual([token, shown]);
      expect([token, maskStored(s.seal(token))]).toEqual([token, shown]);
    }
  });

  it('rows stored before sealing are sealed at start, once (a second start changes nothing)', async () => {
    const s = createSealer(OLD_KEY);
    expect(await sealStoredTokens(database, s)).toEqual({ sealed: 2, unreadable: 0 });
    const rows = await raw();
    rows.forEach((r, i) => {
      expect(r.token).toMatch(/^sealed:v1:/);
      expect(r.token).not.toContain(TOKENS[i]);
      expect(r.branchsToken).not.toContain(TOKENS[i]);
      expect(r.tokenKey).toBe(tokenKey(TOKENS[i]));
      expect(posRestaurant(r, s).token).toBe(TOKENS[i]);
    });
    expect(await sealStoredTokens(database, s)).toEqual({ sealed: 0, unreadable: 0 });
    expect((await raw()).map((r) => r.token)).toEqual(rows.map((r) => r.token));
  });

  it('rotation: with the new key and the old one as previous, every row is resealed under the new key', async () => {
    expect(await sealStoredTokens(database, createSealer(OLD_KEY))).toEqual({ sealed: 2, unreadable: 0 });
    const before = await raw();
    const rotated = createSealer(NEW_KEY, [OLD_KEY]);
    expect(await sealStoredTokens(database, rotated)).toEqual({ sealed: 2, unreadable: 0 });
    const after = await raw();
    after.forEach((r, i) => {
      expect(r.token.split(':')[2]).not.toBe(before[i].token.split(':')[2]);
      // The new key alone now opens them.
      expect(createSealer(NEW_KEY).open(r.token)).toBe(TOKENS[i]);
    });
    expect(() => createSealer(OLD_KEY).open(after[0].token)).toThrow(/key this server does not have/);
  });

  it('a key the server was not given: the rows are reported and left as they are', async () => {
    expect(await sealStoredTokens(database, createSealer(OLD_KEY))).toEqual({ sealed: 2, unreadable: 0 });
    const before = await raw();
    expect(await sealStoredTokens(database, createSealer('a-third-key-that-sealed-nothing-000'))).toEqual({
      sealed: 0,
      unreadable: 2,
    });
    expect((await raw()).map((r) => r.token)).toEqual(before.map((r) => r.token));
  });

  it("the admins' TOTP secrets are resealed with the tokens at a rotation", async () => {
    const THIRD_KEY = 'third-token-key-0123456789-uvwxyzab';
    expect(await sealStoredTokens(database, createSealer(NEW_KEY))).toEqual({ sealed: 2, unreadable: 0 });
    const [admin] = await database.db
      .insert(admins)
      .values({
        name: 'Two-step',
        email: 'two-step@example.com',
        passwordHash: 'x',
        totpSecret: createSealer(NEW_KEY).seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
        totpEnabledAt: new Date(),
      })
      .returning({ id: admins.id });
    // Both restaurants' rows and the admin's secret, from NEW_KEY to the third key.
    expect(await sealStoredTokens(database, createSealer(THIRD_KEY, [NEW_KEY]))).toEqual({ sealed: 3, unreadable: 0 });
    const [row] = await database.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(createSealer(THIRD_KEY).open(row.totpSecret!)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it("the server's key: TOKEN_KEY when set, else derived from JWT_SECRET; rotation through TOKEN_KEY_PREVIOUS", () => {
    const fromSecret = sealerOf(testConfig());
    const fromKey = sealerOf(testConfig({ TOKEN_KEY: NEW_KEY }));
    const sealed = fromSecret.seal('abc-token-1234');
    expect(() => fromKey.open(sealed)).toThrow();
    const rotating = sealerOf(
      testConfig({ TOKEN_KEY: NEW_KEY, TOKEN_KEY_PREVIOUS: 'test-secret-test-secret-0123456789' }),
    );
    expect(rotating.open(sealed)).toBe('abc-token-1234');
    expect(rotating.needsSealing(sealed)).toBe(true);
    expect(() => testConfig({ TOKEN_KEY: 'short' })).toThrow(/TOKEN_KEY/);
  });
});
