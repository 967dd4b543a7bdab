import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

describe('GET /healthz and unknown paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 while the database answers, and says only ok (not which database: issue 48)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toMatch(/pglite|postgres/i);
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /nope not found' });
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
