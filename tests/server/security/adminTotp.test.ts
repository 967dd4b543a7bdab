// Issue 29, hardening (docs/SECURITY.md, "Two-step sign-in"): an account turns on a TOTP second factor for itself;
// sign-in then asks for the app's code or a recovery code (each good once); wrong codes count on the sign-in
// limits and are in the activity trail; turning it off asks for the password; ADMIN_TOTP_REQUIRED keeps an account
// without it to its enrolment; the secret never leaves the server after enrolment, nor reaches the log.
// Issue 48 item 1: turning it on asks for the password (a token alone cannot) and ends the account's other sessions
// (the one in use gets a new token); an admin resets another account's second factor (in the trail). Item 3: wrong
// codes count on the account until a right one, and lock its second step past ADMIN_TOTP_LOCK_AFTER with an alert.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, admins } from '../../../server/db/schema';
import { registry } from '../../../server/lib/metrics';
import { hashPassword } from '../../../server/lib/passwords';
import { totpCode } from '../../../server/lib/totp';
import { createTestApp, type TestApp } from '../helpers/app';

const PASSWORD = 'totp-pass-123';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function addAccount(t: TestApp, email: string) {
  const [row] = await t.database.db
    .insert(admins)
    .values({ name: email.split('@')[0], email, passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: admins.id });
  return row.id;
}

function harness(overrides: Record<string, string> = {}) {
  const lines: string[] = [];
  const ctx = { t: undefined as unknown as TestApp, lines };
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ctx.t = await createTestApp({ LOG_LEVEL: 'info', LOGIN_FAILURES_PER_15M: '4', ...overrides }, { logStream });
  });
  afterAll(() => ctx.t.close());
  return ctx;
}

const login = (t: TestApp, email: string, password = PASSWORD, code?: string, ip = '203.0.113.9') =>
  t.app.inject({
    method: 'POST',
    url: '/admin/login',
    remoteAddress: ip,
    payload: code === undefined ? { email, password } : { email, password, code },
  });

/** Enrols an account through the API: its secret (as the QR gives it), its recovery codes and the session's new
 * token (the one given stops working: turning it on ends every session issued before). */
