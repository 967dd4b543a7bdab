// The connection's health (docs/POS.md, "The connection's health"): what the POS client and the readers of
// orders note as they go - calls per token per minute, the POS's last failure and refusal, the newest order
// read, webhooks per hour - and the one answer that gathers them for a restaurant (GET /api/restaurants/{id}/connection)
// and the badge of each row of the restaurants list.
import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { admins, devices, funnelDaily, posCallMinutes, posWebhookHours, restaurants } from '../schema';

/** One call made with a token (the minute's counter; rows older than a day are swept now and then). */
export async function noteCall(db: Db, key: string): Promise<void> {
  await db
    .insert(posCallMinutes)
    .values({ tokenKey: key, minute: sql`date_trunc('minute', now())`, calls: 1 })
    .onConflictDoUpdate({
      target: [posCallMinutes.tokenKey, posCallMinutes.minute],
      set: { calls: sql`${posCallMinutes.calls} + 1` },
    });
  if (Math.random() < 0.01)
    await db.delete(posCallMinutes).where(lt(posCallMinutes.minute, sql`now() - interval '1 day'`));
}

/** The POS failed a call made with this token; refused = 401/403 (the badge turns red until a call is accepted). */
export async function noteFailure(db: Db, key: string, message: string, refused: boolean): Promise<void> {
  const now = new Date();
  await db
    .update(restaurants)
    .set({ posError: message, posErrorAt: now, ...(refused ? { posRefusedAt: now } : {}) })
    .where(eq(restaurants.tokenKey, key));
}

/** The POS accepted a call made with this token: it is no longer refused. */
export async function noteAccepted(db: Db, key: string): Promise<void> {
  await db
    .update(restaurants)
    .set({ posRefusedAt: null })
    .where(and(eq(restaurants.tokenKey, key), isNotNull(restaurants.posRefusedAt)));
}

/** The newest order read for one of the restaurant's tills, and how (polling or webhook). */
export async function noteOrderRead(db: Db, restaurantId: number, reference: string, via: 'polling' | 'webhook') {
  await db
    .update(restaurants)
    .set({ lastOrderRef: reference, lastOrderAt: new Date(), lastOrderVia: via })
    .where(eq(restaurants.id, restaurantId));
}

/** Webhook events received for these restaurants now (per hour; rows older than two days are swept). */
export async function noteWebhook(db: Db, restaurantIds: number[]): Promise<void> {
  if (!restaurantIds.length) return;
  await db
    .insert(posWebhookHours)
    .values(restaurantIds.map((id) => ({ restaurantId: id, hour: sql`date_trunc('hour', now())`, events: 1 })))
    .onConflictDoUpdate({
      target: [posWebhookHours.restaurantId, posWebhookHours.hour],
      set: { events: sql`${posWebhookHours.events} + 1` },
    });
  if (Math.random() < 0.01)
    await db.delete(posWebhookHours).where(lt(posWebhookHours.hour, sql`now() - interval '2 days'`));
}

export type ConnectionStatus = 'ok' | 'refused' | 'quiet' | 'unknown';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The badge: red (refused) after a 401/403 not followed by an accepted call; amber (quiet) when no order was
 * read in 24 hours although customers opened its tills' receipts in that time; green when an order or a sync
 * went through; else unknown (nothing known yet). */
export function statusOf(r: {
  posRefusedAt: Date | null;
  lastOrderAt: Date | null;
  syncOkAt: Date | null;
  tillsActive: boolean;
}): ConnectionStatus {
  if (r.posRefusedAt) return 'refused';
  const orderRecent = !!r.lastOrderAt && Date.now() - r.lastOrderAt.getTime() < DAY_MS;
  if (r.tillsActive && !orderRecent) return 'quiet';
  if (orderRecent || r.syncOkAt) return 'ok';
  return 'unknown';
}

/** Which of these restaurants had customers open a till's receipt today or yesterday (the funnel's views). */
async function activeTills(db: Db, restaurantIds: number[]): Promise<Set<number>> {
  if (!restaurantIds.length) return new Set();
  const since = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
  const rows = await db
    .selectDistinct({ id: funnelDaily.restaurantId })
    .from(funnelDaily)
    .where(
      and(
        inArray(funnelDaily.restaurantId, restaurantIds),
        sql`${funnelDaily.day} >= ${since}`,
        gt(funnelDaily.views, 0),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The badge of each restaurant of a list page. */
export async function connectionBadges(
  db: Db,
  rows: { id: number; posRefusedAt: Date | null; lastOrderAt: Date | null; syncOkAt: Date | null }[],
): Promise<Map<number, ConnectionStatus>> {
  const active = await activeTills(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, statusOf({ ...r, tillsActive: active.has(r.id) })]));
}

/** Everything the health panel shows of one restaurant (the row is read by the caller). */
export async function connectionFacts(db: Db, r: typeof restaurants.$inferSelect) {
  const [by] = r.connectedBy
    ? await db.select({ id: admins.id, name: admins.name }).from(admins).where(eq(admins.id, r.connectedBy))
    : [];
  const [calls] = r.tokenKey
    ? await db
        .select({ n: sql<number>`coalesce(sum(${posCallMinutes.calls}), 0)::int` })
        .from(posCallMinutes)
        .where(and(eq(posCallMinutes.tokenKey, r.tokenKey), gt(posCallMinutes.minute, sql`now() - interval '1 hour'`)))
    : [{ n: 0 }];
  const [hooks] = await db
    .select({ n: sql<number>`coalesce(sum(${posWebhookHours.events}), 0)::int` })
    .from(posWebhookHours)
    .where(and(eq(posWebhookHours.restaurantId, r.id), gt(posWebhookHours.hour, sql`now() - interval '24 hours'`)));
  const [tills] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devices)
    .where(and(eq(devices.restaurantId, r.id), sql`${devices.removedAt} is null`));
  const active = await activeTills(db, [r.id]);
  return {
    connectedBy: by ?? null,
    callsLastHour: Number(calls?.n ?? 0),
    webhooksLast24h: Number(hooks?.n ?? 0),
    tills: Number(tills?.n ?? 0),
    tillsActive: active.has(r.id),
  };
}
