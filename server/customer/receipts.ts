// A customer's saved receipts, read only through the phone of their session: every query joins the app
// user by that phone (and by the user id the session found), so no id in an address can reach another
// customer's receipt - it is simply not found.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appUsers, orderItems, orders, restaurants } from '../db/schema';
import type { SavedVat } from '../core/posPort';
import { vatAnswer } from '../vat/receiptVat';
import type { CustomerSession } from './session';

/** The restaurant's logo as receipts show it: its copy on this site when there is one (pos/logoCopy.ts). */
const shownLogoSql = sql<string>`coalesce(${restaurants.logoCopy}, ${restaurants.logo})`;

const owner = (s: CustomerSession): SQL =>
  s.userId > 0 ? and(eq(appUsers.phone, s.phone), eq(appUsers.id, s.userId))! : eq(appUsers.phone, s.phone);

export async function listReceipts(db: Db, s: CustomerSession, page: number, perPage: number) {
  const where = owner(s);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        name: restaurants.name,
        logo: shownLogoSql,
        branchName: orders.branchName,
        orderNumber: orders.orderNumber,
        orderDate: orders.orderDate,
        orderTime: orders.orderTime,
        totalPrice: orders.totalPrice,
        currency: orders.currency,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(appUsers, eq(appUsers.id, orders.appUserId))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).innerJoin(appUsers, eq(appUsers.id, orders.appUserId)).where(where),
  ]);
  return {
    receipts: rows.map((r) => ({
      id: r.id,
      restaurant: { name: r.name, logo: r.logo },
      branch_name: r.branchName,
      order_number: r.orderNumber,
      order_date: r.orderDate,
      order_time: r.orderTime,
      total_price: Number(r.totalPrice),
      currency: r.currency,
      saved_at: r.createdAt.toISOString(),
    })),
    total: Number(n),
    page,
    perPage,
  };
}

/** One saved receipt in full, or null when it is not this customer's (or does not exist). */
export async function findReceipt(db: Db, s: CustomerSession, id: number) {
  return receiptOf(db, and(eq(orders.id, id), owner(s))!);
}

/** A saved order as its receipt (the Invoice with its id), with the VAT block it was saved with - its QR drawn
 * only from a text that reads as a ZATCA QR again (server/vat/receiptVat.ts) - or null when none matches. */
export async function receiptOf(db: Db, where: SQL) {
  const [o] = await db
    .select({ order: orders, name: restaurants.name, logo: shownLogoSql })
    .from(orders)
    .innerJoin(appUsers, eq(appUsers.id, orders.appUserId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(where);
  if (!o) return null;
  const id = o.order.id;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  const total = Number(o.order.totalPrice);
  const saved = o.order.vat as SavedVat | null;
  return {
    id,
    order_number: o.order.orderNumber,
    check_number: o.order.checkNumber,
    restaurant: { name: o.name, logo: o.logo },
    branch_name: o.order.branchName,
    order_date: o.order.orderDate,
    order_time: o.order.orderTime,
    payment_method: o.order.paymentMethod,
    sub_total_price: Number(o.order.subTotalPrice),
    discount_amount: Number(o.order.discountAmount),
    total_price: total,
    currency: o.order.currency,
    order_items: items.map((i) => ({
      item_name: i.itemName,
      item_quantity: Number(i.itemQuantity),
      total_price: Number(i.totalPrice),
    })),
    ...(saved ? { vat: await vatAnswer(saved, { total }) } : {}),
    /** Which till it was saved from and its restaurant (the funnel's shared-link opens), not in the answer. */
    till: { restaurantId: o.order.restaurantId, deviceId: o.order.deviceId },
  };
}
