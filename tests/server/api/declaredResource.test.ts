// A restaurant-scoped CRUD resource made of its declaration and its repository alone, as docs/ARCHITECTURE.md's
// recipe writes one ("Add a resource"): a made-up "offers" table created in this test's database, declared with
// declareResource (src/contract/resource.ts), its repository scopedTable (server/db/resource.ts), registered by
// resourceRoutes (server/routes/resourceRoutes.ts) in one route group. Its role matrix is derived from the
// declaration (tests/server/helpers/declared.ts); beyond it, the rules the one call writes for every resource: a
// body naming another restaurant refused, an edit cannot move a row out of the scope, every write in the audit
// trail, the list's memory dropped by a write, the declaration's schemas, sort and OpenAPI description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { z } from 'zod';
import { ALL_ROLES, declareResource, listQuery, MANAGERS, type Role } from '../../../src/contract';
import { activity, adminRestaurants, admins, restaurants } from '../../../server/db/schema';
import { scopedTable } from '../../../server/db/resource';
import { resourceRoutes } from '../../../server/routes/resourceRoutes';
import { hashPassword } from '../../../server/lib/passwords';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  declaredEndpoints,
  declaredLines,
  declaredReads,
  declaredWrites,
  type Target,
  type World,
} from '../helpers/declared';

// --- the resource, as its author writes it: the declaration (src/contract/resources/offers.ts) ---
const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const offerBody = z.object({
  restaurant_id: z.number().int().positive(),
  title: z.string().trim().min(1, 'Required').max(100),
  percent: z.number().int().min(1, 'must be 1 to 100').max(100, 'must be 1 to 100'),
});
const offerSchema = offerBody.extend({ id: z.number(), created_at: z.string() });
const offersResource = declareResource({
  name: 'offers',
  path: '/api/offers',
  row: offerSchema,
  createBody: offerBody,
  query: listQuery.extend({ restaurantId: dbId.optional() }),
  search: ['title'],
  sort: { fields: ['id', 'title', 'percent'], default: { field: 'id', order: 'DESC' } },
  actions: { list: ALL_ROLES, show: ALL_ROLES, create: MANAGERS, edit: MANAGERS, delete: MANAGERS },
  scope: { restaurant: 'restaurant_id' },
  notFound: 'Offer not found',
  example: (restaurantId) => ({ restaurant_id: restaurantId, title: 'Coffee 10% off', percent: 10 }),
});

