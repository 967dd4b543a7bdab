// The demo data tells one coherent story: the Saudi restaurant reads the Saudi business at the Foodics
// stand-in, the Egyptian one an Egyptian business (Cairo branches, receipts in Egyptian pounds).
import { describe, expect, it } from 'vitest';
import { FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { useDemoApp } from '../helpers/demo';

const demo = useDemoApp();

const get = async (url: string) => {
  const res = await demo.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${demo.token}` } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the demo data', () => {
  it('Nile Kitchen has Egyptian branches, and its receipt is in Egyptian pounds at a Cairo branch', async () => {
    const { restaurants } = await get('/restaurant');
    const nile = restaurants.find((r: { name: string }) => r.name === 'Nile Kitchen');
    const najd = restaurants.find((r: { name: string }) => r.name === 'Najd Grill');
    expect(nile.sync_error).toBeNull();
    expect(nile.Branchs.map((b: { name: string }) => b.name).sort()).toEqual(['Maadi', 'Zamalek']);
    expect(najd.Branchs.map((b: { name: string }) => b.name).sort()).toEqual(['Al Malqa', 'Olaya']);
    const device = FIXTURE_EG.devices[0].id;
    const invoice = await get(`/order/foodics/web/last-order?restaurantId=${nile.id}&casherId=${device}`);
    expect(invoice.currency).toBe('EGP');
    expect(invoice.branch_name).toBe('Zamalek');
    expect(
      invoice.order_items
        .map((i: { item_name: string }) => i.item_name)
        .some((n: string) => ['Koshary', 'Molokhia with Chicken', 'Ful Medames', 'Om Ali'].includes(n)),
    ).toBe(true);
  });

  it("Nile Kitchen's saved orders come from its Egyptian branches, in Egyptian pounds", async () => {
    const { orders } = await get('/order/last-orders');
    const nile = orders.filter((o: { restaurant: { name: string } }) => o.restaurant.name === 'Nile Kitchen');
    expect(nile.length).toBeGreaterThan(0);
    for (const o of nile) {
      expect(['Zamalek', 'Maadi']).toContain(o.branch_name);
      expect(o.currency).toBe('EGY');
    }
    for (const o of orders.filter((x: { restaurant: { name: string } }) => x.restaurant.name === 'Najd Grill'))
      expect(['Olaya', 'Al Malqa']).toContain(o.branch_name);
  });

  it("every demo order's date and time are the business's own (Riyadh +03:00, Cairo +02:00), as a POS receipt's are", async () => {
    const saved: {
      restaurant: { name: string };
      order_number: string;
      order_date: string;
      order_time: string;
      createdAt: string;
    }[] = await get('/order');
    const demo = saved.filter((o) => /^100\d$/.test(o.order_number)); // the seeded ones, saved when they closed
    expect(demo.length).toBe(8);
    for (const o of demo) {
      const hours = o.restaurant.name === 'Nile Kitchen' ? 2 : 3;
      const local = new Date(new Date(o.createdAt).getTime() + hours * 3_600_000).toISOString();
      expect(`${o.order_date} ${o.order_time}`, o.order_number).toBe(`${local.slice(0, 10)} ${local.slice(11, 16)}`);
    }
  });

  it('every saved order of the demo sits on a real till of its own branch (Orders names the till)', async () => {
    const saved: {
      restaurant: { id: number };
      branch_name: string;
      device: { device_id: string; name: string | null };
    }[] = await get('/order');
    expect(saved.length).toBeGreaterThanOrEqual(8);
    const { restaurants } = await get('/restaurant');
    for (const o of saved) {
      const r = restaurants.find((x: { id: number }) => x.id === o.restaurant.id);
      const branch = r.Branchs.find((b: { name: string }) => b.name === o.branch_name);
      expect(branch, o.branch_name).toBeTruthy();
      expect(branch.Devices.map((d: { device_id: string }) => d.device_id)).toContain(o.device.device_id);
      expect(o.device.name).toBeTruthy();
    }
  });
});
