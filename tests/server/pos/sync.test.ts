import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { branches, devices, restaurants } from '../../../server/db/schema';
import { localDateTime } from '../../../server/pos/foodics/mapping';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { TILL_NOT_FOUND } from '../../../server/pos/lastOrder';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

// Syncing a Foodics restaurant through the API against the stand-in: what vanished at the POS, a chain
// longer than one Foodics page, the business's IANA time zone, and the last-order cache after edit and sync.
describe('Foodics sync through POST /restaurant/{id}/sync and the receipts after it', () => {
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  // Every receipt in this file is in the business's IANA zone (the adapter reads /settings once an hour).
  const RIYADH = { ...FIXTURE.settings, business_timezone: 'Asia/Riyadh' };
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CACHE_MS: '60000' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.foodics.reset();
    t.foodics.setCatalogue({ settings: RIYADH });
    await sync();
  });

  const sync = (id = t.restaurantId, headers = auth) =>
    t.app.inject({ method: 'POST', url: `/restaurant/${id}/sync`, headers, payload: {} });
  const lastOrder = (deviceId = DEVICE) =>
    t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(deviceId)}`,
    });
  const rowsOf = async () => ({
    branches: await t.database.db.select().from(branches).where(eq(branches.restaurantId, t.restaurantId)),
    devices: await t.database.db.select().from(devices).where(eq(devices.restaurantId, t.restaurantId)),
  });

  it('branches and devices that vanished at the POS are marked removed (rows and ids kept), leave the answer, and their QR links stop answering', async () => {
    const before = await rowsOf();
    const [cashier1, cashier2, driveThru] = FIXTURE.devices;
    expect((await lastOrder(driveThru.id)).statusCode).toBe(200);
    // At the POS: Al Malqa (with Drive Thru) and Cashier 2 are gone, Cashier 3 is new.
    t.foodics.setCatalogue({
      branches: [FIXTURE.branches[0]],
      devices: [
        cashier1,
        {
          id: '7d000000-0004-4000-8000-00000000c004',
          name: 'Cashier 3',
          code: 'C4',
          reference: 'C04',
          type: 1,
          branch: 0,
        },
      ],
    });
    const res = await sync();
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.sync_error).toBeNull();
    expect(answer.Branchs).toEqual([
      {
        id: before.branches.find((b) => b.branchId === FIXTURE.branches[0].id)!.id,
        name: 'Olaya',
        branch_id: FIXTURE.branches[0].id,
        Devices: [
          {
            id: before.devices.find((d) => d.deviceId === cashier1.id)!.id,
            name: 'Cashier 1',
            device_id: cashier1.id,
            // Issue 29: a till kept by the sync keeps its link key (its printed QR code still works).
            link_key: before.devices.find((d) => d.deviceId === cashier1.id)!.linkKey,
          },
          {
            id: expect.any(Number),
            name: 'Cashier 3',
            device_id: '7d000000-0004-4000-8000-00000000c004',
            link_key: expect.stringMatching(/^[\w-]{22}$/),
          },
        ],
      },
    ]);

    const after = await rowsOf();
    // What this sync removed (a chain an earlier test synced here is already removed).
    const liveBefore = (rows: { id: number; removedAt: Date | null }[]) =>
      new Set(rows.filter((r) => !r.removedAt).map((r) => r.id));
    const removed = <T extends { id: number; removedAt: Date | null }>(rows: T[], live: Set<number>) =>
      rows.filter((r) => r.removedAt !== null && live.has(r.id));
    expect(removed(after.branches, liveBefore(before.branches)).map((b) => b.branchId)).toEqual([
      FIXTURE.branches[1].id,
    ]);
    expect(
      removed(after.devices, liveBefore(before.devices))
        .map((d) => d.deviceId)
        .sort(),
    ).toEqual([cashier2.id, driveThru.id].sort());
    expect(after.devices.map((d) => d.id).sort()).toEqual(expect.arrayContaining(before.devices.map((d) => d.id)));
    expect(after.devices).toHaveLength(before.devices.length + 1);

    const gone = await lastOrder(driveThru.id);
    expect(gone.statusCode).toBe(404);
    // Issue 29: one 404 for every unknown, foreign or removed till; nothing tells them apart (docs/SECURITY.md).
    expect(gone.json().message).toBe(TILL_NOT_FOUND);
    expect(
      (await t.app.inject({ method: 'GET', url: `/restaurant/branches/${t.restaurantId}`, headers: auth }))
        .json()
        .branches.map((b: { name: string }) => b.name),
    ).toEqual(['Olaya']);

    // Back at the POS: the same rows come back to life, with the ids the printed QR codes know.
    t.foodics.reset();
    t.foodics.setCatalogue({ settings: RIYADH });
    await sync();
    const back = await rowsOf();
    expect(
      back.devices
        .filter((d) => d.removedAt === null)
        .map((d) => [d.id, d.deviceId])
        .sort(),
    ).toEqual(
      before.devices
        .filter((d) => d.removedAt === null)
        .map((d) => [d.id, d.deviceId])
        .sort(),
    );
    expect((await lastOrder(driveThru.id)).statusCode).toBe(200);
  });

  it('a failing sync answers 200 with the reason in sync_error and the last known branches; 404 for an unknown restaurant; 401 without a token', async () => {
    const synced = (await rowsOf()).branches.filter((b) => b.removedAt === null).length;
    t.foodics.setMode('unauthorized');
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect(res.json().sync_error).toMatch(/not authorised/);
    expect(res.json().Branchs).toHaveLength(synced);
    const [r] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, t.restaurantId));
    expect(r.syncError).toMatch(/not authorised/);
    t.foodics.setMode('ok');
    const healed = await sync();
    expect(healed.json().sync_error).toBeNull();
    expect(Date.parse(healed.json().synced_at)).toBeGreaterThanOrEqual(Date.parse(res.json().synced_at));
    expect((await sync(999_999)).statusCode).toBe(404);
    expect((await sync(999_999)).json()).toEqual({ message: 'Restaurant not found' });
    expect((await sync(t.restaurantId, {})).statusCode).toBe(401);
  });

  it('a chain of 120 branches arrives whole: three Foodics pages of 50 read to meta.last_page', async () => {
    // The file's restaurant plays the chain (a Foodics business is one restaurant's); the next test's setup gives
    // it the fixture's branches back.
    const chainId = t.restaurantId;
    const chain = Array.from({ length: 120 }, (_, i) => ({
      id: `br-${i}`,
      name: `Branch ${i + 1}`,
      name_localized: `فرع ${i + 1}`,
      reference: `B${i}`,
    }));
    t.foodics.setCatalogue({
      branches: chain,
      devices: chain.map((_, i) => ({
        id: `dev-${i}`,
        name: `Till ${i + 1}`,
        code: `T${i}`,
        reference: `T${i}`,
        type: 1,
        branch: i,
      })),
    });
    const callsBefore = t.foodics.calls('/branches');
    const res = await sync(chainId);
    expect(t.foodics.calls('/branches') - callsBefore).toBe(3);
    expect(res.json().Branchs).toHaveLength(120);
    const live = await t.database.db
      .select()
      .from(branches)
      .where(and(eq(branches.restaurantId, chainId), isNull(branches.removedAt)));
    expect(live.map((b) => b.branchId).sort()).toEqual(chain.map((b) => b.id).sort());
    const liveDevices = await t.database.db
      .select()
      .from(devices)
      .where(and(eq(devices.restaurantId, chainId), isNull(devices.removedAt)));
    expect(liveDevices).toHaveLength(120);
    expect(res.json().Branchs.find((b: { branch_id: string }) => b.branch_id === 'br-119').Devices).toEqual([
      expect.objectContaining({ name: 'Till 120', device_id: 'dev-119' }),
    ]);
  });

  it('a chain of 620 branches, past the 10 pages plain paging reaches, arrives whole by walking its references', async () => {
    // The file's restaurant plays the chain (a Foodics business is one restaurant's); the next test's setup gives
    // it the fixture's branches back.
    const chainId = t.restaurantId;
    // References deliberately out of the ids' order: the walk follows the references.
    const chain = Array.from({ length: 620 }, (_, i) => ({
      id: `big-${i}`,
      name: `Branch ${i + 1}`,
      name_localized: `فرع ${i + 1}`,
      reference: `R${String((i * 7) % 620).padStart(4, '0')}`,
    }));
    t.foodics.setCatalogue({
      branches: chain,
      devices: chain.map((_, i) => ({
        id: `big-dev-${i}`,
        name: `Till ${i + 1}`,
        code: `T${i}`,
        reference: `T${i}`,
        type: 1,
        branch: i,
      })),
    });
    // The stand-in stops plain paging as Foodics does: page 11 has no rows.
    const page11 = await fetch(`${t.foodics.url}/branches?page=11`, {
      headers: { authorization: `Bearer ${t.foodics.token}` },
    });
    expect((await page11.json()).data).toEqual([]);
    const callsBefore = t.foodics.calls('/branches');
    const res = await sync(chainId);
    expect(res.statusCode).toBe(200);
    // Page 1 tells there are 13 pages; then 13 pages of 50 by reference.
    expect(t.foodics.calls('/branches') - callsBefore).toBe(1 + 13);
    expect(res.json().Branchs).toHaveLength(620);
    const live = await t.database.db
      .select()
      .from(branches)
      .where(and(eq(branches.restaurantId, chainId), isNull(branches.removedAt)));
    expect(new Set(live.map((b) => b.branchId))).toEqual(new Set(chain.map((b) => b.id)));
    const liveDevices = await t.database.db
      .select()
      .from(devices)
      .where(and(eq(devices.restaurantId, chainId), isNull(devices.removedAt)));
    expect(liveDevices).toHaveLength(620);
  }, 90_000); // 620 branches and tills written: past the 30 s default on a crowded machine

  it("the receipt's date and time are in the business's IANA zone (Asia/Riyadh, UTC+3 all year)", async () => {
    // Closed a minute ago, inside the claim window (the midnight roll-over is tested on localDateTime in foodics.test.ts).
    const closed = new Date(Date.now() - 60_000);
    const riyadh = new Date(closed.getTime() + 3 * 3_600_000).toISOString();
    t.foodics.addOrder(DEVICE, { reference: 'tz-1', closed_at: closed.toISOString().slice(0, 19).replace('T', ' ') });
    // The cache of the file's earlier receipts must not answer: sync drops it (tested below).
    await sync();
    const inv = (await lastOrder()).json();
    expect(inv.order_number).toBe('tz-1');
    expect([inv.order_date, inv.order_time]).toEqual([riyadh.slice(0, 10), riyadh.slice(11, 16)]);
  });

  it("an edit drops the cached receipt: the next one is read again from Foodics and carries the restaurant's new name", async () => {
    const first = await lastOrder();
    expect(first.json().restaurant.name).toBe('Najd Grill');
    const calls = t.foodics.calls('/orders');
    expect((await lastOrder()).statusCode).toBe(200);
    expect(t.foodics.calls('/orders')).toBe(calls);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${t.restaurantId}`,
      headers: auth,
      payload: { name: 'Najd Grill Olaya' },
    });
    expect(edit.statusCode).toBe(200);
    const next = await lastOrder();
    expect(next.json().restaurant.name).toBe('Najd Grill Olaya');
    expect(t.foodics.calls('/orders')).toBe(calls + 1);
    await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${t.restaurantId}`,
      headers: auth,
      payload: { name: 'Najd Grill' },
    });
  });

  it("a sync drops the cached receipt: a new order at the till shows right after Sync, not after the cache's minute", async () => {
    const cached = (await lastOrder()).json();
    const placed = t.foodics.addOrder(DEVICE, { reference: 'after-sync' });
    expect((await lastOrder()).json().order_number).toBe(cached.order_number);
    expect((await sync()).statusCode).toBe(200);
    expect((await lastOrder()).json().order_number).toBe(String(placed.reference));
  });
});

describe("the business's time zone: an offset or an IANA name", () => {
  it.each([
    ['+03:00', '2026-11-22 21:45:00', '2026-11-23', '00:45'],
    ['Asia/Riyadh', '2026-11-22 21:45:00', '2026-11-23', '00:45'],
    ['-05:30', '2026-11-22 03:00:00', '2026-11-21', '21:30'],
    // New York keeps summer time in July (UTC-4) and not in November (UTC-5): an offset could not say both.
    ['America/New_York', '2026-07-01 12:00:00', '2026-07-01', '08:00'],
    ['America/New_York', '2026-11-22 12:00:00', '2026-11-22', '07:00'],
    ['Africa/Cairo', '2026-11-22 22:30:00', '2026-11-23', '00:30'],
    // An unknown name falls back to UTC rather than failing the receipt.
    ['Mars/Olympus_Mons', '2026-11-22 21:45:00', '2026-11-22', '21:45'],
  ])('%s: %s UTC is %s %s', (zone, utc, date, time) => {
    expect(localDateTime(utc, zone)).toEqual({ date, time });
  });
});
