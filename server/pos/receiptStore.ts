// What every instance knows of each till's recent orders (docs/ARCHITECTURE.md, "Foodics at the scale of a
// chain"): written by polls and by webhooks, read before asking the POS, and served when the token's call
// budget is spent. In Redis when REDIS_URL is set (a hash per till), else in the database (pos_receipts), so a
// webhook received by one instance shows on all of them. Which of the orders a customer sees is decided by the
// reader (server/core/claim.ts), exactly as for orders read from the POS.
// A poll replaces the list, but keeps an order a webhook brought in the last RACE_MS that is newer than any
// the poll returned (the webhook raced the poll); an event replaces or adds its one order. Newest first, at
// most MAX_ORDERS.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { PosOrder } from '../core/posPort';

export interface KnownReceipt {
  /** The till's recent orders, newest first. */
  orders: PosOrder[];
  /** When the POS last told us about this till (poll or webhook), ms since the epoch. */
  checkedAt: number;
}

export interface ReceiptStore {
  get(restaurantId: number, deviceId: string): Promise<KnownReceipt | null>;
  /** Records what the POS said about the till ('poll': its recent orders; 'event': one order); answers what is
   * known afterwards. */
  put(restaurantId: number, deviceId: string, orders: PosOrder[], from: 'poll' | 'event'): Promise<KnownReceipt>;
  /** True the first time an event key is seen (within a day), false for a repeat. */
  firstTime(eventKey: string): Promise<boolean>;
  /** Lets an event key be seen again (its event could not be applied). */
  forget(eventKey: string): Promise<void>;
}

const DAY_MS = 86_400_000;
const MAX_ORDERS = 20;
/** How long an order a webhook brought survives polls that do not list it yet. */
const RACE_MS = 60_000;

type Held = PosOrder & { heardAt?: number };

const placed = (o: PosOrder) => o.placedAtMs ?? o.closedAt?.valueOf() ?? 0;

/** The list after a poll or an event, newest first. */
export function mergeOrders(known: Held[], incoming: PosOrder[], from: 'poll' | 'event', now = Date.now()): Held[] {
  const ids = new Set(incoming.map((o) => o.posOrderId));
  const newestPolled = Math.max(0, ...incoming.map(placed));
  const raced = (o: Held) => o.heardAt !== undefined && now - o.heardAt < RACE_MS && placed(o) > newestPolled;
  const kept = known.filter((o) => !ids.has(o.posOrderId) && (from === 'event' || raced(o)));
  const fresh: Held[] = from === 'event' ? incoming.map((o) => ({ ...o, heardAt: now })) : incoming;
  return [...fresh, ...kept].sort((a, b) => placed(b) - placed(a)).slice(0, MAX_ORDERS);
}

/** Orders come back from JSON with their dates as text. */
const revive = (orders: PosOrder[]): PosOrder[] =>
  orders.map((o) => ({ ...o, closedAt: o.closedAt ? new Date(o.closedAt) : null }));

