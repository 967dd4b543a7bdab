// Renders the whole back-office (the real App, providers and routes) on a memory router, against msw
// stand-ins of the API that keep a small in-memory state, so each test sees what a person would see.
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { App } from '../../../src/admin/App';

export const GOOD_TOKEN = 'good-token';

export function freshState() {
  return {
    admins: [
      { id: 1, name: 'Nora Admin', email: 'nora@specter.sa' },
      { id: 2, name: 'Omar Admin', email: 'omar@specter.sa' },
    ],
    users: [
      { id: 11, firstName: 'Sara', lastName: 'Saleh', phone: '+966501234567', birthDate: '1990-02-11', gender: 'female', lastLogin: '2026-11-20T10:00:00Z', createdAt: '2026-11-01T08:00:00Z', updatedAt: '2026-11-01T08:00:00Z' },
      { id: 12, firstName: null, lastName: null, phone: '+201001234567', birthDate: null, gender: null, lastLogin: null, createdAt: '2026-11-02T08:00:00Z', updatedAt: '2026-11-02T08:00:00Z' },
    ],
    restaurants: [
      {
        id: 5, name: 'Najd Grill', logo: '/demo/najd-grill.svg', token: 't', branchs_token: 'bt', system_type: 'Foodics', name_api: 'Najd Co', sync_error: null, synced_at: null, createdAt: '', updatedAt: '',
        Branchs: [
          { id: 50, name: 'Olaya', branch_id: 'b-olaya', Devices: [{ id: 500, name: 'Cashier 1', device_id: 'dev-1' }, { id: 501, name: 'Cashier 2', device_id: 'dev-2' }] },
          { id: 51, name: 'Malqa', branch_id: 'b-malqa', Devices: [] },
        ],
      },
    ] as any[],
    orders: [
      { id: 1, restaurant: { name: 'Najd Grill' }, branch_name: 'Olaya', user: { name: 'Sara Saleh' }, order_date: '2026-11-22', order_time: '12:10', payment_method: 'Cash', total_price: 43.7, currency: 'SAR' },
      { id: 2, restaurant: { name: 'Nile Kitchen' }, branch_name: 'Zamalek', user: { name: '•••567' }, order_date: '2026-11-22', order_time: '13:00', payment_method: 'Card', total_price: 100, currency: 'EGY' },
      { id: 3, restaurant: { name: 'Najd Grill' }, branch_name: 'Olaya', user: { name: 'Omar' }, order_date: '2026-11-22', order_time: '14:00', payment_method: 'Mada', total_price: 6.3, currency: 'SAR' },
    ],
    requests: [] as { method: string; path: string; body?: unknown }[],
    createAdminFails: false,
  };
}

export type State = ReturnType<typeof freshState>;
export const state: { current: State } = { current: freshState() };

const authed = (request: Request) => request.headers.get('authorization') === `Bearer ${GOOD_TOKEN}`;
const unauthorized = () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
const log = async (request: Request) => {
  const body = request.method === 'GET' ? undefined : await request.clone().json().catch(() => undefined);
  state.current.requests.push({ method: request.method, path: new URL(request.url).pathname, body });
};

export const server = setupServer(
  http.post('*/admin/login', async ({ request }) => {
    const { email, password } = (await request.json()) as { email: string; password: string };
    if (email === 'nora@specter.sa' && password === 'secret-123') return HttpResponse.json({ data: { token: GOOD_TOKEN } });
    return HttpResponse.json({ message: 'Invalid Email or Password' }, { status: 401 });
  }),
  http.post('*/user/isVerify', ({ request }) => HttpResponse.json({ verify: authed(request) })),
  http.get('*/api/public-config', () => HttpResponse.json({ contactEmail: 'a@b.c', contactPhone: '1', appDownloads: 16, publicUrl: 'https://specter.example' })),
  http.get('*/statistics', ({ request }) => (authed(request) ? HttpResponse.json({ users: state.current.users.length, restaurants: state.current.restaurants.length, orders: state.current.orders.length }) : unauthorized())),
  http.get('*/order/last-orders', ({ request }) => (authed(request) ? HttpResponse.json({ orders: state.current.orders }) : unauthorized())),
  // The server below answers bare arrays (no paging header), so the web app pages in the browser.
  http.get('*/user', async ({ request }) => { await log(request); return authed(request) ? HttpResponse.json(state.current.users) : unauthorized(); }),
  http.delete('*/user/:id', async ({ request, params }) => {
    await log(request);
    state.current.users = state.current.users.filter((u) => u.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
  http.get('*/admin', ({ request }) => (authed(request) ? HttpResponse.json(state.current.admins) : unauthorized())),
  http.post('*/user', async ({ request }) => {
    await log(request);
    if (state.current.createAdminFails) return HttpResponse.json({ message: 'An admin with this e-mail already exists' }, { status: 409 });
    const body = (await request.json()) as { name: string; email: string };
    const admin = { id: 99, name: body.name, email: body.email };
    state.current.admins.push(admin);
    return HttpResponse.json(admin);
  }),
  http.patch('*/user/:id', async ({ request, params }) => {
    await log(request);
    state.current.admins = state.current.admins.filter((a) => a.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
  http.get('*/restaurant', ({ request }) => (authed(request) ? HttpResponse.json({ restaurants: state.current.restaurants }) : unauthorized())),
  http.post('*/restaurant', async ({ request }) => {
    await log(request);
    const body = (await request.json()) as Record<string, unknown>;
    const r = { ...body, id: 6, Branchs: [] };
    state.current.restaurants.push(r);
    return HttpResponse.json(r);
  }),
  http.get('*/restaurant/branches/:restId', ({ params }) => {
    const r = state.current.restaurants.find((x) => x.id === Number(params.restId));
    return HttpResponse.json({ branches: (r?.Branchs ?? []).map((b: any) => ({ ...b, restaurant: { id: r.id, name: r.name } })) });
  }),
  http.get('*/restaurant/devices/:branchId', ({ params }) => {
    const b = state.current.restaurants.flatMap((r) => r.Branchs).find((x: any) => x.id === Number(params.branchId));
    return HttpResponse.json({ devices: b?.Devices ?? [] });
  }),
  http.post('*/restaurant/:id/sync', async ({ request, params }) => {
    await log(request);
    const r = state.current.restaurants.find((x) => x.id === Number(params.id));
    r.sync_error = null;
    return HttpResponse.json(r);
  }),
  http.patch('*/restaurant/delete/:id', async ({ request, params }) => {
    await log(request);
    state.current.restaurants = state.current.restaurants.filter((r) => r.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
  http.get('*/restaurant/:id', ({ params }) => {
    const r = state.current.restaurants.find((x) => x.id === Number(params.id));
    return r ? HttpResponse.json(r) : HttpResponse.json({ message: 'Restaurant not found' }, { status: 404 });
  }),
  http.patch('*/restaurant/:id', async ({ request, params }) => {
    await log(request);
    const r = state.current.restaurants.find((x) => x.id === Number(params.id));
    Object.assign(r, await request.json());
    return HttpResponse.json(r);
  }),
);

export function signIn() {
  localStorage.setItem('token', GOOD_TOKEN);
}

export function renderAdmin(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
