// msw stand-ins of the saved orders, funnel and export calls (the server pages the orders and reports the
// total in X-Total-Count, like the real one; without the signed-in admin's token they answer 401). Requests
// are kept so tests can check what was asked.
import { http, HttpResponse } from 'msw';

export const insights = {
  requests: [] as string[],
  progress: [] as { rows: number; done: boolean; complete: boolean }[],
  orders: [
    {
      id: 31,
      restaurant: { id: 5, name: 'Najd Grill' },
      branch_name: 'Olaya',
      device: { device_id: 'dev-1', name: 'Cashier 1' },
      order_number: '2044',
      check_number: '144',
      customer: { id: 11, name: 'Sara Saleh' },
      order_date: '2026-11-22',
      order_time: '12:10',
      payment_method: 'Cash',
      total_price: 43.7,
      currency: 'SAR',
      createdAt: '2026-11-22T09:10:00Z',
    },
    {
      id: 30,
      restaurant: { id: 5, name: 'Najd Grill' },
      branch_name: 'Olaya',
      device: { device_id: 'dev-2', name: null },
      order_number: '2043',
      check_number: null,
      customer: { id: 12, name: '•••567' },
      order_date: '2026-11-21',
      order_time: '20:00',
      payment_method: 'Mada',
      total_price: 6.3,
      currency: 'SAR',
      createdAt: '2026-11-21T17:00:00Z',
    },
  ],
  items: {
    31: [
      { item_name: 'Chicken Kabsa', item_quantity: 1, total_price: 32 },
      { item_name: 'Karak Tea', item_quantity: 2, total_price: 12 },
    ],
  } as Record<number, unknown[]>,
  funnelDays: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    views: i === 29 ? 8 : 1,
    codes: i === 29 ? 3 : 0,
    saves: i === 29 ? 2 : 0,
  })),
};

export function resetInsights() {
  insights.requests = [];
  insights.progress = [];
}

const url = (request: Request) => new URL(request.url);

/** The handlers, answering 401 unless `authed` accepts the request's token. */
export function createInsightsHandlers(authed: (request: Request) => boolean) {
  type Info = { request: Request; params: Record<string, string | readonly string[] | undefined> };
  const guard = (answer: (info: Info) => Response) => (info: Info) =>
    authed(info.request) ? answer(info) : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
  return [
    http.get(
      '*/order',
      guard(({ request }) => {
        insights.requests.push(`GET ${url(request).pathname}${url(request).search}`);
        const p = url(request).searchParams;
        const rows = insights.orders.filter((o) => !p.get('appUserId') || o.customer.id === Number(p.get('appUserId')));
        return HttpResponse.json(rows, {
          headers: { 'X-Total-Count': String(rows.length), 'Access-Control-Expose-Headers': 'X-Total-Count' },
        });
      }),
    ),
    http.get(
      '*/order/:id',
      guard(({ params }) => {
        const o = insights.orders.find((x) => x.id === Number(params.id));
        return o
          ? HttpResponse.json({ ...o, order_items: insights.items[o.id] ?? [] })
          : HttpResponse.json({ message: 'Order not found' }, { status: 404 });
      }),
    ),
    http.get(
      '*/funnel',
      guard(() => {
        const totals = insights.funnelDays.reduce(
          (t, d) => ({ views: t.views + d.views, codes: t.codes + d.codes, saves: t.saves + d.saves }),
          { views: 0, codes: 0, saves: 0 },
        );
        return HttpResponse.json({ from: '2026-11-01', to: '2026-11-30', totals, days: insights.funnelDays });
      }),
    ),
    http.get(
      '*/funnel/branches/:restId',
      guard(() =>
        HttpResponse.json({
          branches: [
            { id: 50, name: 'Olaya', views: 40, codes: 12, saves: 10 },
            { id: 51, name: 'Malqa', views: 0, codes: 0, saves: 0 },
          ],
        }),
      ),
    ),
    http.get(
      '*/funnel/devices/:branchId',
      guard(() =>
        HttpResponse.json({
          devices: [
            { id: 500, device_id: 'dev-1', name: 'Cashier 1', views: 30, codes: 10, saves: 9, shared_opens: 4 },
            { id: 501, device_id: 'dev-2', name: 'Cashier 2', views: 10, codes: 2, saves: 1, shared_opens: 0 },
          ],
        }),
      ),
    ),
    http.post(
      '*/export/ticket',
      guard(({ request }) => {
        insights.requests.push(`POST ${url(request).pathname}`);
        return HttpResponse.json({ ticket: 'tkt-123', expiresIn: 60, progress: 'prog-123' });
      }),
    ),
    // How far the download has got: the answers of insights.progress one after another (the last repeats),
    // 404 when there are none (the server does not know the download).
    http.get(
      '*/export/progress/:id',
      guard(({ params }) => {
        const next = insights.progress.length > 1 ? insights.progress.shift() : insights.progress[0];
        if (params.id !== 'prog-123' || !next) return HttpResponse.json({ message: 'No such export' }, { status: 404 });
        return HttpResponse.json(next);
      }),
    ),
  ];
}
