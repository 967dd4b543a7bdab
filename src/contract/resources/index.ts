// Every back-office resource's declaration (src/contract/resource.ts), in menu order: the server registers their
// routes from these, the web derives its permissions and data provider from them, the tests their role matrix.
// Adding a resource: its file here and one line in this list (docs/ARCHITECTURE.md, Add a resource).
import type { AnyResource } from '../resource';
import { activityResource } from './activity';
import { adminsResource } from './admins';
import { dashboardResource } from './dashboard';
import { branchesResource } from './branches';
import { devicesResource } from './devices';
import { funnelResource } from './funnel';
import { guestsResource } from './guests';
import { ledgerResource } from './ledger';
import { loyaltyResource } from './loyalty';
import { membersResource } from './members';
import { ordersResource } from './orders';
import { restaurantsResource } from './restaurants';
import { rewardsResource } from './rewards';
import { sheetResource } from './sheet';
import { tillsResource } from './tills';
import { usersResource } from './users';

// prettier-ignore -- one line per resource, so adding one is a one-line change
export const DECLARATIONS: readonly AnyResource[] = [
  adminsResource,
  usersResource,
  restaurantsResource,
  ordersResource,
  activityResource,
  tillsResource,
  guestsResource,
  loyaltyResource,
  rewardsResource,
  membersResource,
  ledgerResource,
  branchesResource,
  devicesResource,
  sheetResource,
  funnelResource,
  dashboardResource,
];

/** A declaration by its name (undefined for a name no resource has). */
export function declarationOf(name: string): AnyResource | undefined {
  return DECLARATIONS.find((d) => d.name === name);
}

export {
  activityResource,
  adminsResource,
  branchesResource,
  dashboardResource,
  devicesResource,
  funnelResource,
  guestsResource,
  ledgerResource,
  loyaltyResource,
  membersResource,
  ordersResource,
  restaurantsResource,
  rewardsResource,
  sheetResource,
  tillsResource,
  usersResource,
};
export { tillSchema, tillsQuery, type Till } from './tills';
export { rewardsQuery } from './rewards';
export {
  loyaltyInsightsQuery,
  loyaltyInsightsSchema,
  loyaltyPeriodSchema,
  type LoyaltyInsights,
  type LoyaltyPeriod,
} from './loyalty';
export { ledgerEntrySchema, ledgerFilters, ledgerQuery, LEDGER_KINDS, type LedgerEntry } from './ledger';
export { adjustBody, memberSchema, membersQuery, type AdjustBody, type Member } from './members';