// --- its table (server/db/schema.ts, and its migration) ---
const offers = pgTable('probe_offers', {
  id: serial('id').primaryKey(),
  restaurantId: integer('restaurant_id')
    .notNull()
    .references(() => restaurants.id),
  title: text('title').notNull(),
  percent: integer('percent').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- its repository and its route group (server/db/repositories/offers.ts, server/routes/offers.ts) ---
async function offersRoutes(app: FastifyInstance) {
  resourceRoutes(
    app,
    offersResource,
    scopedTable(app.deps.database.db, offersResource, {
      table: offers,
      id: offers.id,
      restaurant: offers.restaurantId,
      search: [offers.title],
      sortable: { id: offers.id, title: offers.title, percent: offers.percent },
      filter: (q) => (q.restaurantId === undefined ? undefined : eq(offers.restaurantId, q.restaurantId)),
      values: (b) => ({ restaurantId: b.restaurant_id, title: b.title, percent: b.percent }),
    }),
    {
      shape: (rows) =>
        rows.map((r) => ({
          id: r.id,
          restaurant_id: r.restaurantId,
          title: r.title,
          percent: r.percent,
          created_at: r.createdAt.toISOString(),
        })),
      labelOf: (r) => r.title,
    },
  );
}

// --- the tests ---
let t: TestApp;
const id = { restA: 0, restB: 0 };
const token: Partial<Record<Role, string>> = {};
let n = 0;

const restaurant = async (name: string) => {
  const [r] = await t.database.db
    .insert(restaurants)
    .values({ name, logo: 'https://example.com/l.png', token: 't', branchsToken: 't', systemType: 'Specter' })
    .returning({ id: restaurants.id });
  return r.id;
};
const account = async (role: Role, restaurantIds: number[]) => {
  const [a] = await t.database.db
    .insert(admins)
    .values({
      name: `${role} ${++n}`,
      email: `${role}-${n}@example.com`,
      passwordHash: await hashPassword('pw-123456'),
      role,
    })
    .returning({ id: admins.id });
  if (restaurantIds.length)
    await t.database.db.insert(adminRestaurants).values(restaurantIds.map((r) => ({ adminId: a.id, restaurantId: r })));
  return t.deps.tokens.issue(a.id);
};
const as = (role: Role, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { authorization: `Bearer ${token[role]}` } } as InjectOptions);

beforeAll(async () => {
  t = await createTestApp({}, {}, [{ plugin: offersRoutes }]);
  await t.database.db.execute(
    sql.raw(`CREATE TABLE probe_offers (
      id serial PRIMARY KEY,
      restaurant_id integer NOT NULL REFERENCES restaurants(id),
      title text NOT NULL,
      percent integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`),
  );
  id.restA = await restaurant('Alpha Grill');
  id.restB = await restaurant('BRAVO Burgers');
  token.admin = await account('admin', []);
  token.manager = await account('manager', [id.restA]);
  token.staff = await account('staff', [id.restA]);
});
afterAll(async () => {
  // The test's own table goes, so the database is the migrated one again (tests/server/helpers/db.ts keeps it).
  await t?.database.db.execute(sql.raw('DROP TABLE IF EXISTS probe_offers'));
  await t?.close();
});

const world: World = {
  app: () => t.app,
  admin: () => ({ authorization: `Bearer ${token.admin}` }),
  restA: () => id.restA,
  restB: () => id.restB,
};

describe('a declared resource: its role matrix, derived from the declaration', () => {
  const lines = declaredLines(world, [offersResource]);

  it('derives a line for each of list, show, create, edit and delete', () => {
    expect(Object.keys(lines).sort()).toEqual([
      'DELETE /api/offers/{id}',
      'GET /api/offers',
      'GET /api/offers/{id}',
      'PATCH /api/offers/{id}',
      'POST /api/offers',
    ]);
  });

  for (const [name, line] of Object.entries(lines))
    describe(name, () => {
      for (const role of ['admin', 'manager', 'staff'] as Role[])
        (['own', 'other', 'none'] as Target[]).forEach((target, i) => {
          const expected = line[role][i];
          if (expected === null) return;
          it(`${role}, ${target} restaurant: ${expected}`, async () => {
            expect(line.applies?.()).toBe(true);
            const res = await as(role, await line.req(role, target));
            expect(res.statusCode, res.body).toBe(expected);
            if (expected < 300) line.check?.(res, role, target);
            else expect(res.json()).toEqual({ message: expect.any(String) });
          });
        });
    });
});

describe('what the one call writes for every resource', () => {
  const create = (role: Role, body: Record<string, unknown>) =>
    as(role, { method: 'POST', url: '/api/offers', payload: body });

  it('refuses a body naming another restaurant (404), and an edit moving a row out of the scope', async () => {
    const refused = await create('manager', offersResource.example!(id.restB));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Restaurant not found' });
    const made = (await create('manager', offersResource.example!(id.restA))).json();
    const moved = await as('manager', {
      method: 'PATCH',
      url: `/api/offers/${made.id}`,
      payload: { restaurant_id: id.restB },
    });
    expect(moved.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, made.id));
    expect(row.restaurantId).toBe(id.restA);
    // An admin moves it (every restaurant is theirs).
    const byAdmin = await as('admin', {
      method: 'PATCH',
      url: `/api/offers/${made.id}`,
      payload: { restaurant_id: id.restB },
    });
    expect(byAdmin.json()).toMatchObject({ restaurant_id: id.restB });
  });

  it('refuses a restaurant that is not live', async () => {
    const gone = await restaurant('Gone');
    await t.database.db.update(restaurants).set({ isDeleted: true }).where(eq(restaurants.id, gone));
    expect((await create('admin', offersResource.example!(gone))).statusCode).toBe(404);
  });

  it('records every write in the audit trail, in its transaction', async () => {
    const made = (await create('manager', { restaurant_id: id.restA, title: 'Tea 5%', percent: 5 })).json();
    await as('manager', { method: 'PATCH', url: `/api/offers/${made.id}`, payload: { title: 'Tea 6%', percent: 6 } });
    await as('manager', { method: 'DELETE', url: `/api/offers/${made.id}` });
    const trail = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.targetType, 'offers'), eq(activity.targetId, String(made.id))))
      .orderBy(activity.id);
    expect(trail.map((a) => [a.kind, a.targetLabel, a.detail])).toEqual([
      ['record.created', 'Tea 5%', { restaurantId: id.restA }],
      ['record.edited', 'Tea 6%', { fields: ['title', 'percent'] }],
      ['record.deleted', 'Tea 6%', null],
    ]);
    // A write refused (another restaurant's row) records nothing.
    const before = (await t.database.db.select().from(activity)).length;
    const other = (await create('admin', offersResource.example!(id.restB))).json();
    expect((await as('manager', { method: 'DELETE', url: `/api/offers/${other.id}` })).statusCode).toBe(404);
    expect((await t.database.db.select().from(activity)).length).toBe(before + 1);
  });

  it("drops the list's memory after a write: the next read shows it", async () => {
    const url = `/api/offers?page=1&perPage=500&restaurantId=${id.restA}`;
    const before = (await as('staff', { method: 'GET', url })).json().length;
    const made = (await create('manager', { restaurant_id: id.restA, title: 'Fresh', percent: 20 })).json();
    const after = (await as('staff', { method: 'GET', url })).json();
    expect(after).toHaveLength(before + 1);
    expect(after.some((o: { id: number }) => o.id === made.id)).toBe(true);
  });

  it("validates with the declaration's schemas: a 400 naming the field", async () => {
    const res = await create('admin', { restaurant_id: id.restA, title: 'x', percent: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^percent: must be 1 to 100/);
    expect((await create('admin', { title: 'no restaurant', percent: 5 })).statusCode).toBe(400);
  });

  it('sorts by the declared columns only, and searches the declared fields', async () => {
    const refused = await as('admin', { method: 'GET', url: '/api/offers?page=1&perPage=5&sort=restaurant_id' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('sort: must be one of id, title, percent');
    await create('admin', { restaurant_id: id.restA, title: 'Zebra special', percent: 30 });
    const found = (await as('admin', { method: 'GET', url: '/api/offers?page=1&perPage=5&q=zebra' })).json();
    expect(found.map((o: { title: string }) => o.title)).toEqual(['Zebra special']);
    const sorted = await as('admin', { method: 'GET', url: '/api/offers?page=1&perPage=500&sort=percent&order=DESC' });
    const percents = sorted.json().map((o: { percent: number }) => o.percent);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    expect(Number(sorted.headers['x-total-count'])).toBe(percents.length);
  });

  it('is described in the OpenAPI document: summaries, the bearer token, 403 and 404', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = doc.paths['/api/offers/{id}'];
    expect(Object.keys(ops).sort()).toEqual(['delete', 'get', 'patch']);
    for (const op of Object.values(ops) as { summary: string; security: unknown; responses: object }[]) {
      expect(op.summary).toMatch(/offers/);
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    }
    expect(doc.paths['/api/offers'].get.operationId).toBe('getApiOffers');
  });
});