async function enrol(t: TestApp, token: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/admin/totp/enrol',
    headers: bearer(token),
    payload: { password: PASSWORD },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { secret, uri } = start.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Specter:/);
  expect(uri).toContain(`secret=${secret}`);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/admin/totp/confirm',
    headers: bearer(token),
    payload: { code: totpCode(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  return {
    secret: secret as string,
    recoveryCodes: confirm.json().recoveryCodes as string[],
    token: confirm.json().data.token as string,
  };
}

/** A code of the step after `now`'s: accepted (one step of drift) and not yet used. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** An account of its own, signed in (from `ip`) and enrolled through the API: every test below makes its own. */
async function enrolledAccount(t: TestApp, email: string, ip = '203.0.113.9') {
  const adminId = await addAccount(t, email);
  const token = (await login(t, email, PASSWORD, undefined, ip)).json().data.token as string;
  // Enrolment ends the session it was made in: the account goes on with the new token enrol answers.
  return { adminId, email, ...(await enrol(t, token)) };
}

/** The trail's rows of one kind about one account. */
const trailOf = (t: TestApp, kind: string, adminId: number) =>
  t.database.db
    .select()
    .from(activity)
    .where(and(eq(activity.kind, kind), eq(activity.targetId, String(adminId))));

describe('two-step sign-in (optional)', () => {
  const ctx = harness();

  it('an account enrols: the secret and QR address once, then a first code turns it on and gives recovery codes', async () => {
    const { t } = ctx;
    const adminId = await addAccount(t, 'two@example.com');
    const token = (await login(t, 'two@example.com')).json().data.token;
    const before = await t.app.inject({ url: '/admin/totp', headers: bearer(token) });
    expect(before.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    // A wrong first code leaves it off.
    await t.app.inject({
      method: 'POST',
      url: '/admin/totp/enrol',
      headers: bearer(token),
      payload: { password: PASSWORD },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin/totp/confirm',
      headers: bearer(token),
      payload: { code: '000000' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'The code is wrong']);

    const { secret, recoveryCodes, token: fresh } = await enrol(t, token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The session goes on with the new token; the one it had is over.
    expect((await t.app.inject({ url: '/admin/totp', headers: bearer(token) })).statusCode).toBe(401);
    const after = await t.app.inject({ url: '/admin/totp', headers: bearer(fresh) });
    expect(after.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // Enrolling again is refused: the secret is never shown again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/admin/totp/enrol',
      headers: bearer(fresh),
      payload: { password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    // No answer about the account carries it (nor its recovery codes) once it is on.
    for (const res of [
      after,
      await t.app.inject({ url: '/admin', headers: bearer(fresh) }),
      await t.app.inject({ method: 'POST', url: '/user/isVerify', headers: bearer(fresh) }),
      await t.app.inject({ url: '/admin/activity?page=1&perPage=50', headers: bearer(fresh) }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
      for (const c of recoveryCodes) expect(res.body).not.toContain(c);
    }
    // Stored sealed and hashed, never as given.
    const [row] = await t.database.db.select().from(admins).where(eq(admins.email, 'two@example.com'));
    expect(row.totpSecret).not.toContain(secret);
    expect(JSON.stringify(row.totpRecoveryHashes)).not.toContain(recoveryCodes[0].replace('-', ''));
    const on = await trailOf(t, 'admin.totpEnabled', adminId);
    expect(on).toHaveLength(1);
    expect(on[0]).toMatchObject({ adminId, adminEmail: 'two@example.com', targetType: 'admin' });
  });

  it('sign-in asks for the code; a wrong code is refused and recorded; the right code signs in, once', async () => {
    const { t } = ctx;
    const { adminId, secret } = await enrolledAccount(t, 'code@example.com');
    const first = await login(t, 'code@example.com');
    expect([first.statusCode, first.json().message]).toEqual([401, 'Enter the code from your authenticator app']);
    expect(first.body).not.toContain('token');

    const wrong = await login(t, 'code@example.com', PASSWORD, '123456');
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'The code is wrong']);
    const failed = await trailOf(t, 'admin.signInFailed', adminId);
    expect(failed.map((r) => r.detail)).toEqual([{ email: 'code@example.com', step: 'code' }]);

    // A wrong password with the right code is still the password's failure.
    const code = nextCode(secret);
    expect((await login(t, 'code@example.com', 'not-the-password', code)).json().message).toBe(
      'Invalid Email or Password',
    );
    const ok = await login(t, 'code@example.com', PASSWORD, code);
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json().data.token).toBe('string');
    // The same code again (within its 30 seconds) is refused: each code signs in once.
    const replay = await login(t, 'code@example.com', PASSWORD, code);
    expect([replay.statusCode, replay.json().message]).toEqual([401, 'The code is wrong']);
  });

  it("a code from further than one step (30 s) either side of the server's clock is refused", async () => {
    const { t } = ctx;
    const { secret } = await enrolledAccount(t, 'drift@example.com', '203.0.113.21');
    // Three steps ahead and behind: at least two steps away even if a step ends during the call.
    for (const offset of [90_000, -90_000]) {
      const far = await login(t, 'drift@example.com', PASSWORD, totpCode(secret, Date.now() + offset), '203.0.113.21');
      expect([far.statusCode, far.json().message], `${offset / 1000} s`).toEqual([401, 'The code is wrong']);
    }
    expect((await login(t, 'drift@example.com', PASSWORD, nextCode(secret), '203.0.113.21')).statusCode).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    const { t } = ctx;
    const { recoveryCodes } = await enrolledAccount(t, 'recovery@example.com');
    const ok = await login(t, 'recovery@example.com', PASSWORD, recoveryCodes[3].toLowerCase());
    expect(ok.statusCode).toBe(200);
    const again = await login(t, 'recovery@example.com', PASSWORD, recoveryCodes[3]);
    expect([again.statusCode, again.json().message]).toEqual([401, 'The code is wrong']);
    const token = ok.json().data.token;
    expect((await t.app.inject({ url: '/admin/totp', headers: bearer(token) })).json().recoveryCodesLeft).toBe(9);
  });

  it('wrong codes count toward the sign-in limits', async () => {
    const { t } = ctx;
    const mine = await enrolledAccount(t, 'limited@example.com', '198.51.100.7');
    // LOGIN_FAILURES_PER_15M is 4 here: four wrong codes, then even the right code waits.
    for (let i = 0; i < 4; i++)
      expect((await login(t, 'limited@example.com', PASSWORD, '111111', '198.51.100.7')).statusCode).toBe(401);
    const refused = await login(t, 'limited@example.com', PASSWORD, nextCode(mine.secret), '198.51.100.7');
    expect(refused.statusCode).toBe(429);
  });

  it('turning it off asks for the password, and is in the audit trail', async () => {
    const { t } = ctx;
    const { adminId, recoveryCodes } = await enrolledAccount(t, 'off@example.com');
    const token = (await login(t, 'off@example.com', PASSWORD, recoveryCodes[0])).json().data.token;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin/totp/disable',
      headers: bearer(token),
      payload: { password: 'not-the-password' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'The current password is wrong']);
    expect((await t.app.inject({ url: '/admin/totp', headers: bearer(token) })).json().enabled).toBe(true);
    expect(await trailOf(t, 'admin.totpDisabled', adminId)).toEqual([]);
    const off = await t.app.inject({
      method: 'POST',
      url: '/admin/totp/disable',
      headers: bearer(token),
      payload: { password: PASSWORD },
      remoteAddress: '192.0.2.50',
    });
    expect([off.statusCode, off.json().message]).toEqual([200, 'Two-step sign-in is off']);
    // The trail: who turned it off, for which account, from where; nothing of the password or the secret.
    const trail = await trailOf(t, 'admin.totpDisabled', adminId);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      adminId,
      adminEmail: 'off@example.com',
      targetType: 'admin',
      targetId: String(adminId),
      targetLabel: 'off@example.com',
      ip: '192.0.2.50',
    });
    expect(JSON.stringify(trail[0])).not.toContain(PASSWORD);
    // Signing in is the password alone again.
    expect((await login(t, 'off@example.com')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(admins).where(eq(admins.email, 'off@example.com'));
    expect([row.totpSecret, row.totpEnabledAt, row.totpRecoveryHashes]).toEqual([null, null, null]);
    // Off already: 409, and no second record.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/admin/totp/disable',
      headers: bearer(token),
      payload: { password: PASSWORD },
    });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'Two-step sign-in is off']);
    expect(await trailOf(t, 'admin.totpDisabled', adminId)).toHaveLength(1);
  });

  it('the secret and the recovery codes never reach the log', async () => {
    const { t, lines } = ctx;
    const { secret, recoveryCodes } = await enrolledAccount(t, 'logged@example.com', '203.0.113.30');
    // Sign in with the app's code and with a recovery code: both pass through the log's request lines.
    expect((await login(t, 'logged@example.com', PASSWORD, nextCode(secret), '203.0.113.30')).statusCode).toBe(200);
    expect((await login(t, 'logged@example.com', PASSWORD, recoveryCodes[1], '203.0.113.30')).statusCode).toBe(200);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(secret);
    for (const c of recoveryCodes) expect(log.toUpperCase()).not.toContain(c);
  });
});

