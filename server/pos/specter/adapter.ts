// The Specter adapter: a Specter POS pushes its orders to us (POST /pos/specter/orders), so a till's recent
// orders and one order by id are read from our own pos_orders table. Branches and devices arrive with the pushes.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { posOrders } from '../../db/schema';
import type { Invoice } from '../../../src/contract';
import type { PosAdapter, PosOrder, PosRestaurant } from '../../core/posPort';
import { CLOSED } from '../../core/claim';

/** As many recent closed orders of a till as a Foodics page holds. */
const RECENT = 50;

type Row = typeof posOrders.$inferSelect;

const toPosOrder = (row: Row, restaurant: PosRestaurant): PosOrder => ({
  posOrderId: row.posOrderId,
  deviceId: row.deviceId,
  status: row.status,
  closedAt: row.closedAt ?? row.createdAt,
  invoice: { ...(row.invoice as Invoice), restaurant: { name: restaurant.name, logo: restaurant.logo } },
});

export function createSpecterAdapter(database: Database): PosAdapter {
  return {
    local: true,
    listBranches: async () => null,
    async recentOrders(restaurant, deviceId) {
      const rows = await database.db
        .select()
        .from(posOrders)
        .where(
          and(
            eq(posOrders.restaurantId, restaurant.id),
            eq(posOrders.deviceId, deviceId),
            eq(posOrders.status, CLOSED),
          ),
        )
        .orderBy(desc(posOrders.createdAt), desc(posOrders.id))
        .limit(RECENT);
      return rows.map((row) => toPosOrder(row, restaurant));
    },
    async order(restaurant, posOrderId) {
      const [row] = await database.db
        .select()
        .from(posOrders)
        .where(and(eq(posOrders.restaurantId, restaurant.id), eq(posOrders.posOrderId, posOrderId)))
        .limit(1);
      return row ? toPosOrder(row, restaurant) : null;
    },
  };
}
