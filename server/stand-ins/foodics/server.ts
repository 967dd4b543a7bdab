// A local stand-in of the Foodics API (FOODICS.md): bearer check, list envelopes with data/links/meta,
// filter[...], sort, include, 401/403/429 answers, and a control API so tests can add orders and inject
// faults. Real HTTP on a free port, used by `npm start`'s demo, the tests and the benches.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_FOODICS_TOKEN, FIXTURE } from './fixture';

export type FaultMode = 'ok' | 'slow' | 'down' | 'garbage' | 'unauthorized' | 'forbidden' | 'rate-limited' | 'server-error';

export interface StandInOrder {
  id: string;
  reference: number | string;
  number: number;
  check_number: number | null;
  type: number;
  source: number;
  status: number;
  business_date: string;
  created_at: string;
  closed_at: string | null;
  updated_at: string;
  subtotal_price: number;
  discount_amount: number;
  rounding_amount: number;
  total_price: number;
  device_id: string;
  branch_id: string;
  products: { product_id: string; quantity: number; total_price: number; status: number }[];
  payments: { method_id: string; amount: number }[];
}

export interface FoodicsStandIn {
  url: string;
  token: string;
  addOrder(deviceId: string, partial?: Partial<StandInOrder>): StandInOrder;
  setMode(mode: FaultMode, opts?: { delayMs?: number; retryAfter?: number }): void;
  /** Calls received per path (e.g. '/orders'), and in all. */
  calls(path?: string): number;
  reset(): void;
  close(): Promise<void>;
}

const PER_PAGE = 50;
const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

function seedOrders(): StandInOrder[] {
  const orders: StandInOrder[] = [];
  let ref = 2001;
  const base = Date.UTC(2026, 10, 22, 9, 0, 0);
  FIXTURE.devices.forEach((device, d) => {
    for (let k = 0; k < 3; k++) {
      const at = new Date(base + (d * 3 + k) * 600_000);
      const lines = [
        { p: FIXTURE.products[(d + k) % 4], q: 1 + (k % 2) },
        { p: FIXTURE.products[(d + k + 2) % 4], q: 1 },
      ];
      const sub = lines.reduce((s, l) => s + l.p.price * l.q, 0);
      const discount = k === 1 ? 5 : 0;
      orders.push({
        id: randomUUID(),
        reference: d % 2 ? String(ref).padStart(5, '0') : ref,
        number: ref,
        check_number: k === 2 && d === 2 ? null : 100 + ref % 100,
        type: 2, source: 1, status: 4,
        business_date: at.toISOString().slice(0, 10),
        created_at: fmt(at), closed_at: fmt(new Date(at.getTime() + 60_000)), updated_at: fmt(at),
        subtotal_price: sub, discount_amount: discount, rounding_amount: 0,
        total_price: Math.round((sub - discount) * 1.15 * 100000) / 100000,
        device_id: device.id,
        branch_id: FIXTURE.branches[device.branch].id,
        products: [
          ...lines.map((l) => ({ product_id: l.p.id, quantity: l.q, total_price: l.p.price * l.q, status: 3 })),
          // A voided line: never shown on the receipt.
          ...(k === 0 ? [{ product_id: FIXTURE.products[3].id, quantity: 1, total_price: 18, status: 5 }] : []),
        ],
        payments: [{ method_id: FIXTURE.paymentMethods[k % 2].id, amount: Math.round((sub - discount) * 1.15 * 100) / 100 }],
      });
      ref++;
    }
  });
  return orders;
}

function expandOrder(o: StandInOrder, include: Set<string>) {
  const device = FIXTURE.devices.find((d) => d.id === o.device_id)!;
  const branch = FIXTURE.branches.find((b) => b.id === o.branch_id)!;
  const { device_id, branch_id, products, payments, ...rest } = o;
  const out: Record<string, unknown> = { ...rest, meta: { foodics: { device_id } } };
  if (include.has('products') || include.has('products.product')) {
    out.products = products.map((l) => ({
      quantity: l.quantity, returned_quantity: 0, unit_price: l.total_price / l.quantity, discount_amount: 0,
      total_price: l.total_price, tax_exclusive_total_price: l.total_price, status: l.status, options: [], taxes: [],
      ...(include.has('products.product') ? { product: FIXTURE.products.find((p) => p.id === l.product_id) } : {}),
    }));
  }
  if (include.has('payments') || include.has('payments.payment_method')) {
    out.payments = payments.map((p) => ({
      amount: p.amount, tendered: p.amount, tips: 0,
      ...(include.has('payments.payment_method') ? { payment_method: FIXTURE.paymentMethods.find((m) => m.id === p.method_id) } : {}),
    }));
  }
  if (include.has('branch')) out.branch = { id: branch.id, name: branch.name, name_localized: branch.name_localized, reference: branch.reference };
  if (include.has('device')) out.device = { id: device.id, name: device.name, code: device.code, reference: device.reference, type: device.type };
  if (include.has('branch') || include.has('device')) { out.branch_id = branch_id; out.device_id = device_id; }
  return out;
}

