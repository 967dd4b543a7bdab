import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ar } from '../../../server/i18n/ar';
import { en } from '../../../server/i18n/en';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';

// Every message the invoice page's calls can answer, asked in English and in Arabic (Accept-Language as the
// page sends it): the answer is the catalogue's sentence in that language, limits with their wait in words,
// and no validation library's wording ("phone: ...", "Too small: expected number ...") ever.
const LANGS = [
  { header: 'en-US,en;q=0.9', lang: 'en', cat: en, wait: /\(try again in \d+ (second|minute|hour)s?\)$/ },
  { header: 'ar-SA,ar;q=0.9,en;q=0.8', lang: 'ar', cat: ar, wait: /\(حاول مرة أخرى بعد (\d+ )?[\u0600-\u06FF]+\)$/ },
] as const;

describe("public messages in the customer's language", () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      ...GENEROUS_CODE_LIMITS,
      // The resend wait stays the default (60 s): its own message is asked for below.
      OTP_RESEND_SECONDS: '60',
      FOODICS_CACHE_MS: '0',
      FOODICS_TIMEOUT_MS: '1500',
      CLAIM_WINDOW_MINUTES: '1',
    });
  });
  afterEach(() => t.foodics.setMode('ok'));
  afterAll(() => t.close());

  const ask = (opts: InjectOptions, header: string) =>
    t.app.inject({ ...opts, headers: { 'accept-language': header } });
  const lastOrder = (restaurantId: string | number, casherId: string) =>
    ({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${encodeURIComponent(casherId)}`,
    }) as InjectOptions;
  const save = (payload: Record<string, unknown>) =>
    ({ method: 'POST', url: '/order/foodics/web/add-order', payload }) as InjectOptions;

  for (const L of LANGS) {
    describe(L.lang, () => {
      it('the SMS carrying the code is in the language of the page that asked for it, the code in Latin digits', async () => {
        const local = L.lang === 'ar' ? '0559990001' : '0559990002';
        const res = await ask({ method: 'POST', url: '/user', payload: { phone: local } }, L.header);
        expect(res.statusCode).toBe(200);
        const sms = t.sms.filter((m) => m.to === `+966${local.slice(1)}`).at(-1)!;
        const code = /\b(\d{4})\b/.exec(sms.body)![1];
        expect(sms.body).toBe(L.cat.codeSms.replace('{code}', code).replace('{minutes}', '5'));
        if (L.lang === 'ar') expect(sms.body).toMatch(/[\u0600-\u06FF]/);
      });

      it('GET last-order: unknown restaurant 404, a till of another restaurant 404, a till without a recent order 404', async () => {
        const a = await ask(lastOrder(999_999, DEVICE), L.header);
        expect([a.statusCode, a.json().message]).toEqual([404, L.cat.restaurantNotFound]);
        expect(a.headers['content-language']).toBe(L.lang);
        const b = await ask(lastOrder(t.restaurantId, 'not-a-till-of-ours'), L.header);
        // Issue 29: one text for every unknown or foreign till, so a guess learns nothing about which part was wrong.
        expect([b.statusCode, b.json().message]).toEqual([404, L.cat.restaurantNotFound]);
        expect(b.headers['content-language']).toBe(L.lang);
        const c = await ask(lastOrder(t.restaurantId, FIXTURE.devices[2].id), L.header);
        expect([c.statusCode, c.json().message]).toEqual([404, L.cat.noRecentOrder]);
      });

      it("GET last-order: a broken link is a plain sentence, never the schema's wording", async () => {
        for (const [r, d] of [
          ['abc', DEVICE],
          [0, DEVICE],
          [t.restaurantId, ''],
        ] as const) {
          const res = await ask(lastOrder(r, d), L.header);
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(L.cat.badReceiptLink);
        }
      });

      it('GET last-order: POS down 502, slow 504', async () => {
        t.foodics.setMode('down');
        const down = await ask(lastOrder(t.restaurantId, DEVICE), L.header);
        expect([down.statusCode, down.json().message]).toEqual([502, L.cat.posUnreachable]);
        t.foodics.setMode('slow', { delayMs: 4000 });
        const slow = await ask(lastOrder(t.restaurantId, DEVICE), L.header);
        expect([slow.statusCode, slow.json().message]).toEqual([504, L.cat.posTimeout]);
      });

      it('POST /user {phone}: sent, an invalid number, asked again (the live code, nothing sent), a resend too soon (429 with its wait)', async () => {
        const phone = L.lang === 'en' ? '0541000001' : '0541000002';
        const sent = await ask({ method: 'POST', url: '/user', payload: { phone } }, L.header);
        expect([sent.statusCode, sent.json().message]).toEqual([200, L.cat.codeSent]);
        for (const bad of ['12', '', '+14155550123']) {
          const res = await ask({ method: 'POST', url: '/user', payload: { phone: bad } }, L.header);
          expect([res.statusCode, res.json().message]).toEqual([400, L.cat.invalidPhone]);
        }
        const noPhone = await ask({ method: 'POST', url: '/user', payload: {} }, L.header);
        expect(noPhone.json().message).toBe(L.cat.invalidPhone);
        const live = await ask({ method: 'POST', url: '/user', payload: { phone } }, L.header);
        expect([live.statusCode, live.json().message, live.json().sent]).toEqual([200, L.cat.codeStillLive, false]);
        const again = await ask({ method: 'POST', url: '/user', payload: { phone, resend: true } }, L.header);
        expect(again.statusCode).toBe(429);
        expect(again.json().message.startsWith(L.cat.waitBeforeResend)).toBe(true);
        expect(again.json().message).toMatch(L.wait);
      });

      it('add-order: wrong code 400, a code of four letters 400, a bad phone 400, a restaurant id of 0 400 - plain sentences', async () => {
        const phone = L.lang === 'en' ? '0541000011' : '0541000012';
        t.foodics.addOrder(DEVICE);
        await ask({ method: 'POST', url: '/user', payload: { phone } }, L.header);
        const code = t.lastCode(`+966${phone.slice(1)}`)!;
        const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
        const w = await ask(save({ casherId: DEVICE, restaurantId: t.restaurantId, phone, otp: wrong }), L.header);
        expect([w.statusCode, w.json().message]).toEqual([400, L.cat.wrongCode]);
        const letters = await ask(
          save({ casherId: DEVICE, restaurantId: t.restaurantId, phone, otp: 'abcd' }),
          L.header,
        );
        expect([letters.statusCode, letters.json().message]).toEqual([400, L.cat.enterCode]);
        const badPhone = await ask(
          save({ casherId: DEVICE, restaurantId: t.restaurantId, phone: '12', otp: code }),
          L.header,
        );
        expect([badPhone.statusCode, badPhone.json().message]).toEqual([400, L.cat.invalidPhone]);
        const zero = await ask(save({ casherId: DEVICE, restaurantId: 0, phone, otp: code }), L.header);
        expect([zero.statusCode, zero.json().message]).toEqual([400, L.cat.badReceiptLink]);
        expect(zero.json().message).not.toMatch(/Too small|expected|restaurantId/);
      });

      it('add-order: saved, then the same order again is 409 already saved', async () => {
        const phone = L.lang === 'en' ? '0541000021' : '0541000022';
        t.foodics.addOrder(DEVICE);
        const shown = (await ask(lastOrder(t.restaurantId, DEVICE), L.header)).json();
        await ask({ method: 'POST', url: '/user', payload: { phone } }, L.header);
        const ok = await ask(
          save({
            casherId: DEVICE,
            restaurantId: t.restaurantId,
            phone,
            otp: t.lastCode(`+966${phone.slice(1)}`)!,
            orderId: shown.order_id,
          }),
          L.header,
        );
        expect([ok.statusCode, ok.json().message]).toEqual([200, L.cat.invoiceSaved]);
        const twice = await ask(
          save({ casherId: DEVICE, restaurantId: t.restaurantId, phone, otp: '1234', orderId: shown.order_id }),
          L.header,
        );
        expect([twice.statusCode, twice.json().message]).toEqual([409, L.cat.alreadySaved]);
      });
    });
  }

  // An app of its own: after a 429 the server holds back from the POS for the wait it was given (two minutes
  // here), which the other tests' calls must not meet.
  it('GET last-order: the POS over its call budget is 429 with the wait in words, in English and in Arabic', async () => {
    const busyApp = await createFoodicsTestApp({ FOODICS_CACHE_MS: '0', FOODICS_TIMEOUT_MS: '1500' });
    try {
      busyApp.foodics.setMode('rate-limited', { retryAfter: 120 });
      // A till whose receipt was never read: nothing known to serve instead.
      for (const L of LANGS) {
        const busy = await busyApp.app.inject({
          ...lastOrder(busyApp.restaurantId, FIXTURE.devices[1].id),
          headers: { 'accept-language': L.header },
        });
        expect(busy.statusCode).toBe(429);
        expect(busy.json().message.startsWith(L.cat.posBusy)).toBe(true);
        expect(busy.json().message).toMatch(L.wait);
      }
    } finally {
      await busyApp.close();
    }
  }, 120_000); // a second app on a shared machine can take a while to start

  it('the whole service over its SMS cap: 503 in Arabic with its wait', async () => {
    const capped = await createFoodicsTestApp({ SMS_GLOBAL_PER_HOUR: '1', OTP_IP_SENDS_PER_10M: '100' });
    try {
      await capped.app.inject({ method: 'POST', url: '/user', payload: { phone: '0541000031' } });
      const res = await capped.app.inject({
        method: 'POST',
        url: '/user',
        headers: { 'accept-language': 'ar' },
        payload: { phone: '0541000032' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message.startsWith(ar.smsPaused)).toBe(true);
      expect(res.json().message).toMatch(LANGS[1].wait);
    } finally {
      await capped.close();
    }
  }, 120_000); // a second app on a shared machine can take a while to start

  it('without Accept-Language the answer is English; admin calls keep their own wording', async () => {
    const res = await t.app.inject(lastOrder(999_999, DEVICE));
    expect(res.json().message).toBe(en.restaurantNotFound);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/restaurant/999999',
      headers: { 'accept-language': 'ar', authorization: `Bearer ${await t.adminToken()}` },
    });
    expect(admin.json().message).toBe('Restaurant not found');
  });
});
