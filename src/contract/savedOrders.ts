import { z } from 'zod';
import { listQuery } from './common';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** Filters of the Orders screen, shared by its list and its CSV export. */
export const savedOrderFilters = z.object({
  /** A phone (or part of one) or an order number. */
  q: z.string().max(200).optional(),
  restaurantId: dbId.optional(),
  appUserId: dbId.optional(),
  /** Order dates (the restaurant's business date), inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type SavedOrderFilters = z.infer<typeof savedOrderFilters>;

export const savedOrdersQuery = listQuery.extend(savedOrderFilters.shape);

/** A saved order on the Orders screen. The customer is their name, or their phone masked. */
export const savedOrderSchema = z.object({
  id: z.number(),
  restaurant: z.object({ id: z.number(), name: z.string() }),
  branch_name: z.string(),
  device: z.object({ device_id: z.string(), name: z.string().nullable() }),
  order_number: z.string(),
  check_number: z.string().nullable(),
  customer: z.object({ id: z.number().nullable(), name: z.string() }),
  order_date: z.string(),
  order_time: z.string(),
  payment_method: z.string(),
  total_price: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type SavedOrder = z.infer<typeof savedOrderSchema>;

export const savedOrderItemSchema = z.object({
  item_name: z.string(),
  item_quantity: z.number(),
  total_price: z.number(),
});
export const savedOrderDetail = savedOrderSchema.extend({ order_items: z.array(savedOrderItemSchema) });
export type SavedOrderDetail = z.infer<typeof savedOrderDetail>;

/** The scan-to-save funnel: receipts opened, codes requested, orders saved. */
export const funnelFigures = z.object({ views: z.number(), codes: z.number(), saves: z.number() });
export type FunnelFigures = z.infer<typeof funnelFigures>;

export const funnelQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export const funnelSummary = z.object({
  from: z.string(),
  to: z.string(),
  totals: funnelFigures,
  days: z.array(funnelFigures.extend({ day: z.string() })),
});
export type FunnelSummary = z.infer<typeof funnelSummary>;

export const funnelByBranch = z.object({
  branches: z.array(funnelFigures.extend({ id: z.number(), name: z.string() })),
});
export const funnelByDevice = z.object({
  devices: z.array(
    funnelFigures.extend({
      id: z.number(),
      device_id: z.string(),
      name: z.string(),
      /** Opens of shared links to receipts saved from the till (docs/CUSTOMER.md, Sharing a receipt). */
      shared_opens: z.number(),
    }),
  ),
});
export type FunnelRow = FunnelFigures & { id: number; name: string; shared_opens?: number };

export const exportTicket = z.object({
  ticket: z.string(),
  expiresIn: z.number(),
  /** The name GET /export/progress/{progress} reads the download's progress by. */
  progress: z.string(),
});
/** How far a CSV download has got (rows written; done once it ended; complete when every row was written). */
export const exportProgress = z.object({ rows: z.number(), done: z.boolean(), complete: z.boolean() });
