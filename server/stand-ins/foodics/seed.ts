// The Foodics stand-in's starting world (docs/POS.md, "The Foodics stand-in"): the fixture's business, played as a
// chain when asked (more branches of three tills each), and the orders it starts with, timed relative to now so the
// demo's tills are inside the claim window whenever `npm start` runs. reset() starts over from here.
import { randomUUID } from 'node:crypto';
import { DEMO_SAVED_ORDER_ID, FIXTURE, FIXTURE_EG } from './fixture';
import { fmt, type StandInOrder, type World } from './model';

/** The fixture's business, plus `extraBranches` generated branches of three tills each (a chain). */
export function worldOf(extraBranches: number): World {
  const branches: World['branches'] = [...FIXTURE.branches];
  const devices: World['devices'] = [...FIXTURE.devices];
  for (let b = 0; b < extraBranches; b++) {
    const n = String(b + 1).padStart(4, '0');
    branches.push({
      id: `9a1b2c3d-c${n}-4000-8000-000000000000`,
      name: `Branch ${b + 1}`,
      name_localized: `فرع ${b + 1}`,
      reference: `CB${n}`,
    });
    for (let k = 1; k <= 3; k++) {
      devices.push({
        id: `7d000000-c${n}-4000-8000-00000000000${k}`,
        name: `Branch ${b + 1} Cashier ${k}`,
        code: `B${n}C${k}`,
        reference: `B${n}C${k}`,
        type: 1,
        branch: branches.length - 1,
      });
    }
  }
  return { branches, devices };
}

/**
 * The orders the stand-in starts with, timed relative to now, so the demo's tills are inside the claim window
 * (30 minutes by default) whenever `npm start` runs:
 * - Cashier 1: an order of yesterday (outside the window), two closed in the last quarter hour, and a newer
 *   void one the receipt page skips;
 * - Cashier 2: one order only ({@link DEMO_SAVED_ORDER_ID}, which the demo data saves to an account);
 * - Drive Thru: a closed order with a void line and a partly returned line, and a newer one still open.
 */
export function seedOrders(): StandInOrder[] {
  return [...seedSaudiOrders(), ...seedEgyptOrders()];
}

function seedSaudiOrders(): StandInOrder[] {
  const orders: StandInOrder[] = [];
  const now = Date.now();
  let ref = 2001;
  const add = (
    d: number,
    minutesAgo: number,
    o: { status?: number; id?: string; lines?: StandInOrder['products']; discount?: number; method?: number } = {},
  ) => {
    const closedAt = new Date(now - minutesAgo * 60_000);
    const openedAt = new Date(closedAt.getTime() - 4 * 60_000);
    const lines = o.lines ?? [
      {
        product_id: FIXTURE.products[(d + ref) % 4].id,
        quantity: 1 + (ref % 2),
        total_price: FIXTURE.products[(d + ref) % 4].price * (1 + (ref % 2)),
        status: 3,
      },
      {
        product_id: FIXTURE.products[(d + ref + 2) % 4].id,
        quantity: 1,
        total_price: FIXTURE.products[(d + ref + 2) % 4].price,
        status: 3,
      },
    ];
    // What was kept: a void line counts nothing, a returned part of a line nothing (the receipt's lines add up to it).
    const sub = lines
      .filter((l) => l.status !== 5)
      .reduce((sum, l) => sum + (l.total_price * (l.quantity - (l.returned_quantity ?? 0))) / l.quantity, 0);
    const discount = o.discount ?? 0;
    const total = Math.round((sub - discount) * 1.15 * 100000) / 100000;
    const status = o.status ?? 4;
    orders.push({
      id: o.id ?? randomUUID(),
      reference: d % 2 ? String(ref).padStart(5, '0') : ref,
      number: ref,
      check_number: d === 2 ? null : 100 + (ref % 100),
      type: 2,
      source: 1,
      status,
      business_date: openedAt.toISOString().slice(0, 10),
      created_at: fmt(openedAt),
      closed_at: status === 4 || status === 7 ? fmt(closedAt) : null,
      updated_at: fmt(closedAt),
      subtotal_price: sub,
      discount_amount: discount,
      rounding_amount: 0,
      total_price: total,
      device_id: FIXTURE.devices[d].id,
      branch_id: FIXTURE.branches[FIXTURE.devices[d].branch].id,
      products: lines,
      payments: [{ method_id: FIXTURE.paymentMethods[o.method ?? ref % 2].id, amount: Math.round(total * 100) / 100 }],
    });
    ref++;
  };
  add(0, 24 * 60);
  add(0, 14, { discount: 5 });
  add(0, 3, { method: 1 });
  add(0, 1, { status: 7 });
  add(1, 8, { id: DEMO_SAVED_ORDER_ID });
  add(2, 6, {
    lines: [
      { product_id: 'p-2', quantity: 1, total_price: 58, status: 3 },
      // Two teas, one given back: the receipt shows one.
      { product_id: 'p-3', quantity: 2, total_price: 12, status: 6, returned_quantity: 1 },
      // A voided line: never shown on the receipt.
      { product_id: 'p-4', quantity: 1, total_price: 18, status: 5 },
    ],
  });
  add(2, 0.5, { status: 2 });
  return orders;
}

/** The Egyptian business: two closed orders per till in the last quarter hour, in Egyptian pounds (14% VAT). */
function seedEgyptOrders(): StandInOrder[] {
  const now = Date.now();
  return FIXTURE_EG.devices.flatMap((device, d) =>
    [12, 4].map((minutesAgo, k) => {
      const ref = 5001 + d * 2 + k;
      const closedAt = new Date(now - minutesAgo * 60_000);
      const openedAt = new Date(closedAt.getTime() - 5 * 60_000);
      const lines = [FIXTURE_EG.products[(d + k) % 4], FIXTURE_EG.products[(d + k + 2) % 4]].map((p, q) => ({
        product_id: p.id,
        quantity: q + 1,
        total_price: p.price * (q + 1),
        status: 3,
      }));
      const sub = lines.reduce((sum, l) => sum + l.total_price, 0);
      const total = Math.round(sub * 1.14 * 100) / 100;
      return {
        id: randomUUID(),
        reference: ref,
        number: ref,
        check_number: 300 + (ref % 100),
        type: 2,
        source: 1,
        status: 4,
        business_date: openedAt.toISOString().slice(0, 10),
        created_at: fmt(openedAt),
        closed_at: fmt(closedAt),
        updated_at: fmt(closedAt),
        subtotal_price: sub,
        discount_amount: 0,
        rounding_amount: 0,
        total_price: total,
        device_id: device.id,
        branch_id: FIXTURE_EG.branches[device.branch].id,
        products: lines,
        payments: [{ method_id: FIXTURE_EG.paymentMethods[k].id, amount: total }],
      };
    }),
  );
}
