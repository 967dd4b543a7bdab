// The guestbook's kept rows (docs/ARCHITECTURE.md, The guestbook): each app user's row per restaurant they saved a
// receipt at, brought up to date in the transaction of every change to what it sums. Apart from the reads so the
// one writer of the sums is a file of its own; the consents that also mark the row are in consent.ts.
import { and, desc, eq, max, min, sql } from 'drizzle-orm';
import type { Database, Db } from '../../client';
import { appUsers, guestConsents, guests, orderItems, orders } from '../../schema';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
type Writer = Tx | Db;

/**
 * Brings one guest row up to date with their saved orders at the restaurant, inside the caller's transaction.
 * First it takes the row's lock (an upsert that creates it or touches it), then it sums that guest's orders at
 * that restaurant (a few dozen rows, read through orders_user_restaurant_idx): every writer of one guest queues
 * on that lock and, once it has it, sees what the ones before it committed, so twenty saves of one phone at once
 * leave the row right (tests/server/api/guests.test.ts). No orders left there: the row goes.
 */
export async function keepGuest(tx: Writer, restaurantId: number, appUserId: number): Promise<void> {
  const now = new Date();
  await tx
    .insert(guests)
    .values({ restaurantId, appUserId, firstVisitAt: now, lastVisitAt: now, firstVisitOn: '' })
    .onConflictDoUpdate({ target: [guests.restaurantId, guests.appUserId], set: { updatedAt: now } });
  const mine = and(eq(orders.appUserId, appUserId), eq(orders.restaurantId, restaurantId));
  const [sum] = await tx
    .select({
      visits: sql<number>`count(*)::int`,
      spend: sql<string>`coalesce(sum(${orders.totalPrice}), 0)::text`,
      first: min(orders.createdAt),
      last: max(orders.createdAt),
      firstOn: min(orders.orderDate),
      currency: sql<
        string | null
      >`(array_agg(${orders.currency} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`,
    })
    .from(orders)
    .where(mine);
  const at = and(eq(guests.restaurantId, restaurantId), eq(guests.appUserId, appUserId));
  if (!sum.visits) {
    await tx.delete(guests).where(at);
    return;
  }
  const [favourite] = await tx
    .select({ name: orderItems.itemName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(mine)
    .groupBy(orderItems.itemName)
    .orderBy(desc(sql`sum(${orderItems.itemQuantity})`), orderItems.itemName)
    .limit(1);
  const [top] = await tx
    .select({ name: orders.branchName })
    .from(orders)
    .where(mine)
    .groupBy(orders.branchName)
    .orderBy(desc(sql`count(*)`), desc(max(orders.createdAt)), orders.branchName)
    .limit(1);
  await tx
    .update(guests)
    .set({
      visits: sum.visits,
      spend: sum.spend,
      averageTicket: sql`${sum.spend}::numeric / ${sum.visits}`,
      firstVisitAt: sum.first!,
      lastVisitAt: sum.last!,
      firstVisitOn: sum.firstOn!,
      currency: sum.currency ?? '',
      favouriteItem: favourite?.name ?? null,
      topBranch: top?.name ?? null,
      consented: sql`exists (select 1 from ${guestConsents} c join ${appUsers} u on u.phone = c.phone
        where u.id = ${appUserId} and c.restaurant_id = ${restaurantId})`,
      updatedAt: now,
    })
    .where(at);
}
