// A restaurant's rewards (issue 47): the list, one reward, create, update and delete, each within the caller's
// scope (an admin any live restaurant, a manager their own: another restaurant's reward answers as if there were
// none, and one created for it is refused), each change in the activity trail in its own transaction. A code is
// unique per restaurant whatever its case and never reused: a deleted reward keeps its row (deleted_at) and code.
// The back-office resource `rewards` (/api/rewards) calls these.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, Reward, RewardCreateBody, RewardUpdateBody } from '../../../src/contract';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { Db } from '../client';
import { recordActivity, type ActivityInput } from '../audit';
import { listSource, orderBy, searchWhere, type Joins, type ListSource } from '../paging';
import { restaurantsIn, seesRestaurant, type Scope } from '../scope';
import { loyaltyRewards, restaurants } from '../schema';

type Actor = Pick<ActivityInput, 'admin' | 'ip'>;
type Reader = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
type RewardRow = typeof loyaltyRewards.$inferSelect;

/** The answer of a reward row. */
export const toReward = (r: RewardRow): Reward => ({
  id: r.id,
  code: r.code,
  restaurant_id: r.restaurantId,
  name_en: r.nameEn,
  name_ar: r.nameAr,
  cost: r.cost,
  kind: r.kind,
  value: Number(r.value),
  max_discount: r.maxDiscount === null ? null : Number(r.maxDiscount),
  product_ids: r.productIds,
  active: r.active,
});

export const REWARD_CODE_TAKEN =
  'code: this restaurant already has (or had) a reward with this code; codes are never reused';

/** Rewards not deleted of live restaurants in the scope. */
const visible = (scope: Scope): SQL =>
  and(
    isNull(loyaltyRewards.deletedAt),
    eq(restaurants.isDeleted, false),
    restaurantsIn(scope, loyaltyRewards.restaurantId),
  )!;

const join: Joins = (q) => q.innerJoin(restaurants, eq(restaurants.id, loyaltyRewards.restaurantId));

const sortable = {
  id: loyaltyRewards.id,
  cost: loyaltyRewards.cost,
  name_en: loyaltyRewards.nameEn,
  code: loyaltyRewards.code,
};

/** The rewards list: paged, searched by name (either language) or code, filtered by restaurant and active. */
export function rewardsList(
  db: Db,
  scope: Scope,
  q: ListQuery & { restaurantId?: number; active?: boolean },
): ListSource<RewardRow> {
  return listSource<RewardRow>(db, {
    columns: {
      id: loyaltyRewards.id,
      restaurantId: loyaltyRewards.restaurantId,
      code: loyaltyRewards.code,
      nameEn: loyaltyRewards.nameEn,
      nameAr: loyaltyRewards.nameAr,
      cost: loyaltyRewards.cost,
      kind: loyaltyRewards.kind,
      value: loyaltyRewards.value,
      maxDiscount: loyaltyRewards.maxDiscount,
      productIds: loyaltyRewards.productIds,
      active: loyaltyRewards.active,
      deletedAt: loyaltyRewards.deletedAt,
      createdAt: loyaltyRewards.createdAt,
      updatedAt: loyaltyRewards.updatedAt,
    },
    table: loyaltyRewards,
    id: loyaltyRewards.id,
    join,
    scope: visible(scope),
    filter: and(
      searchWhere(q.q, [loyaltyRewards.nameEn, loyaltyRewards.nameAr, loyaltyRewards.code]),
      q.restaurantId === undefined ? undefined : eq(loyaltyRewards.restaurantId, q.restaurantId),
      q.active === undefined ? undefined : eq(loyaltyRewards.active, q.active),
    ),
    order: orderBy(q, sortable, { field: 'cost', order: 'ASC' }, loyaltyRewards.id),
  });
}

/** One reward of the scope (not deleted), or undefined. */
export async function findReward(db: Reader, scope: Scope, id: number): Promise<RewardRow | undefined> {
  const [row] = await db
    .select({ reward: loyaltyRewards })
    .from(loyaltyRewards)
    .innerJoin(restaurants, eq(restaurants.id, loyaltyRewards.restaurantId))
    .where(and(eq(loyaltyRewards.id, id), visible(scope)));
  return row?.reward;
}