describe('the other derived checks, as they run for every declared resource', () => {
  it("the authorisation matrix: every call refused without a token (401), made with an admin's (200)", async () => {
    const endpoints = declaredEndpoints(world, [offersResource]);
    expect(endpoints.map((e) => e.name).sort()).toEqual([
      'DELETE /api/offers/{id}',
      'GET /api/offers',
      'GET /api/offers/{id}',
      'PATCH /api/offers/{id}',
      'POST /api/offers',
    ]);
    for (const e of endpoints) {
      expect(e.applies!()).toBe(true);
      const refused = await t.app.inject(await e.req(false));
      expect(refused.statusCode, e.name).toBe(401);
      const made = await t.app.inject({ ...(await e.req(true)), headers: world.admin() } as InjectOptions);
      expect(made.statusCode, `${e.name}: ${made.body}`).toBe(200);
    }
  });

  it('the forget after every write: a create or a delete shows in the list at once, each in the audit trail', async () => {
    const reads = Object.fromEntries(declaredReads(world, [offersResource]).map((r) => [r.name, r.read]));
    expect(Object.keys(reads)).toEqual(['list:offers']);
    const writes = declaredWrites(world, [offersResource]);
    expect(writes.map((w) => w.key).sort()).toEqual([
      'DELETE /api/offers/:id',
      'PATCH /api/offers/:id',
      'POST /api/offers',
    ]);
    for (const w of writes) {
      const prepared = await w.prepare?.();
      const before = (await reads['list:offers']()).body;
      const trail = (await t.database.db.select().from(activity)).length;
      const res = await w.write(prepared as never);
      expect(res.statusCode, `${w.key}: ${res.body}`).toBe(200);
      if (w.list) expect((await reads[w.list]()).body, w.key).not.toBe(before);
      expect((await t.database.db.select().from(activity)).length, w.key).toBeGreaterThan(trail);
    }
  });
});
