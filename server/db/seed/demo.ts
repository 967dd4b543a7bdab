// Demo data for `npm start` on the embedded database: restaurants linked to the local Foodics stand-in
// (their branches and devices arrive through the real sync), app users and saved orders, so the dashboard
// shows something real at once and a demo QR code leads to a receipt that can be saved end to end.
// Runs only on an empty restaurants table, so a restart never duplicates it.
import { count } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { syncRestaurant } from '../../pos/sync';
import { appUsers, orderItems, orders, restaurants } from '../schema';

const FIRST = ['Nora', 'Fahad', 'Huda', 'Omar', 'Layla', 'Khalid', 'Sara', 'Yousef', 'Mona', 'Ahmed', 'Reem', 'Tariq'];
const LAST = ['Al-Harbi', 'Saleh', 'Hassan', 'Al-Qahtani', 'Mostafa', 'Al-Otaibi', null];
const GENDERS = ['female', 'male', 'female', 'male', 'female', 'male', 'female', 'male', 'female', 'male', 'female', 'male'];
const MENU = [['Chicken Kabsa', 32], ['Mandi Lamb', 58], ['Hummus', 12], ['Karak Tea', 6], ['Kunafa', 18], ['Falafel Wrap', 14]] as const;

export async function loadDemoData(deps: Deps, opts: { foodicsToken?: string }): Promise<boolean> {
  const { db } = deps.database;
  const [{ n }] = await db.select({ n: count() }).from(restaurants);
  if (n > 0) return false;

  const token = opts.foodicsToken ?? 'demo-token-not-configured';
  const made = await db.insert(restaurants).values([
    { name: 'Najd Grill', logo: '/demo/najd-grill.svg', token, branchsToken: token, systemType: 'Foodics', nameApi: 'Najd Grill Co.' },
    { name: 'Nile Kitchen', logo: '/demo/nile-kitchen.svg', token, branchsToken: token, systemType: 'Foodics', nameApi: 'Nile Kitchen LLC' },
  ]).returning({ id: restaurants.id, name: restaurants.name });
  for (const r of made) await syncRestaurant(deps, r.id);

  const users = await db.insert(appUsers).values(FIRST.map((first, i) => ({
    firstName: i % 5 === 4 ? null : first,
    lastName: i % 5 === 4 ? null : LAST[i % LAST.length],
    phone: i % 4 === 3 ? `+2010${String(10_000_000 + i * 7919).slice(0, 8)}` : `+9665${String(10_000_000 + i * 104_729).slice(0, 8)}`,
    gender: i % 5 === 4 ? null : GENDERS[i],
    birthDate: i % 3 === 2 ? null : `19${80 + i}-0${(i % 9) + 1}-1${i % 9}`,
    lastLogin: i % 2 ? new Date(Date.now() - i * 3_600_000) : null,
    createdAt: new Date(Date.now() - (FIRST.length - i) * 86_400_000),
  }))).returning({ id: appUsers.id });

  for (let i = 0; i < 8; i++) {
    const when = new Date(Date.now() - (8 - i) * 7_200_000);
    const lines = [MENU[i % MENU.length], MENU[(i + 2) % MENU.length]].map(([name, price], k) => ({ name, qty: k + 1, total: price * (k + 1) }));
    const sub = lines.reduce((s, l) => s + l.total, 0);
    const discount = i % 3 === 0 ? 5 : 0;
    const egy = i === 5;
    const [o] = await db.insert(orders).values({
      appUserId: users[i % users.length].id,
      restaurantId: made[egy ? 1 : 0].id,
      posOrderId: `demo-saved-${i + 1}`,
      deviceId: 'demo',
      branchName: egy ? 'Zamalek' : i % 2 ? 'Olaya' : 'Al Malqa',
      orderNumber: String(1000 + i),
      checkNumber: String(200 + i),
      orderDate: when.toISOString().slice(0, 10),
      orderTime: when.toISOString().slice(11, 16),
      paymentMethod: i % 2 ? 'Card' : 'Cash',
      subTotalPrice: String(sub),
      discountAmount: String(discount),
      totalPrice: ((sub - discount) * 1.15).toFixed(2),
      currency: egy ? 'EGY' : 'SAR',
      createdAt: when,
    }).returning({ id: orders.id });
    await db.insert(orderItems).values(lines.map((l) => ({ orderId: o.id, itemName: l.name, itemQuantity: String(l.qty), totalPrice: String(l.total) })));
  }
  return true;
}
