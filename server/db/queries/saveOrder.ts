// Stores an order of the POS in a customer's account, with its lines: one order, one account, once (the
// unique (restaurant_id, pos_order_id) index decides between two savers). Used by the save call and the demo.
import type { PosOrder } from '../../pos/port';
import type { Database } from '../client';
import { appUsers, orderItems, orders } from '../schema';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** The new saved order's id, or null when this order is saved already. */
export async function saveOrderToAccount(
  tx: Tx | Database['db'],
  input: { phone: string; restaurantId: number; deviceId: string; order: PosOrder; at?: Date },
): Promise<number | null> {
  const at = input.at ?? new Date();
  const inv = input.order.invoice;
  const [user] = await tx
    .insert(appUsers)
    .values({ phone: input.phone, lastLogin: at })
    .onConflictDoUpdate({ target: appUsers.phone, set: { lastLogin: at, updatedAt: at } })
    .returning({ id: appUsers.id });
  const [saved] = await tx
    .insert(orders)
    .values({
      appUserId: user.id,
      restaurantId: input.restaurantId,
      posOrderId: input.order.posOrderId,
      deviceId: input.deviceId,
      branchName: inv.branch_name,
      orderNumber: inv.order_number,
      checkNumber: inv.check_number,
      orderDate: inv.order_date,
      orderTime: inv.order_time,
      paymentMethod: inv.payment_method,
      subTotalPrice: String(inv.sub_total_price),
      discountAmount: String(inv.discount_amount),
      totalPrice: String(inv.total_price),
      currency: inv.currency,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (!saved) return null;
  if (inv.order_items.length) {
    await tx.insert(orderItems).values(
      inv.order_items.map((l) => ({
        orderId: saved.id,
        itemName: l.item_name,
        itemQuantity: String(l.item_quantity),
        totalPrice: String(l.total_price),
      })),
    );
  }
  return saved.id;
}
