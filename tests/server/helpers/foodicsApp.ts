// A test app wired to a real Foodics stand-in over HTTP, with one Foodics restaurant synced from it and an
// SMS sender that keeps the messages, so tests read the code the way a customer would.
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { EGYPT_TOKEN_SUFFIX, FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { restaurants } from '../../../server/db/schema';
import { removeTillsOf } from '../../../server/db/repositories/restaurants';
import { and, eq } from 'drizzle-orm';
import { syncRestaurant } from '../../../server/pos/sync';
import { createPosAdapters } from '../../../server/pos';
import type { Deps } from '../../../server/deps';
import { createTestApp, type TestApp } from './app';

export interface FoodicsTestApp extends TestApp {
  foodics: FoodicsStandIn;
  restaurantId: number;
  sms: { to: string; body: string }[];
  /** The last code sent to a phone (E.164). */
  lastCode(to: string): string | undefined;
}

export const DEVICE = FIXTURE.devices[0].id;

/** A Foodics restaurant on the stand-in's token, synced (branches and devices read) through these deps. A sync the
 * product refuses throws, unless `mustSync` is false (a test of that refusal). */
export async function addFoodicsRestaurant(
  deps: Deps,
  token: string,
  name = 'Najd Grill',
  { mustSync = true }: { mustSync?: boolean } = {},
): Promise<number> {
  const [r] = await deps.database.db
    .insert(restaurants)
    .values({
      name,
      logo: `https://example.com/${name.split(' ')[0].toLowerCase()}.png`,
      token,
      branchsToken: token,
      systemType: 'Foodics',
    })
    .returning({ id: restaurants.id });
  // The tests' short FOODICS_TIMEOUT_MS is for what they test: the setup's sync gets the time a crowded machine
  // needs (the same adapters otherwise: the same budget, database and Redis). One that still fails would leave the
  // restaurant without tills (every till call of the test a 404): it is said here, where it happened.
  const config = { ...deps.config, FOODICS_TIMEOUT_MS: Math.max(deps.config.FOODICS_TIMEOUT_MS, 15_000) };
  const synced = await syncRestaurant(
    { ...deps, config, pos: createPosAdapters(config, deps.database, deps.redis) },
    r.id,
  );
  if (!synced.ok && mustSync) throw new Error(`The stand-in's restaurant ${name} did not sync: ${synced.error}`);
  return r.id;
}

/** Deletes (as the back-office's delete does: tills removed with it) every live restaurant connected to the
 * stand-in business `token` reads, so that a test can connect a restaurant of its own to it: a Foodics business is
 * one restaurant's (docs/POS.md, "One business, one restaurant"). */
export async function releaseFoodicsBusiness(deps: Deps, token: string): Promise<void> {
  const reference = String((token.endsWith(EGYPT_TOKEN_SUFFIX) ? FIXTURE_EG : FIXTURE).business.reference);
  await deps.database.db.transaction(async (tx) => {
    const holders = await tx
      .update(restaurants)
      .set({ isDeleted: true, deletedAt: new Date() })
      .where(and(eq(restaurants.posBusinessRef, reference), eq(restaurants.isDeleted, false)))
      .returning({ id: restaurants.id });
    for (const h of holders) await removeTillsOf(tx, h.id);
  });
}

export async function createFoodicsTestApp(
  overrides: Record<string, string> = {},
  standIn: Parameters<typeof startFoodicsStandIn>[0] = {},
  extra: Partial<Deps> = {},
): Promise<FoodicsTestApp> {
  const foodics = await startFoodicsStandIn(standIn);
  const sms: { to: string; body: string }[] = [];
  const t = await createTestApp(
    // The production call budget (30 a minute) would refuse suites that read many receipts quickly; the tests
    // of the budget itself set FOODICS_CALLS_PER_MINUTE.
    { FOODICS_BASE_URL: foodics.url, FOODICS_TIMEOUT_MS: '500', FOODICS_CALLS_PER_MINUTE: '10000', ...overrides },
    {
      sms: {
        name: 'test',
        send: async (to, body) => {
          sms.push({ to, body });
        },
      },
      ...extra,
    },
  );
  const restaurantId = await addFoodicsRestaurant(t.deps, foodics.token);
  const close = t.close;
  return {
    ...t,
    foodics,
    restaurantId,
    sms,
    lastCode: (to) =>
      [...sms]
        .reverse()
        .find((m) => m.to === to)
        ?.body.match(/\b(\d{4})\b/)?.[1],
    async close() {
      await close();
      await foodics.close();
    },
  };
}
