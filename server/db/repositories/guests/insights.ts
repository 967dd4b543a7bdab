// The owner's figures (docs/ARCHITECTURE.md, The guestbook and The dashboard's period): a period beside the one as
// long before it, by branch and by day, money per currency - the dashboard's sales (salesOf) and GET /guest/insights
// (guestInsights). Only the shaping: the sums come from an InsightsSource (insightSources.ts).
import type { InsightsQuery } from '../../../../src/contract';
import type { Db } from '../../client';
import { insightsFromKeptRows, type InsightsSource, type MoneyRow, type Restaurants } from './insightSources';

/** The next or previous calendar day of a YYYY-MM-DD. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

const money = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100;
const average = (spend: string | number | null, n: number) => (n ? money(Number(spend ?? 0) / n) : 0);

/** Most receipts first, then by currency code: one stable order for every list of currencies. */
const byReceipts = (a: { receipts: number; currency: string }, b: { receipts: number; currency: string }) =>
  b.receipts - a.receipts || a.currency.localeCompare(b.currency);

/** Money rows of one currency each as the answers write them: two decimals, the average ticket beside. */
function perCurrency(rows: MoneyRow[]) {
  return rows
    .filter((r) => r.receipts > 0)
    .map((r) => ({
      currency: r.currency,
      receipts: r.receipts,
      spend: money(r.spend),
      average_ticket: average(r.spend, r.receipts),
    }))
    .sort(byReceipts);
}

/** A period [from, to] of business dates (both default to `today`) and the one as long just before it. */
export function periodsOf(q: { from?: string; to?: string }, today: string) {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? (to < today ? to : today);
  const length = daysBetween(from, to) + 1;
  const prevTo = addDays(from, -1);
  return { from, to, length, prevFrom: addDays(prevTo, -(length - 1)), prevTo };
}

/**
 * The money of a period beside the one before it, by branch (named with its restaurant) and by day (every day,
 * zeros filled in), per currency: the dashboard's period (GET /api/dashboard/sales) and the money of the insights.
 */
export async function salesOf(
  rids: Restaurants,
  q: { from?: string; to?: string },
  today: string,
  source: InsightsSource,
) {
  const p = periodsOf(q, today);
  const period = async (from: string, to: string) => {
    const rows = perCurrency(await source.money(rids, from, to));
    return { from, to, receipts: rows.reduce((n, r) => n + r.receipts, 0), by_currency: rows };
  };
  const [current, previous, branches, days] = await Promise.all([
    period(p.from, p.to),
    period(p.prevFrom, p.prevTo),
    source.moneyByBranch(rids, p.from, p.to),
    source.moneyByDay(rids, p.from, p.to),
  ]);
  const dayRows = new Map<string, MoneyRow[]>();
  for (const d of days) {
    const k = d.day.slice(0, 10);
    dayRows.set(k, [...(dayRows.get(k) ?? []), d]);
  }
  return {
    length: p.length,
    current,
    previous,
    by_branch: branches
      .filter((b) => b.receipts > 0)
      .map((b) => ({
        restaurant_id: b.restaurantId,
        restaurant: b.restaurant,
        branch: b.branch,
        currency: b.currency,
        receipts: b.receipts,
        spend: money(b.spend),
        average_ticket: average(b.spend, b.receipts),
      }))
      .sort(
        (a, b) =>
          b.receipts - a.receipts ||
          a.restaurant.localeCompare(b.restaurant) ||
          a.branch.localeCompare(b.branch) ||
          a.currency.localeCompare(b.currency),
      ),
    by_day: Array.from({ length: p.length }, (_, i) => {
      const day = addDays(p.from, i);
      const rows = perCurrency(dayRows.get(day) ?? []);
      return { day, receipts: rows.reduce((n, r) => n + r.receipts, 0), by_currency: rows };
    }),
  };
}

/** GET /guest/insights: the period and the one as long just before it, by branch and by day (every day, zeros
 * filled in), money per currency. `today` is the restaurants' business day (FUNNEL_TIME_ZONE). Read from the kept
 * rows unless another source is given. */
export async function guestInsights(
  db: Db,
  q: InsightsQuery,
  today: string,
  source: InsightsSource = insightsFromKeptRows(db),
  scope?: Restaurants,
) {
  const rids: Restaurants = q.restaurantId !== undefined ? [q.restaurantId] : scope;
  const p = periodsOf(q, today);
  const [sales, now, before, branchGuests, dayGuests] = await Promise.all([
    salesOf(rids, q, today, source),
    source.guests(rids, p.from, p.to),
    source.guests(rids, p.prevFrom, p.prevTo),
    source.guestsByBranch(rids, p.from, p.to),
    source.guestsByDay(rids, p.from, p.to),
  ]);
  const withGuests = <T extends object>(period: T, g: { guests: number; returning: number }) => ({
    ...period,
    guests: g.guests,
    returning: g.returning,
    new: g.guests - g.returning,
  });
  const ofBranch = new Map(branchGuests.map((b) => [`${b.restaurantId}|${b.branch}`, b.guests]));
  const ofDay = new Map(dayGuests.map((d) => [d.day.slice(0, 10), d.guests]));
  return {
    current: withGuests(sales.current, now),
    previous: withGuests(sales.previous, before),
    by_branch: sales.by_branch.map((b) => ({ ...b, guests: ofBranch.get(`${b.restaurant_id}|${b.branch}`) ?? 0 })),
    by_day: sales.by_day.map((d) => ({ ...d, guests: ofDay.get(d.day) ?? 0 })),
  };
}
