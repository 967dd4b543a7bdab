// Reads a restaurant's branches and devices from its POS and stores them: branch_id / device_id are the
// POS's ids, our row ids stay stable across syncs, and what vanished at the POS is marked removed (kept,
// because printed QR codes and saved orders point at it). A POS failure never throws: it is stored in
// restaurants.sync_error and returned, so creating or editing a restaurant still succeeds.
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { branches, devices, restaurants } from '../db/schema';
import { PosError } from '../core/posPort';
import type { Tx } from '../db/audit';
import { ownToken } from '../lib/metrics';

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

  ownToken(r.id, r.token, r.branchsToken);
  const pos = {
    id: r.id,
    name: r.name,
    logo: r.logo,
    token: r.token,
    branchsToken: r.branchsToken,
    systemType: r.systemType,
  };
  let found;
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
  // The business's reference routes the POS's webhooks to this restaurant; unknown now = keep the last one.
  const businessRef = await adapter.businessReference?.(pos).catch(() => undefined);

  await db.transaction(async (tx) => {
    const now = new Date();
    const seenBranches: string[] = [];
    const seenDevices: string[] = [];
    for (const b of found) {
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
      .set({ syncedAt: now, syncError: null, ...(businessRef ? { posBusinessRef: businessRef } : {}) })
      .where(eq(restaurants.id, restaurantId));
    await audit?.(tx, { ok: true });
  });
  return { ok: true };
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
