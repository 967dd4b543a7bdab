// Renders the whole back-office (the real App, providers and routes) on a memory router, against msw
// stand-ins of the API that keep a small in-memory state, so each test sees what a person would see.
// Like the real server, every call but sign-in, verify and the public configuration needs the bearer
// token (401 without it), and the lists page, sort and search when asked to (server/db/paging.ts:
// X-Total-Count with the page); `bareArrays` plays a server that answers the whole array instead.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { App } from '../../../src/App';
import { TOTAL_EXACT_HEADER, TOTAL_HEADER } from '../../../src/contract/common';
import { pathOf } from '../../../src/contract/resource';
import { declarationOf } from '../../../src/contract/resources';
import type { AppUser } from '../../../src/contract/appUsers';
import { createInsightsHandlers } from './insightsHandlers';
import { onUnhandledRequest } from '../unhandled';

export const GOOD_TOKEN = 'good-token';

/** A restaurant as the msw stand-in keeps it: the fields the handlers read, and whatever else the forms send. */
type MockRestaurant = {
  id: number;
  name: string;
  sync_error: string | null;
  Branchs: {
    id: number;
    name: string;
    branch_id: string;
    Devices: { id: number; name: string; device_id: string }[];
  }[];
  [field: string]: unknown;
};

export function freshState() {
  return {
    admins: [
      { id: 1, name: 'Nora Admin', email: 'nora@specter.sa' },
      { id: 2, name: 'Omar Admin', email: 'omar@specter.sa' },
    ],
    users: [
      {
        id: 11,
        firstName: 'Sara',
        lastName: 'Saleh',
        phone: '+966501234567',
        birthDate: '1990-02-11',
        gender: 'female',
        lastLogin: '2026-11-20T10:00:00Z',
        createdAt: '2026-11-01T08:00:00Z',
        updatedAt: '2026-11-01T08:00:00Z',
        lockedUntil: null,
      },
      {
        id: 12,
        firstName: null,
        lastName: null,
        phone: '+201001234567',
        birthDate: null,
        gender: null,
        lastLogin: null,
        createdAt: '2026-11-02T08:00:00Z',
        updatedAt: '2026-11-02T08:00:00Z',
        lockedUntil: '2026-11-24T10:00:00Z',
      },
    ] as AppUser[],
    restaurants: [
      {
        id: 5,
        name: 'Najd Grill',
        logo: '/demo/najd-grill.svg',
        token: 't',
        branchs_token: 'bt',
        system_type: 'Foodics',
        name_api: 'Najd Co',
        sync_error: null,
        synced_at: null,
        createdAt: '',
        updatedAt: '',
        Branchs: [
          {
            id: 50,
            name: 'Olaya',
            branch_id: 'b-olaya',
            Devices: [
              { id: 500, name: 'Cashier 1', device_id: 'dev-1' },
              { id: 501, name: 'Cashier 2', device_id: 'dev-2' },
            ],
          },
          { id: 51, name: 'Malqa', branch_id: 'b-malqa', Devices: [] },
        ],
      },
    ] as MockRestaurant[],
    orders: [
      {
        id: 1,
        restaurant: { name: 'Najd Grill' },
        branch_name: 'Olaya',
        user: { name: 'Sara Saleh' },
        order_date: '2026-11-22',
        order_time: '12:10',
        payment_method: 'Cash',
        total_price: 43.7,
        currency: 'SAR',
      },
      {
        id: 2,
        restaurant: { name: 'Nile Kitchen' },
        branch_name: 'Zamalek',
        user: { name: '•••567' },
        order_date: '2026-11-22',
        order_time: '13:00',
        payment_method: 'Card',
        total_price: 100,
        currency: 'EGY',
      },
      {
        id: 3,
        restaurant: { name: 'Najd Grill' },
        branch_name: 'Olaya',
        user: { name: 'Omar' },
        order_date: '2026-11-22',
        order_time: '14:00',
        payment_method: 'Mada',
        total_price: 6.3,
        currency: 'SAR',
      },
    ],
    requests: [] as { method: string; path: string; query?: string; body?: unknown }[],
    createAdminFails: false,
    /** Answer the lists as bare arrays (no paging), so the web app pages in the browser. */
    bareArrays: false,
    /** Count at most this many rows of a paged list, like the server's capped search totals: past it the total
     * is this number with X-Total-Exact: false. */
    totalCap: null as number | null,
    publicUrl: 'https://specter.example' as string | null,
    /** Who isVerify says is signed in (id, name, e-mail, role), besides `verify`; null: `{ verify }` alone. */
    me: null as null | { id: number; name: string; email: string; role: string },
    /** The business day's time zone isVerify tells (FUNNEL_TIME_ZONE); null: an older server's answer without it. */
    timeZone: 'Asia/Riyadh' as string | null,
  };
}