export function databaseReceiptStore(database: Database): ReceiptStore {
  const { db } = database;
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  let lastSweep = 0;
  const store: ReceiptStore = {
    async get(restaurantId, deviceId) {
      const [row] = rows<{ orders: PosOrder[]; checked: string }>(
        await db.execute(sql`
        select orders, (extract(epoch from checked_at) * 1000)::bigint as checked from pos_receipts
        where restaurant_id = ${restaurantId} and device_id = ${deviceId}`),
      );
      return row ? { orders: revive(row.orders), checkedAt: Number(row.checked) } : null;
    },
    async put(restaurantId, deviceId, incoming, from) {
      // One till's row, locked while it is merged: a poll and a webhook at the same moment both count.
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into pos_receipts (restaurant_id, device_id, orders, checked_at) values (${restaurantId}, ${deviceId}, '[]'::jsonb, now())
          on conflict (restaurant_id, device_id) do nothing`);
        const [row] = rows<{ orders: PosOrder[] }>(
          await tx.execute(sql`
          select orders from pos_receipts where restaurant_id = ${restaurantId} and device_id = ${deviceId} for update`),
        );
        const orders = mergeOrders(revive(row?.orders ?? []), incoming, from);
        const checkedAt = Date.now();
        await tx.execute(sql`
          update pos_receipts set orders = ${JSON.stringify(orders)}::jsonb, checked_at = ${new Date(checkedAt).toISOString()}::timestamptz
          where restaurant_id = ${restaurantId} and device_id = ${deviceId}`);
        return { orders, checkedAt };
      });
    },
    async firstTime(eventKey) {
      const inserted = rows(
        await db.execute(sql`
        insert into pos_webhook_events (key) values (${eventKey}) on conflict (key) do nothing returning key`),
      );
      if (Date.now() - lastSweep > 3_600_000) {
        lastSweep = Date.now();
        await db.execute(sql`delete from pos_webhook_events where received_at < now() - interval '1 day'`);
      }
      return inserted.length === 1;
    },
    async forget(eventKey) {
      await db.execute(sql`delete from pos_webhook_events where key = ${eventKey}`);
    },
  };
  return store;
}

// KEYS: the till's hash (fields p:<id> = placed-at ms, k:<id> = kept through polls until (ms), o:<id> = the
// order's JSON, checkedAt). ARGV: 'poll' or 'event', now ms, TTL ms, the newest placed-at among the incoming
// orders, race ms, then (id, placed-at, JSON) for each incoming order. The merge of mergeOrders(), atomically.
const PUT_SCRIPT = `
local now = tonumber(ARGV[2])
if ARGV[1] == 'poll' then
  local newest = tonumber(ARGV[4])
  local incoming = {}
  for i = 6, #ARGV, 3 do incoming[ARGV[i]] = true end
  local all = redis.call('HGETALL', KEYS[1])
  local fields = {}
  for i = 1, #all, 2 do fields[all[i]] = all[i + 1] end
  for f, v in pairs(fields) do
    if string.sub(f, 1, 2) == 'p:' then
      local id = string.sub(f, 3)
      local keep = tonumber(fields['k:' .. id] or '0') > now and tonumber(v) > newest
      if not incoming[id] and not keep then redis.call('HDEL', KEYS[1], 'p:' .. id, 'o:' .. id, 'k:' .. id) end
    end
  end
end
local keepUntil = '0'
if ARGV[1] == 'event' then keepUntil = tostring(now + tonumber(ARGV[5])) end
for i = 6, #ARGV, 3 do redis.call('HSET', KEYS[1], 'p:' .. ARGV[i], ARGV[i + 1], 'o:' .. ARGV[i], ARGV[i + 2], 'k:' .. ARGV[i], keepUntil) end
redis.call('HSET', KEYS[1], 'checkedAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

export function redisReceiptStore(
  redis: import('ioredis').Redis,
  fallback: ReceiptStore,
  prefix: string,
): ReceiptStore {
  const key = (restaurantId: number, deviceId: string) => `${prefix}:pos:receipt:${restaurantId}:${deviceId}`;
  const read = async (k: string): Promise<KnownReceipt | null> => {
    const all = await redis.hgetall(k);
    if (!all.checkedAt) return null;
    const orders = Object.entries(all)
      .filter(([f]) => f.startsWith('o:'))
      .map(([, json]) => JSON.parse(json) as PosOrder);
    return {
      orders: revive(orders)
        .sort((a, b) => placed(b) - placed(a))
        .slice(0, MAX_ORDERS),
      checkedAt: Number(all.checkedAt),
    };
  };
  return {
    async get(restaurantId, deviceId) {
      try {
        return await read(key(restaurantId, deviceId));
      } catch {
        return fallback.get(restaurantId, deviceId);
      }
    },
    async put(restaurantId, deviceId, incoming, from) {
      const k = key(restaurantId, deviceId);
      try {
        const args = incoming.flatMap((o) => [o.posOrderId, String(placed(o)), JSON.stringify(o)]);
        await redis.eval(
          PUT_SCRIPT,
          1,
          k,
          from,
          String(Date.now()),
          String(DAY_MS),
          String(Math.max(0, ...incoming.map(placed))),
          String(RACE_MS),
          ...args,
        );
        return (await read(k))!;
      } catch {
        return fallback.put(restaurantId, deviceId, incoming, from);
      }
    },
    async firstTime(eventKey) {
      try {
        return (await redis.set(`${prefix}:pos:event:${eventKey}`, '1', 'PX', DAY_MS, 'NX')) === 'OK';
      } catch {
        return fallback.firstTime(eventKey);
      }
    },
    async forget(eventKey) {
      try {
        await redis.del(`${prefix}:pos:event:${eventKey}`);
      } catch {
        await fallback.forget(eventKey);
      }
    },
  };
}

export function createReceiptStore(
  database: Database,
  redis: import('ioredis').Redis | undefined,
  prefix: string,
): ReceiptStore {
  const db = databaseReceiptStore(database);
  return redis ? redisReceiptStore(redis, db, prefix) : db;
}
