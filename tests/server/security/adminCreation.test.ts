// POST /user is two calls in one (docs/DECISIONS.md): { phone } sends a code (public), admin fields create an admin
// (admin token required). Whatever the body mixes, no admin is ever created without a live admin's token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { count, eq } from 'drizzle-orm';
import { admins } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

const ADMIN = {
  name: 'Mallory',
  email: 'mallory@example.com',
  password: 'password-123',
  confirmPassword: 'password-123',
};
const PHONE = '0551234567';

/** Bodies a caller might try, from the plain admin form to odd mixtures. */
const BODIES: [string, unknown][] = [
  ['the admin form', { ...ADMIN, role: 'admin' }],
  ['the admin form without role', ADMIN],
  ['phone + admin fields', { phone: PHONE, ...ADMIN, role: 'admin' }],
  ['phone + role only', { phone: PHONE, role: 'admin' }],
  ['phone + email + password', { phone: PHONE, email: ADMIN.email, password: ADMIN.password }],
  ["role 'superadmin'", { ...ADMIN, role: 'superadmin' }],
  ["role 'Admin'", { ...ADMIN, role: 'Admin' }],
  ["role ''", { ...ADMIN, role: '' }],
  ['role null', { ...ADMIN, role: null }],
  ['role as array', { ...ADMIN, role: ['admin'] }],
  ['role as object', { ...ADMIN, role: { $eq: 'admin' } }],
  ['extra keys', { ...ADMIN, role: 'admin', isAdmin: true, permissions: ['*'], token: 'x' }],
  ['isDeleted and id', { ...ADMIN, role: 'admin', isDeleted: false, id: 1 }],
  ['phone + isDeleted + id', { phone: PHONE, isDeleted: false, id: 1 }],
  ['nested admin', { user: { ...ADMIN, role: 'admin' } }],
  ['nested admin + phone', { phone: PHONE, admin: { ...ADMIN, role: 'admin' } }],
  ['array of one admin', [{ ...ADMIN, role: 'admin' }]],
  ['array with a phone', [{ phone: PHONE }, { ...ADMIN, role: 'admin' }]],
  ['phone as array', { phone: [PHONE], ...ADMIN }],
  ['phone as object', { phone: { number: PHONE }, name: 'x' }],
  [
    'fields as arrays',
    { name: ['a'], email: [ADMIN.email], password: [ADMIN.password], confirmPassword: [ADMIN.password] },
  ],
  [
    'upper-case keys',
    { NAME: 'x', EMAIL: ADMIN.email, PASSWORD: ADMIN.password, CONFIRMPASSWORD: ADMIN.password, ROLE: 'admin' },
  ],
  ['empty object', {}],
  ['null', null],
  ['a string', 'admin'],
  ['a number', 1],
  ['only a name', { name: 'x' }],
];

/** Raw payloads that JSON.stringify cannot produce: prototype pollution, duplicate keys. */
const RAW: [string, string][] = [
  [
    '__proto__ role',
    `{"phone":"${PHONE}","__proto__":{"role":"admin","name":"x","email":"p@example.com","password":"password-123","confirmPassword":"password-123"}}`,
  ],
  ['constructor.prototype', `{"phone":"${PHONE}","constructor":{"prototype":{"role":"admin"}}}`],
  ['duplicate phone key', `{"phone":"${PHONE}","name":"x","phone":"${PHONE}"}`],
  [
    'duplicate role key',
    `{"name":"x","email":"d@example.com","password":"password-123","confirmPassword":"password-123","role":"admin","role":"superadmin"}`,
  ],
];

