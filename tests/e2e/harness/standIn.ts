// The demo's Foodics stand-in, as a cashier uses it: closes an order on a till over its control API
// (`POST {stand-in address}/_stand-in/orders`, the address printed at start-up). Its order.created webhook
// brings the order to the server at once; the till shows it once the server read it back from Foodics (a moment
// later: docs/SECURITY.md, "Foodics webhooks"), so a journey waits for tillShows to name it.
import { expect } from 'vitest';
import type { RunningProduct } from './product';

export async function closeOrder(
  product: RunningProduct,
  deviceId: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string }> {
  const standIn = /Foodics stand-in \(demo POS\): (\S+);/.exec(product.log())?.[1];
  if (!standIn) throw new Error(`No stand-in address in the start-up lines:\n${product.log().slice(0, 2000)}`);
  const res = await fetch(`${standIn}/_stand-in/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device_id: deviceId, ...fields }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}

/** What the till shows now (GET /order/foodics/web/last-order), as the page would read it. */
export async function tillShows(product: RunningProduct, deviceId: string, restId = 1) {
  const res = await fetch(
    `${product.url}/order/foodics/web/last-order?restaurantId=${restId}&casherId=${encodeURIComponent(deviceId)}`,
  );
  return (await res.json()) as { order_id?: string; order_number?: string; saved?: boolean; message?: string };
}
