// The API's description passes Redocly's recommended lint (issue 49): 0 errors, and only the warnings explained in
// docs/API.md ("The OpenAPI document"): the spec's own paths `/restaurant/{id}/...` beside
// `/restaurant/devices|branches|delete/{...}` (kept letter for letter), and `GET /pos/foodics/connected`, which
// only ever redirects (302). A new error, or a new kind of warning, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let problems: { severity: string; ruleId: string; message: string; location: { pointer?: string }[] }[];

beforeAll(async () => {
  t = await createTestApp();
  const source = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  const config = await createConfig({ extends: ['recommended'] });
  problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
});
afterAll(() => t.close());

const where = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`;

describe("Redocly's recommended lint of /api/docs/json", () => {
  it('finds no error', () => {
    expect(problems.filter((p) => p.severity === 'error').map(where)).toEqual([]);
  });

  it('warns only where docs/API.md explains why', () => {
    const unexplained = problems.filter(
      (p) =>
        p.severity !== 'error' &&
        !(p.ruleId === 'no-ambiguous-paths' && /`\/restaurant\//.test(p.message)) &&
        !(p.ruleId === 'operation-2xx-response' && p.location[0]?.pointer?.includes('~1pos~1foodics~1connected')),
    );
    expect(unexplained.map(where)).toEqual([]);
  });

  it('has a licence, and every CSV export answers 200 text/csv', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.info.license.name).toBeTruthy();
    const csv = Object.entries(
      doc.paths as Record<string, { get?: { responses: Record<string, { content?: object }> } }>,
    )
      .filter(([path]) => path.endsWith('.csv'))
      .map(([, ops]) => Object.keys(ops.get!.responses['200'].content ?? {}));
    expect(csv.length).toBeGreaterThanOrEqual(4);
    expect(csv.every((types) => types.includes('text/csv'))).toBe(true);
  });
});
