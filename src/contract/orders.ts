import { z } from 'zod';

export const statisticsAnswer = z.object({
  users: z.number(),
  restaurants: z.number(),
  orders: z.number(),
});
export type Statistics = z.infer<typeof statisticsAnswer>;

export const latestOrderSchema = z.object({
  id: z.number(),
  restaurant: z.object({ name: z.string() }),
  branch_name: z.string(),
  user: z.object({ name: z.string() }),
  order_date: z.string(),
  order_time: z.string(),
  payment_method: z.string(),
  total_price: z.number(),
  currency: z.string(),
});
export type LatestOrder = z.infer<typeof latestOrderSchema>;
