// The back-office's loyalty resources' tests (rewards, members, ledger, insights): the real app on a fresh
// database with restaurants A (the manager's and staff's own) and B (another), an admin, a manager of A and staff
// of A, each programme running; receipts saved into accounts as add-order saves them (saveOrderAndEarn: the order,
// the guest row, the yes and the points in one transaction), so the ledger and the saved orders are the product's.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { adminRestaurants, admins, loyaltyPrograms, restaurants } from '../../../server/db/schema';
import { saveOrderAndEarn } from '../../../server/db/repositories/savedOrders';
import type { PosOrder } from '../../../server/core/posPort';
import { hashPassword } from '../../../server/lib/passwords';
import type { Role } from '../../../src/contract';
import { createTestApp, type TestApp } from './app';
import type { World } from './declared';

export interface LoyaltyWorld {
  t: TestApp;
  restA: number;
  restB: number;
  token: Record<Role, string>;
  /** A request as this role (its bearer token added). */
  as(role: Role, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** The declared matrix's world (tests/server/helpers/declared.ts). */
  world: World;
  /** A closed receipt of `total` saved into the phone's account at the restaurant, with or without the yes. */
  save(phone: string, restaurantId: number, total: number, opts?: SaveOptions): Promise<number>;
  close(): Promise<void>;
}

export interface SaveOptions {
  consent?: boolean;
  /** The order's business date (YYYY-MM-DD) and when it was saved. */
  day?: string;
  at?: Date;
  currency?: string;
}

let orderNo = 0;

export async function loyaltyWorld(overrides: Record<string, string> = {}): Promise<LoyaltyWorld> {
  const t = await createTestApp(overrides);
  const { db } = t.database;
  const restaurant = async (name: string) => {
    const [r] = await db
      .insert(restaurants)
      .values({ name, logo: 'https://example.com/l.png', token: 't', branchsToken: 't', systemType: 'Foodics' })
      .returning({ id: restaurants.id });
    await db.insert(loyaltyPrograms).values({ restaurantId: r.id, enabled: true, pointsPerUnit: '1' });
    return r.id;
  };
  const restA = await restaurant('Alpha Grill');
  const restB = await restaurant('Bravo Cafe');
  let n = 0;
  const account = async (role: Role, ids: number[]) => {
    const [a] = await db
      .insert(admins)
      .values({
        name: `${role} ${++n}`,
        email: `${role}-${n}-loyalty@example.com`,
        passwordHash: await hashPassword('pw-123456'),
        role,
      })
      .returning({ id: admins.id });
    if (ids.length) await db.insert(adminRestaurants).values(ids.map((r) => ({ adminId: a.id, restaurantId: r })));
    return t.deps.tokens.issue(a.id);
  };
  const token = {
    admin: await account('admin', []),
    manager: await account('manager', [restA]),
    staff: await account('staff', [restA]),
  };
  const as = (role: Role, opts: InjectOptions) =>
    t.app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token[role]}` } } as InjectOptions);
  const save = async (phone: string, restaurantId: number, total: number, opts: SaveOptions = {}) => {
    const no = ++orderNo;
    const at = opts.at ?? new Date();
    const order = {
      posOrderId: `loyalty-world-${no}`,
      deviceId: 'till-1',
      status: 4,
      closedAt: at,
      invoice: {
        currency: opts.currency ?? 'SAR',
        branch_name: 'Olaya',
        order_date: opts.day ?? at.toISOString().slice(0, 10),
        order_time: '12:00',
        order_number: `L${no}`,
        check_number: null,
        payment_method: 'Cash',
        sub_total_price: total,
        discount_amount: 0,
        total_price: total,
        order_items: [{ item_name: 'Tea', item_quantity: 1, total_price: total }],
      },
    } as unknown as PosOrder;
    const saved = await db.transaction((tx) =>
      saveOrderAndEarn(tx, { phone, restaurantId, deviceId: 'till-1', order, at, consent: opts.consent }),
    );
    if (!saved) throw new Error('the order was saved already');
    return saved.id;
  };
  return {
    t,
    restA,
    restB,
    token,
    as,
    world: {
      app: () => t.app,
      admin: () => ({ authorization: `Bearer ${token.admin}` }),
      restA: () => restA,
      restB: () => restB,
    },
    save,
    close: () => t.close(),
  };
}
