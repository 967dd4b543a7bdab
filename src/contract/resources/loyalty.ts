// A restaurant's loyalty program (issue 47, docs/API.md "Loyalty"): GET / PUT /api/loyalty/programs/{restaurantId}
// (routes of their own: one program per restaurant, read and replaced by its restaurant's id), and the program's
// figures for a period beside the one before it (GET /api/loyalty/insights). Everyone reads their restaurants'
// programs and figures; admins and managers change a program. The Loyalty page (src/resources/loyalty) shows both.
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

export const loyaltyResource = declareResource({
  name: 'loyalty',
  search: [],
  actions: { list: ALL_ROLES, show: ALL_ROLES, edit: MANAGERS },
  scope: { restaurant: 'restaurant_id' },
  notFound: 'Restaurant not found',
});

export {
  loyaltyInsightsQuery,
  loyaltyInsightsSchema,
  loyaltyPeriodSchema,
  type LoyaltyInsights,
  type LoyaltyPeriod,
} from '../loyalty';
