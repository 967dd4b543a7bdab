// VAT on the receipt: the amount summed from the POS's line, option and charge taxes (by rate), the VAT
// number from the POS or else the restaurant's form, and the e-invoice QR drawn as SVG: decoded here back
// to ZATCA's phase-1 tags 1-5, or to the POS's own QR text when it gives one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Invoice } from '@axenda/zatca';
import { foodicsVat, foodicsVatSource } from '../../../server/pos/foodics/taxes';
import { zatcaQrText } from '../../../server/vat/zatca';
import { eq } from 'drizzle-orm';
import { restaurants } from '../../../server/db/schema';
import { EGYPT_TOKEN_SUFFIX, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { standInEInvoiceQr } from '../../../server/stand-ins/foodics/server';
import {
  addFoodicsRestaurant,
  createFoodicsTestApp,
  DEVICE,
  releaseFoodicsBusiness,
  type FoodicsTestApp,
} from '../helpers/foodicsApp';
import { decodeQrSvg } from '../helpers/qr';
import { decodeZatcaQr, readTlv } from '../helpers/zatca';

const VAT_NUMBER = '310122393500003';

describe('VAT from the POS taxes (pure mapping)', () => {
  it('sums line, option and charge taxes by rate, leaves void lines out, and reads the number and QR the POS reports', () => {
    const tax = (rate: number, amount: number) => ({ rate, pivot: { rate, amount } });
    const vat = foodicsVat({
      id: 'o1',
      products: [
        { total_price: 100, taxes: [tax(15, 15)], options: [{ taxes: [tax(15, 1.5)] }] },
        { total_price: 20, taxes: [tax(5, 1)] },
        { total_price: 50, status: 5, taxes: [tax(15, 7.5)] }, // void
      ],
      charges: [{ amount: 10, taxes: [tax(15, 1.5)] }],
    });
    expect(vat).toEqual({
      amount: 19,
      by_rate: [
        { rate: 15, amount: 18 },
        { rate: 5, amount: 1 },
      ],
    });
    expect(foodicsVat({ id: 'o2', products: [{ total_price: 3 }] })).toEqual({ amount: 0, by_rate: [] });
    expect(foodicsVatSource({ id: 'o3', zatca_qr: 'POS-QR' }, { vat_registration_number: VAT_NUMBER })).toEqual({
      vatNumber: VAT_NUMBER,
      eInvoiceQr: 'POS-QR',
    });
    expect(foodicsVatSource({ id: 'o4', qr_code: ' ' }, { tax_number: VAT_NUMBER })).toEqual({
      vatNumber: VAT_NUMBER,
      eInvoiceQr: null,
    });
    expect(foodicsVatSource({ id: 'o5' }, {})).toEqual({ vatNumber: null, eInvoiceQr: null });
  });

  it('the ZATCA TLV carries tags 1-5 in order, UTF-8 lengths in bytes (Arabic names), amounts with 2 decimals', () => {
    const text = zatcaQrText({
      sellerName: 'مطعم نجد',
      vatNumber: VAT_NUMBER,
      timestamp: '2026-11-22T09:01:00Z',
      total: 43.7,
      vat: 5.7,
    });
    // Read field after field from the bytes: tag, length in bytes, value, in the order written.
    expect(readTlv(text).map((f) => [f.tag, f.bytes.length, f.value])).toEqual([
      [1, 15, 'مطعم نجد'],
      [2, 15, VAT_NUMBER],
      [3, 20, '2026-11-22T09:01:00Z'],
      [4, 5, '43.70'],
      [5, 4, '5.70'],
    ]);
    // A seller name past 255 bytes is cut to whole characters: the value still decodes as strict UTF-8.
    const long = readTlv(
      zatcaQrText({ sellerName: 'ن'.repeat(300), vatNumber: VAT_NUMBER, timestamp: 't', total: 1, vat: 0 }),
    );
    expect(long.map((f) => f.tag)).toEqual([1, 2, 3, 4, 5]);
    expect(long[0].bytes.length).toBe(254); // 127 two-byte letters: a 128th would make 256
    expect(long[0].value).toBe('ن'.repeat(127));
    expect(long[1].value).toBe(VAT_NUMBER);
  });

  it("gives the same base64 as an independent encoder (@axenda/zatca, checked against ZATCA's SDK) for the same five values", () => {
    const cases = [
      { sellerName: 'Najd Grill', vatNumber: VAT_NUMBER, timestamp: '2026-11-22T09:01:00Z', total: 43.7, vat: 5.7 },
      { sellerName: 'مطعم نجد', vatNumber: VAT_NUMBER, timestamp: '2026-01-05T21:30:15Z', total: 1150, vat: 150 },
      { sellerName: 'Café Ünïcode 😀', vatNumber: VAT_NUMBER, timestamp: '2026-12-31T23:59:59Z', total: 0.1, vat: 0 },
    ];
    for (const c of cases) {
      const theirs = new Invoice({
        sellerName: c.sellerName,
        vatRegistrationNumber: c.vatNumber,
        invoiceTimestamp: c.timestamp,
        invoiceTotal: c.total.toFixed(2),
        invoiceVatTotal: c.vat.toFixed(2),
      }).toBase64();
      expect(zatcaQrText(c), c.sellerName).toBe(theirs);
    }
  });
});

describe('VAT on the receipt (GET /order/foodics/web/last-order)', () => {
  // Each test sets up a restaurant of its own on the stand-in's token (its VAT number, phase and names are the
  // test's), and the stand-in's e-invoice QR starts off: the tests stand alone and in any order.
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  let restaurantId: number;
  const receipt = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${encodeURIComponent(DEVICE)}`,
      })
    ).json();
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CACHE_MS: '0' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  beforeEach(async () => {
    t.foodics.setEInvoiceVatNumber(null);
    // A restaurant per test, on the business the previous one held (a Foodics business is one restaurant's).
    await releaseFoodicsBusiness(t.deps, t.foodics.token);
    restaurantId = await addFoodicsRestaurant(t.deps, t.foodics.token, 'Najd Grill');
  });
  afterAll(() => t.close());

  const patch = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/restaurant/${restaurantId}`, headers: auth, payload });
  const page = async (lang: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${encodeURIComponent(DEVICE)}`,
        headers: { 'accept-language': lang },
      })
    ).json();

  it('without a VAT number: the VAT amount by rate, no number, no QR; every restaurant starts in ZATCA phase 2', async () => {
    const r = (await t.app.inject({ method: 'GET', url: `/restaurant/${restaurantId}`, headers: auth })).json();
    expect(r.zatca_phase).toBe(2);
    expect(r.legal_name).toBeNull();
    // The business name Foodics' /whoami reports for the token, read at sync.
    expect(r.pos_legal_name).toBe('Najd Grill Co.');
    t.foodics.addOrder(DEVICE); // 32 + 6, VAT 15% on each line in the stand-in
    const inv = await receipt();
    expect(inv.vat).toEqual({
      amount: 5.7,
      by_rate: [{ rate: 15, amount: 5.7 }],
      number: null,
      qr_svg: null,
      qr_kind: null,
      zatca_phase: 2,
    });
  });

  it('a VAT number outside the Saudi format is refused (400); an empty one clears it; zatca_phase is 1 or 2', async () => {
    for (const bad of ['12345', '410122393500003', '31012239350000A']) {
      const res = await patch({ vat_number: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^vat_number: /);
    }
    expect((await patch({ vat_number: '' })).json().vat_number).toBeNull();
    for (const bad of [0, 3, '2', null]) expect((await patch({ zatca_phase: bad })).statusCode, String(bad)).toBe(400);
  });

  it('phase 2 with a VAT number: no QR drawn by Specter, and the page says the tax invoice is the one printed at the till (both languages)', async () => {
    expect((await patch({ vat_number: VAT_NUMBER })).json().zatca_phase).toBe(2);
    t.foodics.addOrder(DEVICE);
    const inv = await receipt();
    expect(inv.vat).toMatchObject({ number: VAT_NUMBER, qr_svg: null, qr_kind: null, zatca_phase: 2 });
    const html = async (lang: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/user/invoice?restId=${restaurantId}&deviceId=${encodeURIComponent(DEVICE)}`,
          headers: { accept: 'text/html', 'accept-language': lang },
        })
      ).statusCode;
    // The sentence itself is the page's (tests/web/public/vat.test.tsx): here the answer says which phase.
    expect(await html('en')).toBeLessThan(500);
    expect((await page('ar')).vat.qr_svg).toBeNull();
  });

  it("phase 2: the POS's own signed QR is shown verbatim when its tags agree with the receipt, refused when they do not", async () => {
    expect((await patch({ vat_number: VAT_NUMBER })).json().zatca_phase).toBe(2);
    t.foodics.setEInvoiceVatNumber(VAT_NUMBER);
    const order = t.foodics.addOrder(DEVICE);
    const inv = await receipt();
    expect(inv.vat.qr_kind).toBe('pos');
    const text = decodeQrSvg(inv.vat.qr_svg)!;
    const tags: number[] = [];
    const bytes = Buffer.from(text, 'base64');
    for (let i = 0; i < bytes.length; i += 2 + bytes[i + 1]) tags.push(bytes[i]);
    expect(tags).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(text).toBe(
      standInEInvoiceQr({
        sellerName: 'Najd Grill Co.',
        vatNumber: VAT_NUMBER,
        timestamp: `${order.closed_at!.replace(' ', 'T')}Z`,
        total: 43.7,
        vat: 5.7,
      }),
    );
    // Tags 1-5 that disagree (another VAT number, another total, another VAT), or a 5-tag QR: no QR at all.
    t.foodics.setEInvoiceVatNumber(null);
    const base = { sellerName: 'X', vatNumber: VAT_NUMBER, timestamp: '2026-11-22T09:01:00Z', total: 43.7, vat: 5.7 };
    for (const qr of [
      standInEInvoiceQr({ ...base, vatNumber: '399999999900003' }),
      standInEInvoiceQr({ ...base, total: 44.7 }),
      standInEInvoiceQr({ ...base, vat: 5.71 }),
      zatcaQrText(base),
      'AQlQT1MgT3duIFFS',
      '<svg onload=alert(1)>',
    ]) {
      t.foodics.addOrder(DEVICE, { zatca_qr: qr });
      const refused = await receipt();
      expect(refused.vat, qr).toMatchObject({ qr_svg: null, qr_kind: null, zatca_phase: 2 });
    }
  });

  it("phase 1: the 5-tag QR, tag 1 the POS's business name (else the form's legal name, else the name), tag 3 the receipt's time", async () => {
    expect(
      (await patch({ vat_number: VAT_NUMBER, zatca_phase: 1, legal_name: 'Najd Grill Trading LLC' })).json(),
    ).toMatchObject({
      zatca_phase: 1,
      legal_name: 'Najd Grill Trading LLC',
    });
    const order = t.foodics.addOrder(DEVICE);
    const inv = await receipt();
    expect(inv.vat.number).toBe(VAT_NUMBER);
    expect(inv.vat.qr_kind).toBe('zatca-phase-1');
    expect(inv.vat.qr_svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(inv.vat.qr_svg).not.toMatch(/<script|on\w+=/i);
    const text = decodeQrSvg(inv.vat.qr_svg)!;
    const timestamp = `${order.closed_at!.replace(' ', 'T')}Z`;
    expect(decodeZatcaQr(text)).toEqual({ 1: 'Najd Grill Co.', 2: VAT_NUMBER, 3: timestamp, 4: '43.70', 5: '5.70' });
    // The same bytes as the independent encoder for the same five values.
    expect(text).toBe(
      new Invoice({
        sellerName: 'Najd Grill Co.',
        vatRegistrationNumber: VAT_NUMBER,
        invoiceTimestamp: timestamp,
        invoiceTotal: '43.70',
        invoiceVatTotal: '5.70',
      }).toBase64(),
    );
    // Without the POS's business name (a token whose /whoami says none): the form's legal name, else the name.
    const set = async (values: Partial<typeof restaurants.$inferInsert>) => {
      await t.deps.database.db
        .update(restaurants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(restaurants.id, restaurantId));
      t.app.lastOrders.forget();
    };
    await set({ posLegalName: null });
    t.foodics.addOrder(DEVICE);
    expect(decodeZatcaQr(decodeQrSvg((await receipt()).vat.qr_svg)!)[1]).toBe('Najd Grill Trading LLC');
    await set({ legalName: null });
    t.foodics.addOrder(DEVICE);
    expect(decodeZatcaQr(decodeQrSvg((await receipt()).vat.qr_svg)!)[1]).toBe('Najd Grill');
  });

  it('an Egyptian (EGP) receipt never has a ZATCA QR, whatever the VAT number or phase', async () => {
    const egypt = await addFoodicsRestaurant(t.deps, `${t.foodics.token}${EGYPT_TOKEN_SUFFIX}`, 'Nile Kitchen');
    for (const phase of [1, 2]) {
      await t.app.inject({
        method: 'PATCH',
        url: `/restaurant/${egypt}`,
        headers: auth,
        payload: { vat_number: VAT_NUMBER, zatca_phase: phase },
      });
      const device = FIXTURE_EG.devices[0].id;
      t.foodics.addOrder(device);
      const res = await t.app.inject({
        method: 'GET',
        url: `/order/foodics/web/last-order?restaurantId=${egypt}&casherId=${encodeURIComponent(device)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().currency).toBe('EGP');
      expect(res.json().vat, String(phase)).toMatchObject({ qr_svg: null, qr_kind: null, zatca_phase: null });
    }
  });
});
