// What reaches the log when things fail with a phone in play: the database fails (a trigger refuses the
// code's row, so Drizzle's error carries the phone, the code's hash and its sealed copy as query parameters)
// and the SMS provider fails (Twilio's error text names the number). The captured log holds neither the
// phone nor the parameters: phones are masked to their last 3 digits everywhere, errors keep no parameters,
// the provider's failure is logged by its code.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSmsSender } from '../../../server/sms';
import { startSmsStandIn, TWILIO, type SmsStandIn } from '../../../server/stand-ins/sms/server';
import { maskPhones } from '../../../server/lib/logging';
import { createTestApp, type TestApp } from '../helpers/app';

const WEBHOOK_SECRET = 'webhook-secret-that-must-not-be-logged-0123456789';
const PHONE_DIGITS = ['966551234567', '0551234567', '551234567', '55 123 4567', '055 123 4567'];

describe('logs with a phone in play', () => {
  let t: TestApp;
  let sms: SmsStandIn;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    sms = await startSmsStandIn();
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const overrides = {
      LOG_LEVEL: 'info',
      SMS_PROVIDER: 'twilio',
      TWILIO_BASE_URL: sms.url,
      TWILIO_ACCOUNT_SID: TWILIO.sid,
      TWILIO_AUTH_TOKEN: TWILIO.token,
      TWILIO_FROM: '+15005550006',
      SMS_TIMEOUT_MS: '2000',
      FOODICS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    t = await createTestApp(overrides, { logStream });
    t.deps.sms = createSmsSender(t.config, t.app.log);
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('the SMS provider refusing the number: 502 for the customer, the log has the provider code and the masked phone only', async () => {
    sms.setMode('reject');
    const res = await t.app.inject({ method: 'POST', url: '/user', payload: { phone: '0551234567' } });
    expect(res.statusCode).toBe(502);
    const line = lines.find((l) => l.includes('SMS sending failed'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).sms).toEqual({ to: '••••••••••567', provider: 'twilio', code: '400/21211' });
    // The provider's text ("The 'To' number +966551234567 is not a valid phone number.") is not logged.
    expect(log()).not.toMatch(/not a valid phone number/);
    for (const p of PHONE_DIGITS) expect(log()).not.toContain(p);
    sms.setMode('ok');
  });

  it("the database failing on the code's row: the error is logged without its query parameters and with the phone masked", async () => {
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_codes() returns trigger language plpgsql as $$
      begin raise exception 'refused for %', new.phone; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_codes before insert on otp_challenges for each row execute function refuse_codes()',
      ),
    );
    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/user', payload: { phone: '+966 55 123 4567' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side' });
    const errLine = lines.map((l) => JSON.parse(l)).find((l) => l.err);
    expect(errLine.err.message).toMatch(/^Failed query: insert into "otp_challenges"/);
    expect(errLine.err.message).toContain('params: [not logged]');
    expect(errLine.err.code).toBe('P0001');
    expect(errLine.err).not.toHaveProperty('params');
    // The database's own message named the phone: masked there too.
    expect(log()).toContain('refused for +•••••••••567');
    for (const p of PHONE_DIGITS) expect(log()).not.toContain(p);
    // No code hash (64 hex digits) nor sealed code reached the log.
    expect(log()).not.toMatch(/[0-9a-f]{64}/);
    await t.database.db.execute(sql.raw('drop trigger refuse_codes on otp_challenges'));
  });

  it('a request is logged by its route: no webhook secret, export ticket or query reaches the log', async () => {
    lines.length = 0;
    const token = await t.adminToken();
    const auth = { authorization: `Bearer ${token}` };
    const hook = await t.app.inject({ method: 'POST', url: `/pos/foodics/webhook/${WEBHOOK_SECRET}`, payload: {} });
    expect(hook.statusCode).toBeLessThan(500);
    const wrong = await t.app.inject({ method: 'POST', url: '/pos/foodics/webhook/guessed-secret-abc', payload: {} });
    expect(wrong.statusCode).toBe(404);
    const { ticket } = (await t.app.inject({ method: 'POST', url: '/export/ticket', headers: auth })).json();
    const csv = await t.app.inject({ method: 'GET', url: `/user/export.csv?q=zzz&ticket=${ticket}` });
    expect(csv.statusCode).toBe(200);
    const access = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
    expect(access.map((l) => l.req.route)).toEqual([
      '/pos/foodics/webhook/:secret',
      '/pos/foodics/webhook/:secret',
      '/export/ticket',
      '/user/export.csv',
    ]);
    expect(log()).not.toContain(WEBHOOK_SECRET);
    expect(log()).not.toContain('guessed-secret-abc');
    expect(log()).not.toContain(ticket);
    expect(log()).not.toContain('q=zzz');
    expect(access.every((l) => !('url' in l.req))).toBe(true);
  });

  it('a phone in a message is masked, a request URL is not logged; times, ids and addresses are left alone', async () => {
    lines.length = 0;
    const token = await t.adminToken();
    await t.app.inject({
      method: 'GET',
      url: '/user?page=1&q=0551234567',
      headers: { authorization: `Bearer ${token}` },
    });
    // The access log: one line for the call, with its method, route, status and time; no second line.
    const access = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', route: '/user' },
      res: { statusCode: 200 },
    });
    expect(access[0].responseTime).toEqual(expect.any(Number));
    t.app.log.info('customer +966551234567 asked again');
    expect(log()).not.toContain('q=');
    expect(log()).toContain('customer +•••••••••567 asked again');
    for (const p of PHONE_DIGITS) expect(log()).not.toContain(p);
    expect(lines.every((l) => typeof JSON.parse(l).time === 'number')).toBe(true);
    expect(
      maskPhones('at 2026-11-23T15:24:56Z from 10.1.2.3 order 12345 id 550e8400-e29b-41d4-a716-446655440000'),
    ).toBe('at 2026-11-23T15:24:56Z from 10.1.2.3 order 12345 id 550e8400-e29b-41d4-a716-446655440000');
  });
});
