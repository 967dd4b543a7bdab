// The Specter adapter: a Specter POS pushes its orders to us (POST /pos/specter/orders), so the newest
// order of a till is read from our own pos_orders table. Branches and devices arrive with the pushes.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { posOrders } from '../../db/schema';
import type { Invoice } from '../../../src/contract';
import type { PosAdapter } from '../port';

export function createSpecterAdapter(database: Database): PosAdapter {
  return {
    listBranches: async () => null,
    async lastOrder(restaurant, deviceId) {
      const [row] = await database.db
        .select()
        .from(posOrders)
        .where(and(eq(posOrders.restaurantId, restaurant.id), eq(posOrders.deviceId, deviceId)))
        .orderBy(desc(posOrders.createdAt), desc(posOrders.id))
        .limit(1);
      if (!row) return null;
      const invoice = row.invoice as Invoice;
      return { posOrderId: row.posOrderId, invoice: { ...invoice, restaurant: { name: restaurant.name, logo: restaurant.logo } } };
    },
  };
}