export type State = ReturnType<typeof freshState>;
export const state: { current: State } = { current: freshState() };

/** The signed-in admin's token, or a manager's or staff member's (signInAs): `good-token.<role>.<ids>`. */
const tokenOf = (request: Request) => (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
const authed = (request: Request) => {
  const token = tokenOf(request);
  return token === GOOD_TOKEN || token.startsWith(`${GOOD_TOKEN}.`);
};
/** Who POST /user/isVerify says is signed in: the role and restaurants the token names (an admin otherwise). */
function whoIs(request: Request) {
  const [, role = 'admin', ids = ''] = tokenOf(request).split('.');
  const restaurantIds = ids ? ids.split('-').map(Number) : [];
  return {
    verify: true,
    id: 1,
    name: 'Nora Admin',
    email: 'nora@specter.sa',
    role,
    restaurantIds,
    restaurants: state.current.restaurants
      .filter((r) => restaurantIds.includes(r.id))
      .map((r) => ({ id: r.id, name: r.name })),
    ...(state.current.timeZone ? { timeZone: state.current.timeZone } : {}),
  };
}
const restaurantNotFound = () => HttpResponse.json({ message: 'Restaurant not found' }, { status: 404 });
const unauthorized = () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
const log = async (request: Request) => {
  const body =
    request.method === 'GET'
      ? undefined
      : await request
          .clone()
          .json()
          .catch(() => undefined);
  const url = new URL(request.url);
  state.current.requests.push({ method: request.method, path: url.pathname, query: url.search || undefined, body });
};

type Resolver = (info: {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}) => Response | Promise<Response>;
/** Logs the call, then answers 401 unless it carries the signed-in admin's token. */
const guarded =
  (answer: Resolver): Resolver =>
  async (info) => {
    await log(info.request);
    return authed(info.request) ? answer(info) : unauthorized();
  };

/** A list the way server/db/paging.ts answers it: the bare array without paging parameters (or when the
 * test plays such a server); with them, searched (every word in one of the fields), sorted and sliced,
 * the total in X-Total-Count. */
function listAnswer<T extends Record<string, unknown>>(
  request: Request,
  rows: T[],
  searchFields: readonly (keyof T)[],
  wrap: (rows: T[]) => unknown = (r) => r,
) {
  const q = new URL(request.url).searchParams;
  const paged = ['page', 'perPage', 'sort', 'order', 'q'].some((k) => q.has(k));
  if (state.current.bareArrays || !paged) return HttpResponse.json(wrap(rows) as object);
  const words = (q.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = rows.filter((r) =>
    words.every((w) =>
      searchFields.some((f) =>
        String(r[f] ?? '')
          .toLowerCase()
          .includes(w),
      ),
    ),
  );
  const field = q.get('sort') ?? 'id';
  const dir = (q.get('order') ?? 'ASC').toUpperCase() === 'DESC' ? -1 : 1;
  const sorted = [...found].sort((a, b) =>
    String(a[field] ?? '') < String(b[field] ?? '') ? -dir : String(a[field] ?? '') > String(b[field] ?? '') ? dir : 0,
  );
  const perPage = Number(q.get('perPage') ?? 25);
  const page = Number(q.get('page') ?? 1);
  const cap = state.current.totalCap;
  const total: Record<string, string> =
    cap !== null && found.length > cap
      ? { [TOTAL_HEADER]: String(cap), [TOTAL_EXACT_HEADER]: 'false' }
      : { [TOTAL_HEADER]: String(found.length) };
  return HttpResponse.json(wrap(sorted.slice((page - 1) * perPage, page * perPage)) as object, { headers: total });
}

/** The restaurant named by the path's :id, or 404 like the server. */
const withRestaurant = (answer: (r: MockRestaurant, request: Request) => Response | Promise<Response>): Resolver =>
  guarded(({ request, params }) => {
    const r = state.current.restaurants.find((x) => x.id === Number(params.id));
    return r ? answer(r, request) : restaurantNotFound();
  });

/** The state's rows that are a declared resource's rows (the state's `orders` are the dashboard's latest orders:
 * the Orders screen's list is tests/web/admin/insightsHandlers.ts's). */
const LISTED = ['users', 'admins', 'restaurants'] as const;
type Rows = (typeof LISTED)[number];
/** The back-office lists, one row each, derived from the declarations (src/contract/resources): where the list
 * and the removal are served (their declared paths: admins removed by PATCH /user/{id} with isDeleted, app users
 * by DELETE), what a search reads, the envelope. */
const LISTS: {
  rows: Rows;
  list: string;
  search: readonly string[];
  wrap?: (rows: unknown[]) => unknown;
  remove: { method: 'delete' | 'patch'; path: string };
}[] = LISTED.map((rows) => {
  const d = declarationOf(rows)!;
  return {
    rows,
    list: `*${pathOf(d, 'list')}`,
    search: d.search,
    wrap: d.envelope ? (found: unknown[]) => ({ [d.envelope!]: found }) : undefined,
    remove: { method: d.softDelete ? 'patch' : 'delete', path: `*${pathOf(d, 'delete')}` },
  };
});

/** For each list: GET answered by listAnswer, and the removal taking the row with that id out of the state. */
const listHandlers = () =>
  LISTS.flatMap(({ rows, list, search, wrap, remove }) => [
    http.get(
      list,
      guarded(({ request }) => listAnswer(request, state.current[rows] as Record<string, unknown>[], search, wrap)),
    ),
    http[remove.method](
      remove.path,
      guarded(({ params }) => {
        const kept = (state.current[rows] as { id: number }[]).filter((x) => x.id !== Number(params.id));
        (state.current as Record<Rows, unknown[]>)[rows] = kept;
        return HttpResponse.json({ message: 'deleted' });
      }),
    ),
  ]);

export const server = setupServer(
  http.post('*/admin/login', async ({ request }) => {
    const { email, password } = (await request.json()) as { email: string; password: string };
    if (email === 'nora@specter.sa' && password === 'secret-123')
      return HttpResponse.json({ data: { token: GOOD_TOKEN } });
    return HttpResponse.json({ message: 'Invalid Email or Password' }, { status: 401 });
  }),
  http.post(
    '*/admin/logout',
    guarded(() => HttpResponse.json({ message: 'Signed out' })),
  ),
  // The signed-in account: state.current.me when a test names it, else the one its token describes (whoIs).
  http.post('*/user/isVerify', ({ request }) =>
    HttpResponse.json(
      !authed(request) ? { verify: false } : state.current.me ? { verify: true, ...state.current.me } : whoIs(request),
    ),
  ),
  http.get('*/api/public-config', () =>
    HttpResponse.json({
      contactEmail: 'a@b.c',
      contactPhone: '1',
      appDownloads: 16,
      publicUrl: state.current.publicUrl,
    }),
  ),
  http.get(
    '*/statistics',
    guarded(() =>
      HttpResponse.json({
        users: state.current.users.length,
        restaurants: state.current.restaurants.length,
        orders: state.current.orders.length,
      }),
    ),
  ),
  http.get(
    '*/order/last-orders',
    guarded(() => HttpResponse.json({ orders: state.current.orders })),
  ),
  // The dashboard's period (issue 49): every stand-in order counts in the period asked for, per currency.
  http.get(
    '*/api/dashboard/sales',
    guarded(({ request }) => {
      const q = new URL(request.url).searchParams;
      const sums = new Map<string, { receipts: number; spend: number }>();
      for (const o of state.current.orders as { total_price: number; currency: string }[]) {
        const s = sums.get(o.currency) ?? { receipts: 0, spend: 0 };
        sums.set(o.currency, { receipts: s.receipts + 1, spend: Math.round((s.spend + o.total_price) * 100) / 100 });
      }
      const by_currency = [...sums].map(([currency, s]) => ({
        currency,
        ...s,
        average_ticket: Math.round((s.spend / s.receipts) * 100) / 100,
      }));
      const receipts = by_currency.reduce((n, c) => n + c.receipts, 0);
      return HttpResponse.json({
        current: { from: q.get('from'), to: q.get('to'), receipts, by_currency },
        previous: { from: q.get('from'), to: q.get('from'), receipts: 0, by_currency: [] },
        by_branch: [],
        by_day: [{ day: q.get('to'), receipts, by_currency }],
      });
    }),
  ),
  // One account (its edit page), and its edit: PATCH /user/{id} without isDeleted (the removal is below).
  http.get(
    '*/admin/:id',
    guarded(({ params }) => {
      const a = state.current.admins.find((x) => x.id === Number(params.id));
      return a
        ? HttpResponse.json({ role: 'admin', restaurantIds: [], ...a })
        : HttpResponse.json({ message: 'Admin not found' }, { status: 404 });
    }),
  ),
  http.patch('*/user/:id', async ({ request, params }) => {
    const body = (await request.clone().json()) as Record<string, unknown>;
    const a = state.current.admins.find((x) => x.id === Number(params.id));
    if (!authed(request) || body.isDeleted || !a) return undefined;
    await log(request);
    Object.assign(a, body);
    return HttpResponse.json({ role: 'admin', restaurantIds: [], ...a });
  }),
  ...listHandlers(),
  http.delete(
    '*/user/:id/lock',
    guarded(({ params }) => {
      const u = state.current.users.find((x) => x.id === Number(params.id));
      if (!u?.lockedUntil) return HttpResponse.json({ message: 'This number is not locked' }, { status: 409 });
      u.lockedUntil = null;
      return HttpResponse.json({ message: 'The lock has been lifted' });
    }),
  ),
  http.post(
    '*/user',
    guarded(async ({ request }) => {
      if (state.current.createAdminFails)
        return HttpResponse.json({ message: 'An admin with this e-mail already exists' }, { status: 409 });
      const body = (await request.json()) as { name: string; email: string };
      const admin = { id: 99, name: body.name, email: body.email };
      state.current.admins.push(admin);
      return HttpResponse.json(admin);
    }),
  ),
  http.post(
    '*/restaurant',
    guarded(async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const r: MockRestaurant = { name: '', sync_error: null, ...body, id: 6, Branchs: [] };
      state.current.restaurants.push(r);
      return HttpResponse.json(r);
    }),
  ),
  http.get(
    '*/restaurant/branches/:restId',
    guarded(({ params }) => {
      const r = state.current.restaurants.find((x) => x.id === Number(params.restId));
      return HttpResponse.json({
        branches: r ? r.Branchs.map((b) => ({ ...b, restaurant: { id: r.id, name: r.name } })) : [],
      });
    }),
  ),
  http.get(
    '*/restaurant/devices/:branchId',
    guarded(({ params }) => {
      const b = state.current.restaurants.flatMap((r) => r.Branchs).find((x) => x.id === Number(params.branchId));
      return HttpResponse.json({ devices: b?.Devices ?? [] });
    }),
  ),
  http.post(
    '*/restaurant/:id/sync',
    withRestaurant((r) => {
      r.sync_error = null;
      return HttpResponse.json(r);
    }),
  ),
  // The Foodics connection panel of a restaurant's edit page (tests/web/resources/foodicsConnect.test.tsx).
  http.get('*/api/restaurants/:id/connection', () =>
    HttpResponse.json({ message: 'Restaurant not found' }, { status: 404 }),
  ),
  // The setup checklist on the branches page (tests/web/resources/connectSetup.test.tsx): by default a restaurant
  // not connected through Connect Foodics (no checklist); the QR sheet's print noted.
  http.get('*/api/restaurants/:id/setup', ({ params }) =>
    HttpResponse.json({
      restaurant_id: Number(params.id),
      connected: false,
      complete: false,
      tills: 0,
      vat_number: null,
      zatca_phase: 2,
      steps: [],
    }),
  ),
  http.post('*/api/restaurants/:id/setup/qr-sheet-printed', () => HttpResponse.json({ message: 'Noted' })),
  http.get(
    '*/restaurant/:id',
    withRestaurant((r) => HttpResponse.json(r)),
  ),
  http.patch(
    '*/restaurant/:id',
    withRestaurant(async (r, request) => {
      Object.assign(r, await request.json());
      return HttpResponse.json(r);
    }),
  ),
  ...createInsightsHandlers(authed),
);

export function signIn() {
  localStorage.setItem('token', GOOD_TOKEN);
}

/** Signed in as a manager or staff member of these restaurants (POST /user/isVerify answers so). */
export function signInAs(role: 'admin' | 'manager' | 'staff', restaurantIds: number[] = []) {
  localStorage.setItem('token', `${GOOD_TOKEN}.${role}.${restaurantIds.join('-')}`);
}

/** The msw stand-in for a whole test file: a fresh state before each test, signed in when asked. */
export function useStandIn({ signedIn }: { signedIn: boolean }) {
  beforeAll(() => server.listen({ onUnhandledRequest }));
  afterAll(() => server.close());
  beforeEach(() => {
    state.current = freshState();
    if (signedIn) signIn();
  });
  afterEach(() => server.resetHandlers());
}

export function renderAdmin(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: [path] });
  // as in src/admin/main.tsx: router updates are not transitions (see that file)
  render(<RouterProvider router={router} useTransitions={false} />);
  return router;
}

// user-event's click did not start the test DOM's form submission for react-admin's SaveButton (a real browser
// does: the e2e journeys cover it); a plain click event does.
export const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
/** A table's column headers, as read. */
export const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());
/** The first cell of each body row (the row number on the lists). */
export const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
