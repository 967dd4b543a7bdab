// VAT on the receipt: the amount summed from the POS's line, option and charge taxes (by rate), the VAT
// number from the POS or else the restaurant's form, and the e-invoice QR drawn as SVG: decoded here back
// to ZATCA's phase-1 tags 1-5, or to the POS's own QR text when it gives one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invoice } from '@axenda/zatca';
import { foodicsVat, foodicsVatSource } from '../../../server/pos/foodics/taxes';
import { zatcaQrText } from '../../../server/vat/zatca';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
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
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  const receipt = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(DEVICE)}`,
      })
    ).json();
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CACHE_MS: '0' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  it('without a VAT number: the VAT amount by rate, no number, no QR', async () => {
    t.foodics.addOrder(DEVICE); // 32 + 6, VAT 15% on each line in the stand-in
    const inv = await receipt();
    expect(inv.vat).toEqual({ amount: 5.7, by_rate: [{ rate: 15, amount: 5.7 }], number: null, qr_svg: null });
  });

  it('a VAT number outside the Saudi format is refused (400); an empty one clears it', async () => {
    for (const bad of ['12345', '410122393500003', '31012239350000A']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/restaurant/${t.restaurantId}`,
        headers: auth,
        payload: { vat_number: bad },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^vat_number: /);
    }
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${t.restaurantId}`,
      headers: auth,
      payload: { vat_number: '' },
    });
    expect(cleared.json().vat_number).toBeNull();
  });

  it("with the restaurant's VAT number: the number and a ZATCA QR whose tags are seller, number, time, total and VAT", async () => {
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${t.restaurantId}`,
      headers: auth,
      payload: { vat_number: VAT_NUMBER },
    });
    expect(edit.json().vat_number).toBe(VAT_NUMBER);
    const order = t.foodics.addOrder(DEVICE);
    const inv = await receipt();
    expect(inv.vat.number).toBe(VAT_NUMBER);
    expect(inv.vat.qr_svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(inv.vat.qr_svg).not.toMatch(/<script|on\w+=/i);
    const text = decodeQrSvg(inv.vat.qr_svg)!;
    expect(decodeZatcaQr(text)).toEqual({
      1: 'Najd Grill',
      2: VAT_NUMBER,
      3: `${order.closed_at!.replace(' ', 'T')}Z`,
      4: '43.70',
      5: '5.70',
    });
  });

  it("the POS's own QR text, when it gives one, is the QR printed", async () => {
    t.foodics.addOrder(DEVICE, { zatca_qr: 'AQlQT1MgT3duIFFS' });
    const inv = await receipt();
    expect(decodeQrSvg(inv.vat.qr_svg)).toBe('AQlQT1MgT3duIFFS');
  });
});