/** A new reward for a live restaurant of the scope; 404 for another restaurant, 409 for a code it has had. */
export async function createReward(db: Db, scope: Scope, body: RewardCreateBody, actor: Actor): Promise<RewardRow> {
  try {
    return await db.transaction(async (tx) => {
      const [live] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(and(eq(restaurants.id, body.restaurant_id), eq(restaurants.isDeleted, false)));
      if (!live || !seesRestaurant(scope, body.restaurant_id)) throw notFound('Restaurant not found');
      const [row] = await tx
        .insert(loyaltyRewards)
        .values({
          restaurantId: body.restaurant_id,
          code: body.code,
          nameEn: body.name_en,
          nameAr: body.name_ar,
          cost: body.cost,
          kind: body.kind,
          value: String(body.value),
          maxDiscount: body.max_discount == null ? null : String(body.max_discount),
          productIds: body.product_ids ?? [],
          active: body.active ?? true,
        })
        .returning();
      await recordActivity(tx, {
        ...actor,
        kind: 'loyalty.rewardCreated',
        target: { type: 'reward', id: row.id, label: row.code },
        detail: { restaurantId: row.restaurantId, cost: row.cost, kind: row.kind },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(REWARD_CODE_TAKEN);
    throw err;
  }
}

/** Changes a reward of the scope (its code and restaurant stay); undefined when it is not one. */
export async function updateReward(
  db: Db,
  scope: Scope,
  id: number,
  body: RewardUpdateBody,
  actor: Actor,
): Promise<RewardRow | undefined> {
  return db.transaction(async (tx) => {
    const found = await findReward(tx, scope, id);
    if (!found) return undefined;
    const set: Partial<typeof loyaltyRewards.$inferInsert> = { updatedAt: new Date() };
    if (body.name_en !== undefined) set.nameEn = body.name_en;
    if (body.name_ar !== undefined) set.nameAr = body.name_ar;
    if (body.cost !== undefined) set.cost = body.cost;
    if (body.kind !== undefined) set.kind = body.kind;
    if (body.value !== undefined) set.value = String(body.value);
    if (body.max_discount !== undefined)
      set.maxDiscount = body.max_discount === null ? null : String(body.max_discount);
    if (body.product_ids !== undefined) set.productIds = body.product_ids;
    if (body.active !== undefined) set.active = body.active;
    const [row] = await tx.update(loyaltyRewards).set(set).where(eq(loyaltyRewards.id, id)).returning();
    await recordActivity(tx, {
      ...actor,
      kind: 'loyalty.rewardChanged',
      target: { type: 'reward', id, label: row.code },
      detail: { fields: Object.keys(body) },
    });
    return row;
  });
}

/** Deletes a reward of the scope: it is offered no more, its code stays taken; false when it is not one. */
export async function deleteReward(db: Db, scope: Scope, id: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await findReward(tx, scope, id);
    if (!found) return false;
    await tx
      .update(loyaltyRewards)
      .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
      .where(eq(loyaltyRewards.id, id));
    await recordActivity(tx, {
      ...actor,
      kind: 'loyalty.rewardDeleted',
      target: { type: 'reward', id, label: found.code },
    });
    return true;
  });
}

/** The rewards a restaurant offers now (active, not deleted), cheapest first: the adapter and My receipts. */
export function offeredRewards(db: Db, restaurantIds: readonly number[]) {
  if (!restaurantIds.length) return Promise.resolve([] as RewardRow[]);
  return db
    .select()
    .from(loyaltyRewards)
    .where(
      and(
        sql`${loyaltyRewards.restaurantId} = any(${`{${restaurantIds.join(',')}}`}::int[])`,
        isNull(loyaltyRewards.deletedAt),
        eq(loyaltyRewards.active, true),
      ),
    )
    .orderBy(loyaltyRewards.cost, loyaltyRewards.id);
}
