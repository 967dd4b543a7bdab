// Demo data for `npm start` on the embedded database: restaurants linked to the local Foodics stand-in
// (their branches and devices arrive through the real sync), app users and saved orders, so the dashboard
// shows something real at once and a demo QR code leads to a receipt that can be saved end to end.
// Runs only on an empty restaurants table, so a restart never duplicates it.
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { syncRestaurant } from '../pos/sync';
import { DEMO_SAVED_ORDER_ID, FIXTURE } from './foodics/fixture';
import { saveOrderToAccount } from '../db/repositories/savedOrders';
import { keepGuest } from '../db/repositories/guests';
import {
  appUsers,
  branches,
  devices,
  funnelDaily,
  loyaltyPrograms,
  loyaltyRewards,
  orderItems,
  orders,
  restaurants,
} from '../db/schema';
import { EGYPT_TOKEN_SUFFIX, FIXTURE_EG } from './foodics/fixture';
import { localDateTime } from '../pos/foodics/mapping';
import { dayRange } from '../funnel/days';
import { posRestaurant } from '../db/repositories/restaurants';
import { sealerOf, tokenKey } from '../lib/sealing';

const FIRST = ['Nora', 'Fahad', 'Huda', 'Omar', 'Layla', 'Khalid', 'Sara', 'Yousef', 'Mona', 'Ahmed', 'Reem', 'Tariq'];
const LAST = ['Al-Harbi', 'Saleh', 'Hassan', 'Al-Qahtani', 'Mostafa', 'Al-Otaibi', null];
const GENDERS = [
  'female',
  'male',
  'female',
  'male',
  'female',
  'male',
  'female',
  'male',
  'female',
  'male',
  'female',
  'male',
];
const MENU_EG = [
  ['Koshary', 65],
  ['Molokhia with Chicken', 180],
  ['Ful Medames', 35],
  ['Om Ali', 70],
] as const;
const MENU = [
  ['Chicken Kabsa', 32],
  ['Mandi Lamb', 58],
  ['Hummus', 12],
  ['Karak Tea', 6],
  ['Kunafa', 18],
  ['Falafel Wrap', 14],
] as const;

/**
 * Whether to load the demo data: DEMO_DATA, by default on for the embedded database outside production.
 * Never on a real database (DATABASE_URL), whatever NODE_ENV says: asking for it there refuses to start.
 */
export function demoDataWanted(config: Pick<Config, 'DEMO_DATA' | 'DATABASE_URL' | 'NODE_ENV'>): boolean {
  if (config.DATABASE_URL) {
    if (config.DEMO_DATA)
      throw new Error(
        'DEMO_DATA loads made-up restaurants, users and orders and is refused on a real database (DATABASE_URL): unset it.',
      );
    return false;
  }
  return config.DEMO_DATA ?? config.NODE_ENV !== 'production';
}

