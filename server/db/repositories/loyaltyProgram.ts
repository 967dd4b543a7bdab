// A restaurant's loyalty program (issue 47): read and changed within the caller's scope (an admin any live
// restaurant, a manager their own; another scope's restaurant answers as if there were none), every change in the
// activity trail in its own transaction. No row: the defaults, off.
import { and, eq } from 'drizzle-orm';
import type { LoyaltyProgram, LoyaltyProgramBody } from '../../../src/contract';
import type { Db } from '../client';
import { recordActivity, type ActivityInput } from '../audit';
import { restaurantsIn, type Scope } from '../scope';
import { loyaltyPrograms, restaurants } from '../schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A program as the rules read it: numbers, and whether it runs. */
export interface Program {
  restaurantId: number;
  enabled: boolean;
  pointsPerUnit: number;
  minSpend: number;
  expiryDays: number;
}

export const DEFAULT_PROGRAM: Omit<Program, 'restaurantId'> = {
  enabled: false,
  pointsPerUnit: 1,
  minSpend: 0,
  expiryDays: 0,
};

const asProgram = (restaurantId: number, row: typeof loyaltyPrograms.$inferSelect | undefined): Program =>
  row
    ? {
        restaurantId,
        enabled: row.enabled,
        pointsPerUnit: Number(row.pointsPerUnit),
        minSpend: Number(row.minSpend),
        expiryDays: row.expiryDays,
      }
    : { restaurantId, ...DEFAULT_PROGRAM };

export const toProgramAnswer = (p: Program): LoyaltyProgram => ({
  restaurant_id: p.restaurantId,
  enabled: p.enabled,
  points_per_unit: p.pointsPerUnit,
  min_spend: p.minSpend,
  expiry_days: p.expiryDays,
});

/** The restaurant's program (its defaults when it has none), whoever asks: the save, the adapter, the jobs. */
export async function programOf(db: Tx, restaurantId: number): Promise<Program> {
  const [row] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.restaurantId, restaurantId));
  return asProgram(restaurantId, row);
}

/** Whether the restaurant is live and in the scope. */
async function inScope(db: Tx, scope: Scope, restaurantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(
      and(eq(restaurants.id, restaurantId), eq(restaurants.isDeleted, false), restaurantsIn(scope, restaurants.id)),
    );
  return !!row;
}

/** GET /api/loyalty/programs/{id}: the program of a live restaurant of the scope, or undefined (404). */
export async function getProgram(db: Db, scope: Scope, restaurantId: number): Promise<Program | undefined> {
  if (!(await inScope(db, scope, restaurantId))) return undefined;
  return programOf(db, restaurantId);
}

/** PUT /api/loyalty/programs/{id}: the fields given change, the others stay; recorded in the activity trail with
 * what changed. Undefined when the restaurant is not a live one of the scope. */
export async function putProgram(
  db: Db,
  scope: Scope,
  restaurantId: number,
  body: LoyaltyProgramBody,
  actor: Pick<ActivityInput, 'admin' | 'ip'>,
): Promise<Program | undefined> {
  return db.transaction(async (tx) => {
    if (!(await inScope(tx, scope, restaurantId))) return undefined;
    const before = await programOf(tx, restaurantId);
    const after: Program = {
      restaurantId,
      enabled: body.enabled ?? before.enabled,
      pointsPerUnit: body.points_per_unit ?? before.pointsPerUnit,
      minSpend: body.min_spend ?? before.minSpend,
      expiryDays: body.expiry_days ?? before.expiryDays,
    };
    const values = {
      enabled: after.enabled,
      pointsPerUnit: String(after.pointsPerUnit),
      minSpend: String(after.minSpend),
      expiryDays: after.expiryDays,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(loyaltyPrograms)
      .values({ restaurantId, ...values })
      .onConflictDoUpdate({ target: loyaltyPrograms.restaurantId, set: values })
      .returning();
    const changed = (Object.keys(DEFAULT_PROGRAM) as (keyof typeof DEFAULT_PROGRAM)[]).filter(
      (k) => before[k] !== after[k],
    );
    await recordActivity(tx, {
      ...actor,
      kind: 'loyalty.programChanged',
      target: { type: 'restaurant', id: restaurantId },
      detail: { fields: changed, ...toProgramAnswer(after) },
    });
    return asProgram(restaurantId, row);
  });
}
