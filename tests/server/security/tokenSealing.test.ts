// POS tokens at rest (docs/SECURITY.md, "POS tokens"): sealed with AES-256-GCM so the raw column holds no token,
// tokens stored before sealing are sealed at start (idempotently), a key rotation reseals every row under the new
// key while the old one still opens them, and a token sealed by a key the server was not given is reported. Issue 48
// item 8 ("What a database read gives"): a token is found by an HMAC under the key, never its plain SHA-256; the
// TOTP secrets carry no hint, the webhook secret and the shared links' copies are sealed under TOKEN_KEY.
import { createHash, createHmac, createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { admins, appUsers, orders, receiptShares, restaurants, serverSecrets } from '../../../server/db/schema';
import { sealStoredTokens } from '../../../server/db/tokenSeal';
import { posRestaurant } from '../../../server/db/repositories/restaurants';
import { createSealer, maskStored, maskToken, sealerOf } from '../../../server/lib/sealing';
import { WEBHOOK_SECRET_NAME, foodicsWebhookSecret, rotateFoodicsWebhookSecret } from '../../../server/db/secrets';
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
  // Nor a webhook secret or shared link sealed by an earlier test's key (a sealing counts them too).
  await database.db.delete(serverSecrets);
  await database.db.delete(receiptShares);
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
    // A tampered value does not open. A character inside the sealed part is changed: the last one may carry bits
    // the decoder ignores (changing only those left the value as it was, once in about a hundred runs).
    const at = a.lastIndexOf(':') + 5;
    expect(() => s.open(a.slice(0, at) + (a[at] === 'A' ? 'B' : 'A') + a.slice(at + 1))).toThrow();
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
      expect(r.tokenKey).toBe(s.lookupKey(TOKENS[i]));
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

describe('what a database read gives (issue 48, item 8)', () => {
  const KEY = 'the-token-key-of-issue-48-0123456789';
  const sealer = createSealer(KEY);
  const JWT = 'the-old-server-secret-0123456789-abc';

  it("a POS token is found by an HMAC under the key: not its plain SHA-256, and another key's differs", async () => {
    const token = 'a-foodics-token-with-enough-entropy-0001';
    const key = sealer.lookupKey(token);
    const plainHash = createHash('sha256').update(token).digest('hex');
    expect(plainHash.startsWith(key.slice(0, 24))).toBe(false);
    expect(plainHash).not.toContain(key.slice(0, 16));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(createSealer('another-token-key-0123456789-abcdef').lookupKey(token)).not.toBe(key);
    // The start writes it for a row the migration left without one (its unsalted hash of before is gone).
    const [r] = await database.db
      .insert(restaurants)
      .values({
        name: 'Lookup',
        logo: '/l.svg',
        token: sealer.seal(token),
        branchsToken: sealer.seal(token),
        systemType: 'Foodics',
      })
      .returning({ id: restaurants.id });
    await sealStoredTokens(database, sealer);
    const [row] = await database.db.select().from(restaurants).where(eq(restaurants.id, r.id));
    expect(row.tokenKey).toBe(key);
  });

  it('a TOTP secret is sealed without a hint; one sealed with its last 4 characters is sealed again without them', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPKWXYZ';
    const noHint = sealer.seal(secret, { hint: false });
    expect(noHint.split(':')[3]).toBe('');
    expect(sealer.open(noHint)).toBe(secret);
    const [a] = await database.db
      .insert(admins)
      .values({
        name: 'Hinted',
        email: 'hinted@example.com',
        passwordHash: 'x',
        totpSecret: sealer.seal(secret),
        totpEnabledAt: new Date(),
      })
      .returning({ id: admins.id });
    const [before] = await database.db.select().from(admins).where(eq(admins.id, a.id));
    expect(maskStored(before.totpSecret!)).toBe('****WXYZ');
    await sealStoredTokens(database, sealer);
    const [after] = await database.db.select().from(admins).where(eq(admins.id, a.id));
    expect(after.totpSecret).not.toContain(Buffer.from('WXYZ').toString('base64url'));
    expect(maskStored(after.totpSecret!)).toBe('****');
    expect(sealer.open(after.totpSecret!)).toBe(secret);
  });

  it('migration 0022 took the hint out of the TOTP secrets already stored (the hint is outside the sealed part)', async () => {
    const [a] = await database.db
      .insert(admins)
      .values({
        name: 'Old',
        email: 'old-hint@example.com',
        passwordHash: 'x',
        totpSecret: sealer.seal('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'),
      })
      .returning({ id: admins.id });
    // The migration's statement, as it ran over the rows of before.
    await database.db.execute(
      sql`update admins set totp_secret = regexp_replace(totp_secret, '^(sealed:v1:[^:]*:)[^:]*:', '\\1:') where totp_secret like 'sealed:v1:%' and id = ${a.id}`,
    );
    const [row] = await database.db.select().from(admins).where(eq(admins.id, a.id));
    expect(maskStored(row.totpSecret!)).toBe('****');
    expect(sealer.open(row.totpSecret!)).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
  });

  it('the Foodics webhook secret: replaced, it is kept sealed (no hint); one kept in clear before is sealed at start', async () => {
    const made = await rotateFoodicsWebhookSecret(database, sealer);
    const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, WEBHOOK_SECRET_NAME));
    expect(row.value).toMatch(/^sealed:v1:[0-9a-f]{8}::/);
    expect(row.value).not.toContain(made.secret);
    expect((await foodicsWebhookSecret(database, undefined, sealer))!.secret).toBe(made.secret);
    // A secret replaced before issue 48 (in clear): read as it is, then sealed by the start.
    const clear = randomBytes(24).toString('base64url');
    await database.db.update(serverSecrets).set({ value: clear }).where(eq(serverSecrets.name, WEBHOOK_SECRET_NAME));
    expect((await foodicsWebhookSecret(database, undefined, sealer))!.secret).toBe(clear);
    await sealStoredTokens(database, sealer);
    const [sealed] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, WEBHOOK_SECRET_NAME));
    expect(sealed.value).not.toContain(clear);
    expect((await foodicsWebhookSecret(database, undefined, sealer))!.secret).toBe(clear);
  });

  it("a shared link's copy sealed under JWT_SECRET (before issue 48) is sealed under TOKEN_KEY at start", async () => {
    const [user] = await database.db.insert(appUsers).values({ phone: '+966531004801' }).returning({ id: appUsers.id });
    const [r] = await database.db.select({ id: restaurants.id }).from(restaurants).limit(1);
    const [order] = await database.db
      .insert(orders)
      .values({
        appUserId: user.id,
        restaurantId: r.id,
        deviceId: 'd',
        posOrderId: 'share-48',
        branchName: 'B',
        orderNumber: '48',
        orderDate: '2026-01-01',
        orderTime: '12:00',
        paymentMethod: 'Cash',
        subTotalPrice: '1',
        discountAmount: '0',
        totalPrice: '1',
        currency: 'SAR',
      })
      .returning({ id: orders.id });
    // The copy as shares.ts sealed it before: AES-256-GCM under HMAC(JWT_SECRET, 'receipt-share-seal'), iv.tag.body.
    const legacy = (token: string) => {
      const key = createHmac('sha256', JWT).update('receipt-share-seal').digest();
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(token, 'utf8'), c.final()]);
      return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    };
    const live = randomBytes(16).toString('base64url');
    const day = 86_400_000;
    const [a] = await database.db
      .insert(receiptShares)
      .values({
        orderId: order.id,
        tokenHash: createHash('sha256').update(live).digest('hex'),
        tokenSealed: legacy(live),
        expiresAt: new Date(Date.now() + day),
      })
      .returning({ id: receiptShares.id });
    await sealStoredTokens(database, sealer, JWT);
    const [row] = await database.db.select().from(receiptShares).where(eq(receiptShares.id, a.id));
    expect(row.tokenSealed).toMatch(/^sealed:v1:[0-9a-f]{8}::/);
    expect(sealer.open(row.tokenSealed)).toBe(live);
    // Without the JWT_SECRET-derived key, the row no longer opens: only TOKEN_KEY does.
    expect(() => createSealer(JWT).open(row.tokenSealed)).toThrow();
  });
});
