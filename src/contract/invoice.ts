import { z } from 'zod';

/** The Invoice of SPEC.md section 3, plus the currency its money is in. */
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
  order_items: z.array(
    z.object({ item_name: z.string(), item_quantity: z.number(), total_price: z.number() }),
  ),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const lastOrderQuery = z.object({
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647),
  casherId: z.string().trim().min(1).max(100),
});

export const addOrderBody = z.object({
  casherId: z.string().trim().min(1).max(100),
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647),
  phone: z.string().trim().min(1, 'Phone is required').max(32),
  otp: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
});
export type AddOrderBody = z.infer<typeof addOrderBody>;
