// A restaurant's rewards (issue 47): the declared resource `rewards` (src/contract/resources/rewards.ts) at
// /api/rewards - list (paged, searched by name or code, filtered by restaurant and on offer), read, create, edit,
// delete - on its repository (db/repositories/loyaltyRewards.ts). resourceRoutes writes the guard, the roles, the
// scope, the audit record and the OpenAPI description; a code the restaurant has had answers 409.
import type { FastifyInstance } from 'fastify';
import { rewardsResource } from '../../src/contract/resources';
import { rewardsRepository, toReward } from '../db/repositories/loyaltyRewards';
import { resourceRoutes } from './resourceRoutes';

export default async function rewardsRoutes(app: FastifyInstance) {
  resourceRoutes(app, rewardsResource, rewardsRepository(app.deps.database.db), {
    tags: ['loyalty'],
    summaries: {
      list: "A restaurant's rewards (what a member's points buy at the till), cheapest first; paged, searched by name (either language) or code, filtered by restaurantId and active",
      show: "One reward; 404 when it is not one of the caller's restaurants'",
      create:
        "Create a reward for one of the caller's restaurants; 409 when the restaurant has (or had) a reward with its code",
      edit: 'Change a reward (any of its fields but its code and restaurant); the reward as changed keeps the rules of a new one',
      delete: 'Delete a reward: offered no more, its code never reused',
    },
    // A reward changed changes what the till offers and the customer's cards.
    changes: ['loyalty', 'activity'],
    shape: (rows) => rows.map(toReward),
    labelOf: (r) => r.code,
  });
}
