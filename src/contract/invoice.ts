import { z } from 'zod';

/** The Invoice of docs/PRODUCT.md, Entities, plus the currency its money is in. */
export const invoiceSchema = z.object({
  order_number: z.string(),
  check_number: z.string().nullable(),
  restaurant: z.object({ name: z.string(), logo: z.string() }),
  branch_name: z.string(),
  order_date: z.string(),
  order_time: z.string(),
  payment_method: z.string(),
  sub_total_price: z.number(),
  discount_amount: z.number(),
  total_price: z.number(),
  currency: z.string(),
  order_items: z.array(z.object({ item_name: z.string(), item_quantity: z.number(), total_price: z.number() })),
  /**
   * VAT of a simplified tax invoice (beyond the original product; docs/ARCHITECTURE.md, VAT on the receipt): the amount
   * summed from the POS's taxes, by rate; the seller's VAT number when known; and then the e-invoice QR,
   * drawn by the server as an SVG document.
   */
  vat: z
    .object({
      amount: z.number(),
      by_rate: z.array(z.object({ rate: z.number(), amount: z.number() })),
      number: z.string().nullable(),
      qr_svg: z.string().nullable(),
      /** What the QR is: the POS's own signed e-invoice QR, Specter's ZATCA phase-1 QR, or null (no QR). */
      qr_kind: z.enum(['pos', 'zatca-phase-1']).nullable().optional(),
      /** The seller's ZATCA e-invoicing phase (1 or 2); null on a receipt that is not Saudi (not in SAR). With
       * phase 2 and no QR, the page says the tax invoice with its e-invoice QR is the one printed at the till. */
      // An integer 1 or 2 (not a union of literals: an OpenAPI 3.0 `nullable` needs a `type` beside it).
      zatca_phase: z.number().int().min(1).max(2).nullable().optional(),
    })
    .optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The answer of GET /order/foodics/web/last-order: the Invoice, the POS's id of the order it shows (the page
 * sends it back on both save calls, so the code saves exactly this order) and whether it is saved already. */
export const lastOrderAnswer = invoiceSchema.extend({
  order_id: z.string(),
  saved: z.boolean(),
});
export type LastOrderAnswer = z.infer<typeof lastOrderAnswer>;

/** The POS's id of the order shown on the page; optional, so a client that does not send it still works. */
export const orderIdField = z.string().trim().min(1).max(100).optional();

/** The till's link key (`key` of the printed link, docs/SECURITY.md "Till links"); required only when the
 * server's TILL_KEY_REQUIRED is on. */
export const tillKeyField = z.string().trim().max(100).optional();

export const lastOrderQuery = z.object({
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647),
  casherId: z.string().trim().min(1).max(100),
  key: tillKeyField,
});

export const addOrderBody = z.object({
  casherId: z.string().trim().min(1).max(100),
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647),
  phone: z.string().trim().min(1, 'Phone is required').max(32),
  otp: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
  orderId: orderIdField,
  key: tillKeyField,
  /** "Join {restaurant}'s rewards: it will know your visits and spend", ticked (issues 34 and 47): recorded for this phone and restaurant with the
   * wording's version. Absent or false changes nothing (a yes is withdrawn in My receipts). */
  consent: z.boolean().optional(),
});
export type AddOrderBody = z.infer<typeof addOrderBody>;
