// Tills (the Tills screen): every live till with its branch and restaurant, read-only.
import { z } from 'zod';
import { listQuery } from '../common';
import { ALL_ROLES, declareResource } from '../resource';

export const tillsQuery = listQuery.extend({ restaurantId: z.coerce.number().int().positive().optional() });

export const tillSchema = z.object({
  id: z.number(),
  name: z.string(),
  posId: z.string(),
  branch: z.string(),
  restaurantId: z.number(),
  restaurant: z.string(),
});
export type Till = z.infer<typeof tillSchema>;

export const tillsResource = declareResource({
  name: 'tills',
  path: '/api/tills',
  row: tillSchema,
  query: tillsQuery,
  search: ['name', 'branch', 'restaurant'],
  sort: { fields: ['id', 'name', 'branch', 'restaurant'], default: { field: 'restaurant', order: 'ASC' } },
  actions: { list: ALL_ROLES },
  scope: { restaurant: 'restaurantId' },
});
