// The orders a Specter POS pushes (POST /pos/specter/orders): the branch and device arrive with the order and
// are created on first sight (or brought back and renamed); an order pushed again replaces what we had.
import { sql } from 'drizzle-orm';
import type { Tx } from '../audit';
import { branches, devices, posOrders } from '../schema';

export interface PushedOrder {
  restaurantId: number;
  branch: { id: string; name: string };
  device: { id: string; name: string };
  posOrderId: string;
  invoice: unknown;
  status: number;
  closedAt: Date;
  /** A re-push without a closing time keeps the closing time we have. */
  keepClosedAt: boolean;
}

/** Stores the pushed order with its branch and till; true when the order is new, false when it was replaced. */
export async function storePushedOrder(tx: Tx, o: PushedOrder): Promise<boolean> {
  const [branch] = await tx
    .insert(branches)
    .values({ restaurantId: o.restaurantId, branchId: o.branch.id, name: o.branch.name })
    .onConflictDoUpdate({
      target: [branches.restaurantId, branches.branchId],
      set: { name: o.branch.name, removedAt: null },
    })
    .returning({ id: branches.id });
  await tx
    .insert(devices)
    .values({ restaurantId: o.restaurantId, branchRef: branch.id, deviceId: o.device.id, name: o.device.name })
    .onConflictDoUpdate({
      target: [devices.restaurantId, devices.deviceId],
      set: { name: o.device.name, branchRef: branch.id, removedAt: null },
    });
  const [row] = await tx
    .insert(posOrders)
    .values({
      restaurantId: o.restaurantId,
      deviceId: o.device.id,
      posOrderId: o.posOrderId,
      invoice: o.invoice,
      status: o.status,
      closedAt: o.closedAt,
    })
    .onConflictDoUpdate({
      target: [posOrders.restaurantId, posOrders.posOrderId],
      set: { invoice: o.invoice, status: o.status, closedAt: o.keepClosedAt ? sql`${posOrders.closedAt}` : o.closedAt },
    })
    .returning({ firstSeen: sql<boolean>`(xmax = 0)` });
  return row.firstSeen;
}
