// Reads a restaurant's branches and devices from its POS and stores them: branch_id / device_id are the
// POS's ids, our row ids stay stable across syncs, and what vanished at the POS is marked removed (kept,
// because printed QR codes and saved orders point at it). A POS failure never throws: it is stored in
// restaurants.sync_error and returned, so creating or editing a restaurant still succeeds.
// The orders' token is checked too (GET /whoami with it): a pasted token Foodics refuses is said at once, on the
// form, even while the branches' token still works. A Foodics business, and its tills, belong to one restaurant
// (migration 0023): a token of a business another restaurant holds syncs nothing and says so.
import { and, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { branches, devices, restaurants } from '../db/schema';
import { PosError, type PosBranch } from '../core/posPort';
import type { Tx } from '../db/audit';
import { posRestaurant } from '../db/repositories/restaurants';
import { sealerOf } from '../lib/sealing';
import { ownToken } from '../lib/metrics';
import { isUniqueViolation } from '../lib/errors';
import { BUSINESS_ELSEWHERE } from '../db/repositories/foodicsConnect';
import { NOT_AUTHORISED } from './foodics/client';

/** audit, when given, runs in the transaction that stores the sync's result (the back-office's audit trail). */
export async function syncRestaurant(
  deps: Deps,
  restaurantId: number,
  audit?: (tx: Tx, result: { ok: boolean; error?: string }) => Promise<void>,
): Promise<{ ok: boolean; error?: string }> {
  const { db } = deps.database;
  const [r] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!r) return { ok: false, error: 'Restaurant not found' };
  const adapter = deps.pos[r.systemType];
  if (!adapter) return record(deps, restaurantId, audit, `No point-of-sale adapter for system type ${r.systemType}`);

  const pos = posRestaurant(r, sealerOf(deps.config));
  ownToken(r.id, pos.token, pos.branchsToken);
  let found: PosBranch[] | null;
  try {
    found = await adapter.listBranches(pos);
  } catch (err) {
    return record(
      deps,
      restaurantId,
      audit,
      err instanceof PosError ? err.message : 'The point-of-sale system could not be read',
    );
  }
  if (found === null) return record(deps, restaurantId, audit, null);
  const list = found;
  // The business's reference routes the POS's webhooks to this restaurant; unknown now = keep the last one. It is
  // read with the orders' token: Foodics refusing that token is the sync's error, whatever the branches' said.
  let refused = false;
  const businessRef = await adapter.businessReference?.(pos).catch((err: unknown) => {
    refused = err instanceof PosError && err.message === NOT_AUTHORISED;
    return undefined;
  });
  if (refused) return record(deps, restaurantId, audit, NOT_AUTHORISED);
  if (businessRef && r.systemType === 'Foodics' && (await heldElsewhere(deps, restaurantId, businessRef)))
    return record(deps, restaurantId, audit, BUSINESS_ELSEWHERE);
  // The seller's legal name for a ZATCA phase-1 QR (server/vat/receiptVat.ts): the POS's, never a form's name_api.
  const businessName = await adapter.businessName?.(pos).catch(() => undefined);

  try {
    await store();
  } catch (err) {
    // Another restaurant took the business or one of its tills meanwhile (the unique indexes of migration 0023).
    if (isUniqueViolation(err)) return record(deps, restaurantId, audit, BUSINESS_ELSEWHERE);
    throw err;
  }
  return { ok: true };

  async function store() {
    await db.transaction(async (tx) => {
      const now = new Date();
      const seenBranches: string[] = [];
      const seenDevices: string[] = [];
      for (const b of list) {
        seenBranches.push(b.branchId);
        const [branch] = await tx
          .insert(branches)
          .values({ restaurantId, branchId: b.branchId, name: b.name })
          .onConflictDoUpdate({
            target: [branches.restaurantId, branches.branchId],
            set: { name: b.name, removedAt: null, updatedAt: now },
          })
          .returning({ id: branches.id });
        for (const d of b.devices) {
          seenDevices.push(d.deviceId);
          await tx
            .insert(devices)
            .values({ restaurantId, branchRef: branch.id, deviceId: d.deviceId, name: d.name })
            .onConflictDoUpdate({
              target: [devices.restaurantId, devices.deviceId],
              set: { name: d.name, branchRef: branch.id, removedAt: null, updatedAt: now },
            });
        }
      }
      const none = ['\u0000'];
      await tx
        .update(branches)
        .set({ removedAt: now })
        .where(
          and(
            eq(branches.restaurantId, restaurantId),
            isNull(branches.removedAt),
            notInArray(branches.branchId, seenBranches.length ? seenBranches : none),
          ),
        );
      await tx
        .update(devices)
        .set({ removedAt: now })
        .where(
          and(
            eq(devices.restaurantId, restaurantId),
            isNull(devices.removedAt),
            notInArray(devices.deviceId, seenDevices.length ? seenDevices : none),
          ),
        );
      await tx
        .update(restaurants)
        .set({
          syncedAt: now,
          syncOkAt: now,
          syncError: null,
          ...(businessRef ? { posBusinessRef: businessRef } : {}),
          ...(businessName ? { posLegalName: businessName } : {}),
        })
        .where(eq(restaurants.id, restaurantId));
      await audit?.(tx, { ok: true });
    });
  }
}

/** Another live Foodics restaurant is connected to this business. */
async function heldElsewhere(deps: Deps, restaurantId: number, businessRef: string): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(
      and(
        eq(restaurants.posBusinessRef, businessRef),
        eq(restaurants.systemType, 'Foodics'),
        eq(restaurants.isDeleted, false),
        ne(restaurants.id, restaurantId),
      ),
    )
    .limit(1);
  return !!row;
}

async function record(
  deps: Deps,
  restaurantId: number,
  audit: Parameters<typeof syncRestaurant>[2],
  error: string | null,
) {
  const result = error ? { ok: false, error } : { ok: true };
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(restaurants)
      .set({ syncError: error, syncedAt: sql`now()` })
      .where(eq(restaurants.id, restaurantId));
    await audit?.(tx, result);
  });
  return result;
}
