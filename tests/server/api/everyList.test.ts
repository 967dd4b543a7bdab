// Every admin list of the OpenAPI document (/api/docs/json), called as the screens call it: a search, each of its
// filters, a sort on each sortable column both ways, and a deep page (past lib/paging.ts's DEEP_OFFSET, where the
// page's ids are picked first, with and without a sort). A list that answers 500 on any of them - e.g. a scope,
// filter or sort on a joined table that the count or the id pick did not join - fails here, with no line to add
// for a new list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_OFFSET } from '../../../server/db/paging';
import { createFoodicsTestApp, type FoodicsTestApp } from '../helpers/foodicsApp';
import { pathOf } from '../../../src/contract';
import { DECLARATIONS } from '../../../src/contract/resources';

interface Param {
  name: string;
  in: string;
  schema?: { type?: string; enum?: string[]; format?: string; pattern?: string };
}
interface Operation {
  parameters?: Param[];
  security?: Record<string, string[]>[];
}

let t: FoodicsTestApp;
let auth: Record<string, string>;
let lists: { path: string; filters: Param[] }[] = [];

beforeAll(async () => {
  t = await createFoodicsTestApp();
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  // An admin list: a GET behind the admin's token that takes page and perPage, at a path without parameters.
  lists = Object.entries(doc.paths).flatMap(([path, ops]) => {
    const op = ops.get;
    const names = (op?.parameters ?? []).map((p) => p.name);
    const admin = op?.security?.some((s) => 'bearer' in s);
    if (!op || !admin || path.includes('{') || !names.includes('page') || !names.includes('perPage')) return [];
    const paging = ['page', 'perPage', 'sort', 'order', 'q'];
    return [{ path, filters: (op.parameters ?? []).filter((p) => p.in === 'query' && !paging.includes(p.name)) }];
  });
});
afterAll(() => t.close());

/** A value the filter's schema accepts. */
function valueOf(p: Param): string {
  if (p.schema?.enum?.length) return p.schema.enum[0];
  if (p.schema?.type === 'integer' || p.schema?.type === 'number') return '1';
  if (p.schema?.format === 'date' || /date|^from$|^to$/i.test(p.name) || p.schema?.pattern?.includes('\\d{4}'))
    return '2026-01-01';
  return 'a';
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

describe('every admin list in the OpenAPI document', () => {
  it('finds the lists (the screens of the spec among them)', () => {
    const paths = lists.map((l) => l.path);
    for (const p of ['/admin', '/user', '/restaurant', '/order', '/admin/activity']) expect(paths).toContain(p);
  });

  it("sorts a declared resource's list by its declared columns, and by no other", async () => {
    const declared = DECLARATIONS.filter((d) => d.sort && d.paged !== false);
    expect(declared.length).toBeGreaterThan(4);
    for (const d of declared) {
      const refused = await get(`${pathOf(d, 'list')}?page=1&perPage=5&sort=notAColumn`);
      expect(refused.statusCode, d.name).toBe(400);
      expect(refused.json().message, d.name).toBe(`sort: must be one of ${d.sort!.fields.join(', ')}`);
    }
  });

  it('answers a search, each filter, each sort both ways and deep pages without a server error', async () => {
    const deepPage = DEEP_OFFSET / 25 + 2;
    const failures: string[] = [];
    for (const { path, filters } of lists) {
      // The sortable columns: the list names them when refusing one it does not know.
      const refused = await get(`${path}?page=1&perPage=5&sort=notAColumn`);
      const sortable =
        refused.statusCode === 400
          ? (/must be one of (.*)$/.exec(refused.json().message)?.[1] ?? '').split(', ').filter(Boolean)
          : [];
      const urls = [
        `${path}?page=1&perPage=5&q=ola`,
        `${path}?page=1&perPage=5&q=Najd%20Olaya`,
        `${path}?page=${deepPage}&perPage=25`,
        `${path}?page=${deepPage}&perPage=25&q=ola`,
        ...filters.map((f) => `${path}?page=1&perPage=5&${f.name}=${encodeURIComponent(valueOf(f))}`),
        ...filters.map((f) => `${path}?page=${deepPage}&perPage=25&${f.name}=${encodeURIComponent(valueOf(f))}`),
        ...sortable.flatMap((s) =>
          ['ASC', 'DESC'].flatMap((o) => [
            `${path}?page=1&perPage=5&sort=${s}&order=${o}`,
            `${path}?page=${deepPage}&perPage=25&sort=${s}&order=${o}&q=ola`,
            `${path}?page=${deepPage}&perPage=25&sort=${s}&order=${o}`,
          ]),
        ),
      ];
      for (const url of urls) {
        const res = await get(url);
        if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (!Array.isArray(res.json()) && !Object.values(res.json()).some(Array.isArray))
          failures.push(`${url}: no rows in ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