describe('POST /user never creates an admin without a live admin token', () => {
  let t: TestApp;
  let bad: Record<string, Record<string, string>>;
  let valid: Record<string, string>;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp({ OTP_IP_SENDS_PER_10M: '1000', OTP_IP_SENDS_PER_DAY: '1000' });
    valid = { authorization: `Bearer ${await t.adminToken()}` };
    const deletedTok = await t.adminToken();
    await t.database.db
      .update(admins)
      .set({ isDeleted: true })
      .where(eq(admins.id, Number(decodeJwt(deletedTok).sub)));
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setAudience('specter-admin')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-42'));
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setAudience('specter-admin')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET!));
    bad = {
      'no token': {},
      'malformed token': { authorization: 'Bearer abc' },
      'expired token': { authorization: `Bearer ${expired}` },
      'forged token': { authorization: `Bearer ${forged}` },
      'deleted admin token': { authorization: `Bearer ${deletedTok}` },
      'garbage header': { authorization: 'abc' },
    };
  });
  afterAll(() => t.close());

  const adminCount = async () => (await t.database.db.select({ n: count() }).from(admins))[0].n;
  // A fresh address per call, so the per-address code limits do not mask the answer.
  const post = (payload: unknown, headers: Record<string, string>, raw = false) =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      remoteAddress: `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: raw ? (payload as string) : JSON.stringify(payload),
    });

  function expectNoAdminAnswer(res: { statusCode: number; json(): Record<string, unknown> }) {
    expect([200, 400, 401, 429]).toContain(res.statusCode);
    const body = res.json();
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('email');
    expect(typeof body.message).toBe('string');
    // A 200 here is only ever the public send-code answer: texted, or the live code found again (docs/API.md).
    if (res.statusCode === 200)
      expect([
        { message: 'The code has been sent', sent: true },
        { message: 'Your code is still valid: enter the code we sent', sent: false },
      ]).toContainEqual({ message: body.message, sent: body.sent });
    if (res.statusCode === 200) expect(Object.keys(body).sort()).toEqual(['message', 'resendIn', 'sent']);
  }

  it('refuses every body mixture under every bad token; the admins table never grows', async () => {
    const before = await adminCount();
    const seen: Record<string, number> = {};
    for (const [tokenName, headers] of Object.entries(bad)) {
      for (const [bodyName, body] of BODIES) {
        const res = await post(body, headers);
        seen[`${res.statusCode}`] = (seen[`${res.statusCode}`] ?? 0) + 1;
        try {
          expectNoAdminAnswer(res);
          // Any admin field or a bearer header without a phone means "create an admin": refused with 401.
          const isObj = typeof body === 'object' && body !== null && !Array.isArray(body);
          const adminish =
            isObj && ['name', 'email', 'password', 'confirmPassword', 'role'].some((f) => f in (body as object));
          if (adminish) expect(res.statusCode).toBe(401);
        } catch (err) {
          throw new Error(
            `${tokenName} / ${bodyName}: ${res.statusCode} ${JSON.stringify(res.json())}\n${(err as Error).message}`,
          );
        }
      }
      for (const [bodyName, raw] of RAW) {
        const res = await post(raw, headers, true);
        try {
          expectNoAdminAnswer(res);
          expect(res.statusCode).not.toBe(200);
        } catch (err) {
          throw new Error(`${tokenName} / ${bodyName}: ${res.statusCode} ${res.body}\n${(err as Error).message}`);
        }
      }
    }
    expect(await adminCount()).toBe(before);
    expect(seen['401']).toBeGreaterThan(0);
  });

  it('with a valid token, a role other than admin, manager or staff is refused with 400 (not coerced), and nothing is created', async () => {
    const before = await adminCount();
    for (const role of [
      'superadmin',
      'Admin',
      'ADMIN',
      '',
      ' admin',
      'admin ',
      null,
      0,
      true,
      ['admin'],
      { toString: 'admin' },
    ]) {
      const res = await post({ ...ADMIN, email: 'role-test@example.com', role }, valid);
      expect(res.statusCode, `role ${JSON.stringify(role)}`).toBe(400);
      expect(res.json().message).toMatch(/^role: /);
    }
    expect(await adminCount()).toBe(before);
  });

  it('with a valid token, extra keys, a phone, isDeleted or id are refused with 400 (strict body)', async () => {
    const before = await adminCount();
    for (const extra of [{ phone: PHONE }, { isDeleted: true }, { id: 1 }, { isAdmin: true }, { passwordHash: 'x' }]) {
      const res = await post({ ...ADMIN, email: 'strict@example.com', role: 'admin', ...extra }, valid);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    for (const [name, raw] of RAW) {
      const res = await post(raw, valid, true);
      expect(res.statusCode, name).toBe(400);
    }
    expect(await adminCount()).toBe(before);
  });

  it("with a valid token the admin form creates exactly one admin with role 'admin' (role may be left out)", async () => {
    const before = await adminCount();
    const a = await post({ ...ADMIN, email: 'ok-1@example.com', role: 'admin' }, valid);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({
      id: expect.any(Number),
      name: 'Mallory',
      email: 'ok-1@example.com',
      role: 'admin',
      restaurantIds: [],
    });
    const b = await post({ ...ADMIN, email: 'ok-2@example.com' }, valid);
    expect(b.statusCode).toBe(200);
    expect(await adminCount()).toBe(before + 2);
    const rows = await t.database.db
      .select({ role: admins.role, isDeleted: admins.isDeleted })
      .from(admins)
      .where(eq(admins.id, a.json().id));
    expect(rows).toEqual([{ role: 'admin', isDeleted: false }]);
    // The password is stored hashed, never as sent.
    const [row] = await t.database.db.select({ h: admins.passwordHash }).from(admins).where(eq(admins.id, b.json().id));
    expect(row.h).not.toContain(ADMIN.password);
    expect(row.h).toMatch(/^\$argon2id\$/);
  });
});