export async function loadDemoData(deps: Deps, opts: { foodicsToken?: string }): Promise<boolean> {
  const { db } = deps.database;
  const [{ n }] = await db.select({ n: count() }).from(restaurants);
  if (n > 0) return false;

  const token = opts.foodicsToken ?? 'demo-token-not-configured';
  // Stored sealed, as the form and "Connect Foodics" store them (docs/SECURITY.md).
  const sealer = sealerOf(deps.config);
  const sealed = (t: string) => ({ token: sealer.seal(t), branchsToken: sealer.seal(t), tokenKey: tokenKey(t) });
  const made = await db
    .insert(restaurants)
    .values([
      // A VAT number (ZATCA's sample) so the demo receipt shows its VAT lines and e-invoice QR.
      {
        name: 'Najd Grill',
        logo: '/demo/najd-grill.svg',
        ...sealed(token),
        systemType: 'Foodics',
        nameApi: 'Najd Grill Co.',
        vatNumber: '310122393500003',
        timeZone: 'Asia/Riyadh',
      },
      // The Egyptian restaurant reads its own business at the stand-in: Cairo branches, receipts in pounds.
      {
        name: 'Nile Kitchen',
        logo: '/demo/nile-kitchen.svg',
        ...sealed(`${token}${EGYPT_TOKEN_SUFFIX}`),
        systemType: 'Foodics',
        nameApi: 'Nile Kitchen LLC',
        timeZone: 'Africa/Cairo',
      },
    ])
    .returning({ id: restaurants.id, name: restaurants.name });
  for (const r of made) await syncRestaurant(deps, r.id);
  await seedLoyalty(deps, made[0].id);

  const users = await db
    .insert(appUsers)
    .values(
      FIRST.map((first, i) => ({
        firstName: i % 5 === 4 ? null : first,
        lastName: i % 5 === 4 ? null : LAST[i % LAST.length],
        phone:
          i % 4 === 3
            ? `+2010${String(10_000_000 + i * 7919).slice(0, 8)}`
            : `+9665${String(10_000_000 + i * 104_729).slice(0, 8)}`,
        gender: i % 5 === 4 ? null : GENDERS[i],
        birthDate: i % 3 === 2 ? null : `19${80 + i}-0${(i % 9) + 1}-1${i % 9}`,
        lastLogin: i % 2 ? new Date(Date.now() - i * 3_600_000) : null,
        createdAt: new Date(Date.now() - (FIRST.length - i) * 86_400_000),
      })),
    )
    .returning({ id: appUsers.id });

  // Each saved order on a real till of its branch (the Orders screen names it); 'demo' only when the POS gave no
  // tills (no stand-in).
  const tillRows = await db
    .select({ restaurantId: devices.restaurantId, deviceId: devices.deviceId, branch: branches.name })
    .from(devices)
    .innerJoin(branches, eq(branches.id, devices.branchRef))
    .orderBy(devices.id);
  const tillOf = (restaurantId: number, branch: string) =>
    tillRows.find((d) => d.restaurantId === restaurantId && d.branch === branch)?.deviceId ?? 'demo';

  for (let i = 0; i < 8; i++) {
    const when = new Date(Date.now() - (8 - i) * 7_200_000);
    const egy = i === 5 || i === 2;
    const menu: readonly (readonly [string, number])[] = egy ? MENU_EG : MENU;
    const lines = [menu[i % menu.length], menu[(i + 2) % menu.length]].map(([name, price], k) => ({
      name,
      qty: k + 1,
      total: price * (k + 1),
    }));
    const sub = lines.reduce((s, l) => s + l.total, 0);
    const discount = i % 3 === 0 ? 5 : 0;
    const restaurantId = made[egy ? 1 : 0].id;
    const local = localDateTime(
      when.toISOString().slice(0, 19).replace('T', ' '),
      (egy ? FIXTURE_EG : FIXTURE).settings.business_timezone,
    );
    const branchName = egy ? (i % 2 ? 'Zamalek' : 'Maadi') : i % 2 ? 'Olaya' : 'Al Malqa';
    const [o] = await db
      .insert(orders)
      .values({
        appUserId: users[i % users.length].id,
        restaurantId,
        posOrderId: `demo-saved-${i + 1}`,
        deviceId: tillOf(restaurantId, branchName),
        branchName,
        orderNumber: String(1000 + i),
        checkNumber: String(200 + i),
        // In the business's own time, as a receipt from the POS shows it (Riyadh +03:00, Cairo +02:00).
        orderDate: local.date,
        orderTime: local.time,
        paymentMethod: i % 2 ? 'Card' : 'Cash',
        subTotalPrice: String(sub),
        discountAmount: String(discount),
        totalPrice: ((sub - discount) * (egy ? 1.14 : 1.15)).toFixed(2),
        currency: egy ? 'EGY' : 'SAR',
        createdAt: when,
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values(
      lines.map((l) => ({
        orderId: o.id,
        itemName: l.name,
        itemQuantity: String(l.qty),
        totalPrice: String(l.total),
      })),
    );
  }

  // The guestbook's rows of the demo's saved orders, as a save keeps them (nobody has consented: the guestbook stays
  // empty until a customer ticks the box; the insights count them).
  const savers = await db
    .selectDistinct({ restaurantId: orders.restaurantId, appUserId: orders.appUserId })
    .from(orders)
    .where(isNotNull(orders.appUserId));
  for (const g of savers) await keepGuest(db, g.restaurantId, g.appUserId!);

  if (opts.foodicsToken) await saveDemoStandInOrder(deps, made[0].id);
  await seedFunnel(deps);
  return true;
}

/**
 * 30 days of the scan-to-save funnel per till (counts only), so the dashboard's chart and the per-till figures
 * have something to show; one till scans much less (its QR badly placed), as in real life. The saves are the
 * demo's saved orders, by till and by day: the funnel agrees with the Orders screen (issue 30).
 */
async function seedFunnel(deps: Deps) {
  const { db } = deps.database;
  const zone = deps.config.FUNNEL_TIME_ZONE;
  const tills = await db.select({ restaurantId: devices.restaurantId, deviceId: devices.deviceId }).from(devices);
  const saved = await db
    .select({
      restaurantId: orders.restaurantId,
      deviceId: orders.deviceId,
      day: sql<string>`to_char(${orders.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .groupBy(orders.restaurantId, orders.deviceId, sql`3`);
  const savesOf = (t: { restaurantId: number; deviceId: string }, day: string) =>
    saved.find((s) => s.restaurantId === t.restaurantId && s.deviceId === t.deviceId && s.day === day)?.n ?? 0;
  const { all } = dayRange(zone, 30);
  await db.insert(funnelDaily).values(
    tills.flatMap((till, k) =>
      all.map((day, d) => {
        const saves = savesOf(till, day);
        const views = ((d * 7 + k * 13) % 11) + (k % 3 === 2 ? 1 : 6) + saves;
        const codes = Math.max(saves, Math.round(views * (0.35 + ((d + k) % 4) * 0.05)));
        return { ...till, day, views, codes, saves };
      }),
    ),
  );
}

/** The stand-in's Cashier 2 has one order; saved here to a demo customer, its receipt shows "saved" while
 * Cashier 1 shows a fresh order to save. */
async function saveDemoStandInOrder(deps: Deps, restaurantId: number) {
  const { db } = deps.database;
  const [r] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  const order = await deps.pos[r.systemType]
    ?.order(posRestaurant(r, sealerOf(deps.config)), DEMO_SAVED_ORDER_ID)
    .catch(() => null);
  if (!order) return;
  const [customer] = await db.select({ phone: appUsers.phone }).from(appUsers).orderBy(appUsers.id).limit(1);
  await saveOrderToAccount(db, {
    phone: customer.phone,
    restaurantId,
    deviceId: FIXTURE.devices[1].id,
    order,
    at: new Date(Date.now() - 5 * 60_000),
  });
}

/** Najd Grill runs a rewards program (issue 47): a point per riyal, balances kept 180 days, three rewards the
 * stand-in's till can redeem (a free Karak Tea, 10 SAR off, 15 % off up to 25 SAR). */
async function seedLoyalty(deps: Deps, restaurantId: number) {
  const { db } = deps.database;
  await db
    .insert(loyaltyPrograms)
    .values({ restaurantId, enabled: true, pointsPerUnit: '1', minSpend: '0', expiryDays: 180 });
  await db.insert(loyaltyRewards).values([
    {
      restaurantId,
      code: 'KARAK',
      nameEn: 'Free Karak Tea',
      nameAr: 'شاي كرك مجاني',
      cost: 30,
      kind: 'products' as const,
      value: '1',
      maxDiscount: '6',
      productIds: [FIXTURE.products[2].id],
    },
    {
      restaurantId,
      code: 'TEN-OFF',
      nameEn: '10 SAR off',
      nameAr: 'خصم 10 ريال',
      cost: 60,
      kind: 'amount' as const,
      value: '10',
    },
    {
      restaurantId,
      code: 'FIFTEEN',
      nameEn: '15% off (up to 25 SAR)',
      nameAr: 'خصم 15% (حتى 25 ريال)',
      cost: 150,
      kind: 'percent' as const,
      value: '15',
      maxDiscount: '25',
    },
  ]);
}