describe('two-step sign-in required (ADMIN_TOTP_REQUIRED)', () => {
  const ctx = harness({ ADMIN_TOTP_REQUIRED: 'true' });

  it('an account without it can only enrol (or sign out) until it is on', async () => {
    const { t } = ctx;
    await addAccount(t, 'must@example.com');
    const res = await login(t, 'must@example.com');
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token;
    const who = await t.app.inject({ method: 'POST', url: '/user/isVerify', headers: bearer(token) });
    expect(who.json()).toMatchObject({ verify: true, totpOn: false, totpSetupNeeded: true });
    for (const url of ['/admin', '/restaurant', '/statistics', '/admin/activity?page=1&perPage=5']) {
      const blocked = await t.app.inject({ url, headers: bearer(token) });
      expect([url, blocked.statusCode, blocked.json().message]).toEqual([url, 403, 'Turn on two-step sign-in first']);
    }
    // Creating an account goes through POST /user, not the usual guard: refused the same.
    const create = await t.app.inject({
      method: 'POST',
      url: '/user',
      headers: bearer(token),
      payload: {
        name: 'New',
        email: 'new@example.com',
        password: 'new-pass-123',
        confirmPassword: 'new-pass-123',
        role: 'staff',
      },
    });
    expect([create.statusCode, create.json().message]).toEqual([403, 'Turn on two-step sign-in first']);
    // An export's download ticket is refused before the account is done, and works after.
    const ticketOf = () => t.app.inject({ method: 'POST', url: '/export/ticket', headers: bearer(token) });
    expect((await ticketOf()).statusCode).toBe(403);
    const password = await t.app.inject({
      method: 'POST',
      url: '/admin/password',
      headers: bearer(token),
      payload: { oldPassword: PASSWORD, newPassword: 'another-pass-9' },
    });
    expect(password.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/admin/totp', headers: bearer(token) })).json().required).toBe(true);

    const { token: fresh } = await enrol(t, token);
    // The session goes on with its new token, now with everything its role allows, a download ticket's export too.
    expect((await t.app.inject({ url: '/admin', headers: bearer(fresh) })).statusCode).toBe(200);
    const { ticket } = (await t.app.inject({ method: 'POST', url: '/export/ticket', headers: bearer(fresh) })).json();
    expect((await t.app.inject({ url: `/user/export.csv?ticket=${encodeURIComponent(ticket)}` })).statusCode).toBe(200);
    const now = await t.app.inject({ method: 'POST', url: '/user/isVerify', headers: bearer(fresh) });
    expect(now.json()).toMatchObject({ totpOn: true, totpSetupNeeded: false });
  });
});

describe('issue 48: turning it on needs the password; an admin resets another account; wrong codes lock', () => {
  const ctx = harness({ ADMIN_TOTP_LOCK_AFTER: '5', LOGIN_FAILURES_PER_15M: '1000' });
  const enrolWith = (t: TestApp, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: '/admin/totp/enrol', headers: bearer(token), ...(payload ? { payload } : {}) });

  it('a bearer token alone cannot turn it on: enrolment asks for the password (wrong: 400, nothing pending)', async () => {
    const { t } = ctx;
    const id = await addAccount(t, 'stolen@example.com');
    const token = (await login(t, 'stolen@example.com')).json().data.token;
    expect((await enrolWith(t, token)).statusCode).toBe(400);
    expect((await enrolWith(t, token, {})).json().message).toBe('password: Required');
    const wrong = await enrolWith(t, token, { password: 'not-the-password' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'The current password is wrong']);
    expect(wrong.body).not.toMatch(/secret|otpauth/);
    const [row] = await t.database.db.select().from(admins).where(eq(admins.id, id));
    expect(row.totpSecret).toBeNull();
    // Nothing to confirm: a code of any secret is refused.
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/admin/totp/confirm',
      headers: bearer(token),
      payload: { code: '123456' },
    });
    expect(confirm.statusCode).toBe(409);
  });

  it("the enrolment's wrong passwords count on the sign-in limits of the address and e-mail", async () => {
    const t = await createTestApp({ LOGIN_FAILURES_PER_15M: '3' });
    try {
      await addAccount(t, 'guessed@example.com');
      const token = (await login(t, 'guessed@example.com')).json().data.token;
      for (let i = 0; i < 3; i++)
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/admin/totp/enrol',
              headers: bearer(token),
              remoteAddress: '203.0.113.9',
              payload: { password: `guess-${i}` },
            })
          ).statusCode,
        ).toBe(400);
      const fourth = await t.app.inject({
        method: 'POST',
        url: '/admin/totp/enrol',
        headers: bearer(token),
        remoteAddress: '203.0.113.9',
        payload: { password: PASSWORD },
      });
      expect(fourth.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it("turning it on ends the account's other sessions; the one in use goes on with the new token it is given", async () => {
    const { t } = ctx;
    await addAccount(t, 'sessions@example.com');
    const inUse = (await login(t, 'sessions@example.com', PASSWORD, undefined, '192.0.2.61')).json().data.token;
    const elsewhere = (await login(t, 'sessions@example.com', PASSWORD, undefined, '192.0.2.62')).json().data.token;
    expect((await t.app.inject({ url: '/admin/totp', headers: bearer(elsewhere) })).statusCode).toBe(200);
    const { token } = await enrol(t, inUse);
    for (const old of [inUse, elsewhere])
      expect((await t.app.inject({ url: '/admin/totp', headers: bearer(old) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/admin/totp', headers: bearer(token) })).json().enabled).toBe(true);
  });

  it("an admin resets another account's second factor: off, its sessions end, in the trail (admin.totpReset)", async () => {
    const { t } = ctx;
    const id = await addAccount(t, 'lost-phone@example.com');
    const { token: targetToken } = await enrol(
      t,
      (await login(t, 'lost-phone@example.com', PASSWORD, undefined, '192.0.2.71')).json().data.token,
    );
    const adminToken = await t.adminToken();
    const adminId = Number(JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString()).sub);
    const reset = await t.app.inject({ method: 'DELETE', url: `/admin/${id}/totp`, headers: bearer(adminToken) });
    expect([reset.statusCode, reset.json().message]).toEqual([200, 'Two-step sign-in is reset']);
    // The trail's row: who reset whose.
    const [row] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'admin.totpReset'), eq(activity.targetId, String(id))));
    expect(row).toMatchObject({ adminId, targetType: 'admin', targetLabel: 'lost-phone@example.com' });
    expect(row.detail).toMatchObject({ wasOn: true });
    // Its sessions ended; it signs in with its password alone, and may turn it on again.
    expect((await t.app.inject({ url: '/admin/totp', headers: bearer(targetToken) })).statusCode).toBe(401);
    const back = await login(t, 'lost-phone@example.com', PASSWORD, undefined, '192.0.2.72');
    expect(back.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(admins).where(eq(admins.id, id));
    expect([after.totpSecret, after.totpEnabledAt, after.totpFailures]).toEqual([null, null, 0]);
    // Again: nothing to reset (409); an unknown account 404; their own account 403 (the password page is theirs).
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/admin/${id}/totp`, headers: bearer(adminToken) })).statusCode,
    ).toBe(409);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/admin/99999999/totp', headers: bearer(adminToken) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/admin/${adminId}/totp`, headers: bearer(adminToken) })).statusCode,
    ).toBe(403);
    // Nobody else may: a manager or staff gets 403 (the roles matrix checks every role).
    const [manager] = await t.database.db
      .insert(admins)
      .values({ name: 'M', email: 'm-48@example.com', passwordHash: await hashPassword(PASSWORD), role: 'manager' })
      .returning({ id: admins.id });
    const managerToken = await t.deps.tokens.issue(manager.id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/admin/${id}/totp`, headers: bearer(managerToken) })).statusCode,
    ).toBe(403);
  });

  it('wrong codes count on the account until a right one; past ADMIN_TOTP_LOCK_AFTER (5 here) it locks with an alert: trail, log, metric', async () => {
    const { t, lines } = ctx;
    const id = await addAccount(t, 'guessed-codes@example.com');
    const { secret } = await enrol(
      t,
      (await login(t, 'guessed-codes@example.com', PASSWORD, undefined, '192.0.2.81')).json().data.token,
    );
    // From many addresses (the sign-in limits are per pair): the account's count is one.
    const wrong = (n: number) => login(t, 'guessed-codes@example.com', PASSWORD, '000000', `198.51.100.${n}`);
    for (let i = 1; i <= 4; i++) expect((await wrong(i)).json().message).toBe('The code is wrong');
    // A right code starts the run again.
    expect((await login(t, 'guessed-codes@example.com', PASSWORD, nextCode(secret), '198.51.100.50')).statusCode).toBe(
      200,
    );
    const failures = async () => (await t.database.db.select().from(admins).where(eq(admins.id, id)))[0].totpFailures;
    expect(await failures()).toBe(0);
    const locksBefore = (await registry.getSingleMetric('specter_admin_totp_locks_total')!.get()).values[0]?.value ?? 0;
    for (let i = 1; i <= 4; i++) expect((await wrong(10 + i)).json().message).toBe('The code is wrong');
    const fifth = await wrong(15);
    expect([fifth.statusCode, fifth.json().message]).toEqual([
      401,
      'Two-step sign-in is locked after too many wrong codes: ask an administrator to reset it',
    ]);
    // Locked: even the right code (and a recovery code) is refused, from any address; the password alone says so.
    const right = await login(
      t,
      'guessed-codes@example.com',
      PASSWORD,
      totpCode(secret, Date.now() + 60_000),
      '198.51.100.99',
    );
    expect([right.statusCode, right.json().message]).toEqual([401, fifth.json().message]);
    expect((await login(t, 'guessed-codes@example.com', PASSWORD, undefined, '198.51.100.98')).json().message).toBe(
      fifth.json().message,
    );
    // The alert: one trail row, one log line, the metric.
    const trail = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'admin.totpLocked'), eq(activity.targetId, String(id))));
    expect(trail).toHaveLength(1);
    expect(trail[0].detail).toEqual({ failures: 5 });
    expect(lines.join('').match(/"alert":"admin.totpLocked"/g)).toHaveLength(1);
    const locksAfter = (await registry.getSingleMetric('specter_admin_totp_locks_total')!.get()).values[0].value;
    expect(locksAfter - locksBefore).toBe(1);
    // An admin's reset unlocks it: the account signs in with its password again.
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/admin/${id}/totp`,
      headers: bearer(await t.adminToken()),
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, 'guessed-codes@example.com', PASSWORD, undefined, '198.51.100.97')).statusCode).toBe(200);
  });
});
