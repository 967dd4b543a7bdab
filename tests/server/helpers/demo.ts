// The product with `npm start`'s demo data for a test file: the Foodics stand-in the demo restaurants read, a test
// app on it with the demo loaded, and an admin's bearer token. Started before the file's tests, closed after.
import { afterAll, beforeAll, expect } from 'vitest';
import { loadDemoData } from '../../../server/stand-ins/demoSeed';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { createTestApp, type TestApp } from './app';

export interface DemoApp {
  foodics: FoodicsStandIn;
  t: TestApp;
  token: string;
}

export function useDemoApp(): DemoApp {
  const demo = {} as DemoApp;
  beforeAll(async () => {
    demo.foodics = await startFoodicsStandIn();
    demo.t = await createTestApp({ FOODICS_BASE_URL: demo.foodics.url, FOODICS_TIMEOUT_MS: '2000' });
    expect(await loadDemoData(demo.t.deps, { foodicsToken: demo.foodics.token })).toBe(true);
    demo.token = await demo.t.adminToken();
  });
  afterAll(async () => {
    await demo.t?.close();
    await demo.foodics?.close();
  });
  return demo;
}
