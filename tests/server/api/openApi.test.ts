// The OpenAPI document (/api/docs/json) describes every operation for generated clients and linters: each has an
// operationId (unique), a summary and a security entry (`[]` when public), the servers are named, and the statuses
// the server itself answers for any call (414, 431), 400 for a call that validates input and 401 for an admin call
// are documented. The route table (server/routes/index.ts) fills these in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
let t: TestApp;
let doc: { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };
let ops: [string, Operation][];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  ops = Object.entries(doc.paths).flatMap(([p, byMethod]) =>
    Object.entries(byMethod).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as [string, Operation]),
  );
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('names its servers', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('gives every operation a unique operationId, a summary and a security entry', () => {
    expect(ops.length).toBeGreaterThanOrEqual(40);
    const missing = ops.flatMap(([key, op]) => [
      ...(op.operationId ? [] : [`${key}: operationId`]),
      ...(op.summary ? [] : [`${key}: summary`]),
      ...(Array.isArray(op.security) ? [] : [`${key}: security`]),
    ]);
    expect(missing).toEqual([]);
    const ids = ops.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks public calls `security: []` and admin calls with the bearer token', () => {
    const op = (key: string) => ops.find(([k]) => k === key)![1];
    expect(op('POST /admin/login').security).toEqual([]);
    expect(op('GET /order/foodics/web/last-order').security).toEqual([]);
    expect(op('GET /admin').security).toEqual([{ bearer: [] }]);
    expect(op('GET /customer/receipts').security).toEqual([{ customerSession: [] }]);
    expect(op('GET /restaurant/branches/{restId}').operationId).toBe('getRestaurantBranchesByRestId');
  });

  it('documents the statuses a call can answer', () => {
    const missing = ops.flatMap(([key, op]) => {
      const statuses = Object.keys(op.responses ?? {});
      const want = ['414', '431'];
      if (op.parameters?.length || op.requestBody) want.push('400');
      // Behind the admin guard: 401 without a live account, 403 for a role the route leaves out.
      if (op.security?.some((s) => 'bearer' in s) && !key.startsWith('POST /user ')) want.push('401', '403');
      return want.filter((s) => !statuses.includes(s)).map((s) => `${key}: ${s}`);
    });
    expect(missing).toEqual([]);
    const op = (key: string) => ops.find(([k]) => k === key)![1];
    expect(Object.keys(op('GET /order/foodics/web/last-order').responses!)).toContain('400');
    expect(Object.keys(op('POST /pos/foodics/webhook/{secret}').responses!)).toContain('404');
  });

  it('answers 414 and 431 as documented: JSON { message }', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/restaurant/branches/${'9'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: expect.any(String) });
  });
});
