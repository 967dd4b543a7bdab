// A restaurant's rewards (issue 47): the list, one reward, create, update and delete, each within the caller's
// scope (an admin any live restaurant, a manager their own: another restaurant's reward answers as if there were
// none, and one created for it is refused), each write in the caller's transaction, where the route writes its
// audit record (server/routes/resourceRoutes.ts). A code is unique per restaurant whatever its case and never
// reused: a deleted reward keeps its row (deleted_at) and code. The back-office resource `rewards` (/api/rewards:
// rewardsRepository) calls these.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  rewardCreateBody,
  type ListQuery,
  type Reward,
  type RewardCreateBody,
  type RewardUpdateBody,
} from '../../../src/contract';
import { rewardsResource } from '../../../src/contract/resources';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { Db } from '../client';
import type { ResourceRepository } from '../resource';
import { declaredOrder, listSource, type Joins, type ListSource } from '../paging';
import { searchWhere } from '../search';
import { restaurantsIn, seesRestaurant, type Scope } from '../scope';
import { loyaltyRewards, restaurants } from '../schema';

type Reader = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
type RewardRow = typeof loyaltyRewards.$inferSelect;
type RewardsQuery = ListQuery & { restaurantId?: number; active?: boolean };

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
export function rewardsList(db: Db, scope: Scope, q: RewardsQuery): ListSource<RewardRow> {
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
    order: declaredOrder(rewardsResource, q, sortable, loyaltyRewards.id),
  });
}

/** One reward of the scope (not deleted), or undefined; `lock`: its row locked for the transaction's change. */
export async function findReward(db: Reader, scope: Scope, id: number, lock = false): Promise<RewardRow | undefined> {
  const query = db
    .select({ reward: loyaltyRewards })
    .from(loyaltyRewards)
    .innerJoin(restaurants, eq(restaurants.id, loyaltyRewards.restaurantId))
    .where(and(eq(loyaltyRewards.id, id), visible(scope)));
  const [row] = lock ? await query.for('update', { of: loyaltyRewards }) : await query;
  return row?.reward;
}

/** A new reward of a restaurant of the scope (the route has refused a body naming another restaurant, or one not
 * live: 404), in the caller's transaction (its audit record beside it); 409 for a code the restaurant has had. */
export async function insertReward(tx: Reader, scope: Scope, body: RewardCreateBody): Promise<RewardRow> {
  if (!seesRestaurant(scope, body.restaurant_id)) throw notFound('Restaurant not found');
  try {
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
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(REWARD_CODE_TAKEN);
    throw err;
  }
}

/** A reward's answer fields as a create body: the rules a reward keeps are checked on it whole after a change. */
const asBody = (r: RewardRow) => ({
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

/**
 * Changes a reward of the scope (its code and restaurant stay); undefined when it is not one. The reward as changed
 * must still keep every rule a new one keeps (a percent at most 100 and with its cap, products named): a 400 naming
 * the field otherwise, e.g. `value: a percent must be at most 100` for a percent reward's value set to 150.
 */
export async function changeReward(
  tx: Reader,
  scope: Scope,
  id: number,
  body: RewardUpdateBody,
): Promise<RewardRow | undefined> {
  const found = await findReward(tx, scope, id, true);
  if (!found) return undefined;
  const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const checked = rewardCreateBody.safeParse({ ...asBody(found), ...given });
  if (!checked.success) {
    const [issue] = checked.error.issues;
    throw badRequest(`${issue.path.join('.')}: ${issue.message}`);
  }
  const set: Partial<typeof loyaltyRewards.$inferInsert> = { updatedAt: new Date() };
  if (body.name_en !== undefined) set.nameEn = body.name_en;
  if (body.name_ar !== undefined) set.nameAr = body.name_ar;
  if (body.cost !== undefined) set.cost = body.cost;
  if (body.kind !== undefined) set.kind = body.kind;
  if (body.value !== undefined) set.value = String(body.value);
  if (body.max_discount !== undefined) set.maxDiscount = body.max_discount === null ? null : String(body.max_discount);
  if (body.product_ids !== undefined) set.productIds = body.product_ids;
  if (body.active !== undefined) set.active = body.active;
  const [row] = await tx.update(loyaltyRewards).set(set).where(eq(loyaltyRewards.id, id)).returning();
  return row;
}

/** Deletes a reward of the scope: it is offered no more, its code stays taken (the row stays, deleted_at set);
 * undefined when it is not one. */
export async function removeReward(tx: Reader, scope: Scope, id: number): Promise<RewardRow | undefined> {
  const found = await findReward(tx, scope, id, true);
  if (!found) return undefined;
  const [row] = await tx
    .update(loyaltyRewards)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(eq(loyaltyRewards.id, id))
    .returning();
  return row;
}

/** The back-office resource `rewards` (src/contract/resources/rewards.ts, server/routes/rewards.ts): every call
 * within the caller's scope, the writes in the transaction their audit record is written in. */
export const rewardsRepository = (
  db: Db,
): ResourceRepository<RewardRow, RewardCreateBody, RewardUpdateBody, RewardsQuery> => ({
  list: (scope, q) => rewardsList(db, scope, q),
  one: (scope, id) => findReward(db, scope, id),
  create: insertReward,
  update: changeReward,
  remove: removeReward,
});

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
