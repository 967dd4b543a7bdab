// The demo adds up (issue 30): the dashboard's figures, the saved orders, their lines and VAT, the guestbook and
// the funnel all agree with each other, and the receipts of every till of the Foodics stand-in too - what a new
// admin sees on `npm start` tells one story.
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { appUsers, guests, orderItems, orders, restaurants } from '../../../server/db/schema';
import { useDemoApp } from '../helpers/demo';

const demo = useDemoApp();

const get = async (url: string) => {
  const res = await demo.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${demo.token}` } });
  expect(res.statusCode, url).toBe(200);
  return res;
};
const cents = (n: number | string) => Math.round(Number(n) * 100);

describe('the demo adds up', () => {
  it("the dashboard's figures are the rows there are", async () => {
    const stats = (await get('/statistics')).json();
    const db = demo.t.database.db;
    const [{ users }] = await db.select({ users: sql<number>`count(*)::int` }).from(appUsers);
    const [{ saved }] = await db.select({ saved: sql<number>`count(*)::int` }).from(orders);
    const [{ live }] = await db
      .select({ live: sql<number>`count(*)::int` })
      .from(restaurants)
      .where(eq(restaurants.isDeleted, false));
    expect(stats).toEqual({ users, orders: saved, restaurants: live });
  });

  it("every saved order: its lines add up to its subtotal, and its total is the subtotal less the discount plus the country's VAT", async () => {
    const db = demo.t.database.db;
    const rows = await db.select().from(orders);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const o of rows) {
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, o.id));
      const sum = lines.reduce((s, l) => s + cents(l.totalPrice), 0);
      expect(sum, `order ${o.orderNumber}: lines`).toBe(cents(o.subTotalPrice));
      const rate = o.currency === 'SAR' ? 0.15 : 0.14;
      const net = Number(o.subTotalPrice) - Number(o.discountAmount);
      expect(
        Math.abs(cents(o.totalPrice) - cents(net * (1 + rate))),
        `order ${o.orderNumber}: total`,
      ).toBeLessThanOrEqual(1);
    }
  });

  it("the guestbook's visits and spend are the saved orders of each guest at each restaurant", async () => {
    const db = demo.t.database.db;
    const rows = await db.select().from(guests);
    const [{ pairs }] = await db
      .select({ pairs: sql<number>`count(distinct (${orders.restaurantId}, ${orders.appUserId}))::int` })
      .from(orders);
    expect(rows).toHaveLength(pairs);
    for (const g of rows) {
      const [mine] = await db
        .select({ visits: sql<number>`count(*)::int`, spend: sql<string>`sum(${orders.totalPrice})::text` })
        .from(orders)
        .where(sql`${orders.restaurantId} = ${g.restaurantId} and ${orders.appUserId} = ${g.appUserId}`);
      expect(g.visits).toBe(mine.visits);
      expect(cents(g.spend)).toBe(cents(mine.spend));
    }
  });

  it("the funnel's saves are the saved orders, day by day; no day codes more than it opened, or saves more than it coded", async () => {
    const funnel = (await get('/funnel?days=30')).json() as {
      totals: { views: number; codes: number; saves: number };
      days: { day: string; views: number; codes: number; saves: number }[];
    };
    const zone = demo.t.config.FUNNEL_TIME_ZONE;
    const byDay = await demo.t.database.db
      .select({
        day: sql<string>`to_char(${orders.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .groupBy(sql`1`);
    const inWindow = byDay.filter((d) => funnel.days.some((f) => f.day === d.day));
    expect(funnel.totals.saves).toBe(inWindow.reduce((s, d) => s + d.n, 0));
    for (const d of funnel.days) {
      expect(d.saves, d.day).toBe(byDay.find((x) => x.day === d.day)?.n ?? 0);
      expect(d.codes, d.day).toBeGreaterThanOrEqual(d.saves);
      expect(d.views, d.day).toBeGreaterThanOrEqual(d.codes);
    }
  });

  it("every till's receipt at the stand-in: its lines add up to its subtotal, and its VAT to its total", async () => {
    const { restaurants: list } = (await get('/restaurant')).json() as { restaurants: { id: number; name: string }[] };
    const idOf = (name: string) => list.find((r) => r.name === name)!.id;
    const tills = [
      ...FIXTURE.devices.map((d) => ({ restaurantId: idOf('Najd Grill'), device: d.id })),
      ...FIXTURE_EG.devices.map((d) => ({ restaurantId: idOf('Nile Kitchen'), device: d.id })),
    ];
    let checked = 0;
    for (const till of tills) {
      const res = await demo.t.app.inject({
        method: 'GET',
        url: `/order/foodics/web/last-order?restaurantId=${till.restaurantId}&casherId=${till.device}`,
      });
      if (res.statusCode !== 200) continue; // a till whose newest order is still open
      const r = res.json() as {
        order_number: string;
        sub_total_price: number;
        discount_amount: number;
        total_price: number;
        order_items: { total_price: number }[];
        vat: { amount: number } | null;
      };
      const sum = r.order_items.reduce((s, l) => s + cents(l.total_price), 0);
      expect(sum, `till ${till.device}, order ${r.order_number}: lines`).toBe(cents(r.sub_total_price));
      if (r.vat)
        expect(
          Math.abs(cents(r.sub_total_price - r.discount_amount + r.vat.amount) - cents(r.total_price)),
          `till ${till.device}, order ${r.order_number}: VAT`,
        ).toBeLessThanOrEqual(1);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('the orders CSV writes the currency the screens show (EGP, not the stored EGY)', async () => {
    const rows = parse((await get('/order/export.csv')).body, { bom: true }) as string[][];
    const currency = rows[0].indexOf('currency');
    const codes = new Set(rows.slice(1).map((r) => r[currency]));
    expect([...codes].sort()).toEqual(['EGP', 'SAR']);
  });
});
