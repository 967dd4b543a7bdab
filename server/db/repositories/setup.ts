// The setup checklist after connecting a restaurant (docs/POS.md, "After connecting: the setup checklist"): every
// step's done flag is read from what the restaurant has - no step is ticked by hand - and the two marks it needs
// that nothing else keeps: the QR sheet printed from the back-office, and a receipt shown on one of its tills.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { devices, restaurants } from '../schema';
import type { RestaurantRow } from './restaurants';
import { DEFAULT_LOGO } from './foodicsConnect';

export async function setupOf(db: Db, r: RestaurantRow) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.restaurantId, r.id), isNull(devices.removedAt)));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const steps = [
    { key: 'tills' as const, done: n > 0, at: iso(r.syncOkAt) },
    { key: 'logo' as const, done: !!r.logo && r.logo !== DEFAULT_LOGO, at: null },
    { key: 'vat' as const, done: !!r.vatNumber, at: null },
    { key: 'qr_sheet' as const, done: r.qrSheetPrintedAt !== null, at: iso(r.qrSheetPrintedAt) },
    { key: 'test_scan' as const, done: r.firstReceiptAt !== null, at: iso(r.firstReceiptAt) },
  ];
  return {
    restaurant_id: r.id,
    connected: r.connectedAt !== null,
    complete: steps.every((s) => s.done),
    tills: n,
    vat_number: r.vatNumber,
    zatca_phase: r.zatcaPhase,
    steps,
  };
}

/** The restaurant's QR sheet was printed (the first time is kept). */
export async function markQrSheetPrinted(db: Db, restaurantId: number) {
  await db
    .update(restaurants)
    .set({ qrSheetPrintedAt: sql`now()` })
    .where(and(eq(restaurants.id, restaurantId), isNull(restaurants.qrSheetPrintedAt)));
}

/** One of the restaurant's tills showed a customer a receipt (the first time is kept); `updated_at` is left as it
 * is (the tills' known receipts are trusted by it: server/pos/readThrough.ts). */
export async function markFirstReceipt(db: Db, restaurantId: number) {
  await db
    .update(restaurants)
    .set({ firstReceiptAt: sql`now()` })
    .where(and(eq(restaurants.id, restaurantId), isNull(restaurants.firstReceiptAt)));
}
