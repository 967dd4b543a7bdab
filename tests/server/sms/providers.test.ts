import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testConfig } from '../../../server/config';
import { otpChallenges } from '../../../server/db/schema';
import { createSmsSender } from '../../../server/sms';
import { SmsError } from '../../../server/core/smsPort';
import { startSmsStandIn, TWILIO, UNIFONIC, type SmsStandIn } from '../../../server/stand-ins/sms/server';
import { createFoodicsTestApp, type FoodicsTestApp } from '../helpers/foodicsApp';

// The SMS adapters over real HTTP against local stand-ins of Twilio's and Unifonic's APIs.
let sms: SmsStandIn;
beforeAll(async () => {
  sms = await startSmsStandIn();
});
afterAll(() => sms.close());
beforeEach(() => {
  sms.setMode('ok');
  sms.sent.length = 0;
});

const twilioConfig = (extra: Record<string, string> = {}) =>
  testConfig({
    SMS_PROVIDER: 'twilio',
    TWILIO_BASE_URL: sms.url,
    TWILIO_ACCOUNT_SID: TWILIO.sid,
    TWILIO_AUTH_TOKEN: TWILIO.token,
    TWILIO_FROM: '+15005550006',
    SMS_TIMEOUT_MS: '500',
    ...extra,
  });
const unifonicConfig = (extra: Record<string, string> = {}) =>
  testConfig({
    SMS_PROVIDER: 'unifonic',
    UNIFONIC_BASE_URL: sms.url,
    UNIFONIC_APP_SID: UNIFONIC.appSid,
    UNIFONIC_SENDER_ID: 'Specter',
    SMS_TIMEOUT_MS: '500',
    ...extra,
  });
const noLog = { info: () => {} };

describe('twilio', () => {
  it('sends To in E.164, From and Body with basic auth', async () => {
    await createSmsSender(twilioConfig(), noLog).send('+966501234567', 'Your Specter code is 1234.');
    expect(sms.sent).toEqual([
      { provider: 'twilio', to: '+966501234567', body: 'Your Specter code is 1234.', from: '+15005550006' },
    ]);
  });

  it('a rejection, wrong credentials or a slow provider is an SmsError', async () => {
    sms.setMode('reject');
    await expect(createSmsSender(twilioConfig(), noLog).send('+966501234567', 'x')).rejects.toBeInstanceOf(SmsError);
    sms.setMode('ok');
    await expect(
      createSmsSender(twilioConfig({ TWILIO_AUTH_TOKEN: 'wrong' }), noLog).send('+966501234567', 'x'),
    ).rejects.toThrow(/401/);
    sms.setMode('slow');
    await expect(createSmsSender(twilioConfig(), noLog).send('+966501234567', 'x')).rejects.toThrow(/timed out/);
  });

  it('refuses to start without credentials', () => {
    expect(() => createSmsSender(testConfig({ SMS_PROVIDER: 'twilio' }), noLog)).toThrow(/TWILIO_ACCOUNT_SID/);
  });
});

describe('unifonic', () => {
  it('sends Recipient as digits only, SenderID and Body', async () => {
    await createSmsSender(unifonicConfig(), noLog).send('+966501234567', 'Your Specter code is 1234.');
    expect(sms.sent).toEqual([
      { provider: 'unifonic', to: '966501234567', body: 'Your Specter code is 1234.', from: 'Specter' },
    ]);
  });

  it('a 200 with success false is a failure', async () => {
    sms.setMode('reject');
    await expect(createSmsSender(unifonicConfig(), noLog).send('+966501234567', 'x')).rejects.toThrow(/ER-08/);
  });
});

describe('console', () => {
  it('logs one line with the masked phone and the text, and is refused in production', async () => {
    const lines: string[] = [];
    await createSmsSender(testConfig(), { info: (_o, msg) => lines.push(msg) }).send(
      '+966501234567',
      'Your Specter code is 4321.',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('567');
    expect(lines[0]).not.toContain('501234567');
    expect(lines[0]).toContain('Your Specter code is 4321.');
    expect(() => createSmsSender(testConfig({ NODE_ENV: 'production' }), noLog)).toThrow(/refused in production/);
  });
});

describe('POST /user {phone} through a real provider', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp();
    t.deps.sms = createSmsSender(twilioConfig(), noLog);
  });
  afterAll(() => t.close());

  it('the code reaches the provider; a provider failure answers 502 and leaves no live code', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0551234567' },
      remoteAddress: '10.1.1.1',
    });
    expect(ok.statusCode).toBe(200);
    expect(sms.sent.at(-1)?.body).toMatch(/\b\d{4}\b/);
    sms.setMode('reject');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0557654321' },
      remoteAddress: '10.1.1.2',
    });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().message).toMatch(/could not send/);
    expect(
      await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, '+966557654321')),
    ).toHaveLength(0);
  });
});