function page<T>(items: T[], url: URL, origin: string) {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const current = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const data = items.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const link = (p: number) => `${origin}${url.pathname}?page=${p}`;
  return {
    data,
    links: { first: link(1), last: link(lastPage), prev: current > 1 ? link(current - 1) : null, next: current < lastPage ? link(current + 1) : null },
    meta: { current_page: current, from: data.length ? (current - 1) * PER_PAGE + 1 : null, last_page: lastPage, path: `${origin}${url.pathname}`, per_page: PER_PAGE, to: data.length ? (current - 1) * PER_PAGE + data.length : null, total },
  };
}

export async function startFoodicsStandIn(opts: { port?: number; token?: string; extraDevices?: number } = {}): Promise<FoodicsStandIn> {
  const token = opts.token ?? DEMO_FOODICS_TOKEN;
  let orders = seedOrders();
  let mode: FaultMode = 'ok';
  let delayMs = 0;
  let retryAfter = 30;
  const counts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\/v5/, '');
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const answer = () => {
      if (mode === 'down') return req.socket.destroy();
      if (mode === 'garbage') { res.writeHead(200, { 'content-type': 'application/json' }); return res.end('<html>oops'); }
      if (mode === 'server-error') return send(500, { message: 'Server Error' });
      if (mode === 'rate-limited') return send(429, { message: 'Too Many Attempts.' }, { 'Retry-After': String(retryAfter) });
      if (mode === 'forbidden') return send(403, { message: 'This action is unauthorized.' });
      if (mode === 'unauthorized' || req.headers.authorization !== `Bearer ${token}`) return send(401, { message: 'Unauthenticated.' });
      const origin = `http://${req.headers.host}`;
      const include = new Set((url.searchParams.get('include') ?? '').split(',').filter(Boolean));
      if (path === '/whoami') return send(200, { data: { user: { name: 'Demo Owner' }, business: FIXTURE.business } });
      if (path === '/settings') return send(200, { data: FIXTURE.settings });
      if (path === '/branches') {
        const list = FIXTURE.branches.map((b, i) => ({
          ...b, type: 1, phone: null, address: null, receipt_header: null, receipt_footer: null, deleted_at: null,
          ...(include.has('devices') ? { devices: FIXTURE.devices.filter((d) => d.branch === i).map(({ branch: _, ...d }) => ({ ...d, is_blocked: false })) } : {}),
        }));
        return send(200, page(list, url, origin));
      }
      if (path === '/devices') {
        const branchFilter = url.searchParams.get('filter[branch_id]');
        const list = FIXTURE.devices
          .filter((d) => !branchFilter || FIXTURE.branches[d.branch].id === branchFilter)
          .map(({ branch, ...d }) => ({ ...d, is_blocked: false, ...(include.has('branch') ? { branch: FIXTURE.branches[branch] } : {}) }));
        return send(200, page(list, url, origin));
      }
      if (path === '/orders') {
        const device = url.searchParams.get('filter[device_id]');
        const branch = url.searchParams.get('filter[branch_id]');
        let list = orders.filter((o) => (!device || o.device_id === device) && (!branch || o.branch_id === branch));
        const sort = url.searchParams.get('sort') ?? 'created_at';
        const field = sort.replace(/^-/, '') as keyof StandInOrder;
        const dir = sort.startsWith('-') ? -1 : 1;
        list = [...list].sort((a, b) => (String(a[field]) < String(b[field]) ? -dir : String(a[field]) > String(b[field]) ? dir : 0));
        return send(200, page(list.map((o) => expandOrder(o, include)), url, origin));
      }
      const one = /^\/orders\/([^/]+)$/.exec(path);
      if (one) {
        const o = orders.find((x) => x.id === one[1]);
        return o ? send(200, { data: expandOrder(o, include) }) : send(404, { message: 'Not Found' });
      }
      return send(404, { message: 'Not Found' });
    };
    if (mode === 'slow') setTimeout(answer, delayMs);
    else answer();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v5`,
    token,
    addOrder(deviceId, partial = {}) {
      const device = FIXTURE.devices.find((d) => d.id === deviceId) ?? FIXTURE.devices[0];
      const last = orders.reduce((m, o) => Math.max(m, o.number), 0);
      const now = new Date(Math.max(Date.now(), ...orders.map((o) => Date.parse(`${o.created_at}Z`) + 1000)));
      const order: StandInOrder = {
        id: randomUUID(), reference: last + 1, number: last + 1, check_number: (last + 1) % 1000, type: 2, source: 1, status: 4,
        business_date: now.toISOString().slice(0, 10), created_at: fmt(now), closed_at: fmt(now), updated_at: fmt(now),
        subtotal_price: 38, discount_amount: 0, rounding_amount: 0, total_price: 43.7,
        device_id: device.id, branch_id: FIXTURE.branches[device.branch].id,
        products: [{ product_id: 'p-1', quantity: 1, total_price: 32, status: 3 }, { product_id: 'p-3', quantity: 1, total_price: 6, status: 3 }],
        payments: [{ method_id: 'pm-2', amount: 43.7 }],
        ...partial,
      };
      orders.push(order);
      return order;
    },
    setMode(next, o = {}) {
      mode = next;
      delayMs = o.delayMs ?? 10_000;
      retryAfter = o.retryAfter ?? 30;
    },
    calls: (p) => (p ? counts.get(p) ?? 0 : [...counts.values()].reduce((a, b) => a + b, 0)),
    reset() {
      orders = seedOrders();
      mode = 'ok';
      counts.clear();
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
