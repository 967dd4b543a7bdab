// A restaurant's rewards (issue 47, docs/API.md "Loyalty"): what a member's points buy at the Foodics till. Admins
// every restaurant's, a manager their own (one posted for another restaurant is refused), staff read them. A code is
// unique per restaurant and never reused: a deleted reward keeps its code.
import { z } from 'zod';
import { listQuery } from '../common';
import { rewardCreateBody, rewardSchema, rewardUpdateBody } from '../loyalty';
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

/** The rewards list's filters: a restaurant, and on offer or not. */
export const rewardsQuery = listQuery.extend({
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** The generic tests' rewards (tests/server/helpers/declared.ts) each take a code of their own. */
let examples = 0;

export const rewardsResource = declareResource({
  name: 'rewards',
  path: '/api/rewards',
  row: rewardSchema,
  createBody: rewardCreateBody,
  editBody: rewardUpdateBody,
  query: rewardsQuery,
  search: ['name_en', 'name_ar', 'code'],
  sort: { fields: ['id', 'cost', 'name_en', 'code'], default: { field: 'cost', order: 'ASC' } },
  actions: { list: ALL_ROLES, show: ALL_ROLES, create: MANAGERS, edit: MANAGERS, delete: MANAGERS },
  scope: { restaurant: 'restaurant_id' },
  audit: {
    type: 'reward',
    created: 'loyalty.rewardCreated',
    edited: 'loyalty.rewardChanged',
    deleted: 'loyalty.rewardDeleted',
  },
  removed: 'The reward has been deleted',
  notFound: 'Reward not found',
  example: (restaurantId) => ({
    code: `EXAMPLE-${++examples}`,
    restaurant_id: restaurantId,
    name_en: 'Free coffee',
    name_ar: 'قهوة مجانية',
    cost: 50,
    kind: 'amount' as const,
    value: 10,
  }),
});
