// A local stand-in of the Foodics API (docs/POS.md): bearer check, list envelopes with data/links/meta,
// filter[...], sort, include, 401/403/429 answers, and a control API so tests can add orders and inject
// faults (in process, and `POST /_stand-in/orders` over HTTP for the browser journeys and the demo).
// Real HTTP on a free port, used by `npm start`'s demo, the tests and the benches.
// It can also play a chain (more branches of three tills each) and send Foodics' order webhooks to a URL
// when an order is created through it (addOrder, or POST /_stand-in/orders).
// Each concern is a file of its own beside this one (issue 46): the shapes and shared state (model.ts), the starting
// orders (seed.ts), the API's answers (api.ts, expand.ts), the POS's e-invoice QR (einvoice.ts), the OAuth app and
// its page (oauth.ts, authorizePage.ts), the webhooks (webhooks.ts), the till's loyalty calls (till.ts) and the
// control API (control.ts). Here they are put together, and their public names exported as they always were.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerApi } from './api';
import {
  CONTROL_MODE,
  CONTROL_OAUTH,
  CONTROL_ORDERS,
  CONTROL_TILL_SCAN,
  controlAddOrder,
  controlTill,
  isControlStatus,
} from './control';
import { DEMO_FOODICS_TOKEN, FIXTURE, FIXTURE_EG } from './fixture';
import {
  catalogueOf,
  fmt,
  type FoodicsStandIn,
  type StandInCatalogue,
  type StandInOrder,
  type StandInState,
} from './model';
import { oauthApp } from './oauth';
import { seedOrders, worldOf } from './seed';
import { scanAtTill } from './till';
import { webhookSender } from './webhooks';

export { CONTROL_MODE, CONTROL_OAUTH, CONTROL_ORDERS, CONTROL_TILL_SCAN } from './control';
export { standInEInvoiceQr } from './einvoice';
export type { FaultMode, FoodicsStandIn, OAuthMode, StandInCatalogue, StandInOrder, TillScan } from './model';
export { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './oauth';
export { tillDiscount } from './till';

export async function startFoodicsStandIn(
  opts: {
    port?: number;
    token?: string;
    extraDevices?: number;
    chainBranches?: number;
    webhookUrl?: string;
    clientId?: string;
    clientSecret?: string;
  } = {},
): Promise<FoodicsStandIn> {
  const token = opts.token ?? DEMO_FOODICS_TOKEN;
  const log: { at: number; path: string }[] = [];
  const fixtureCatalogue = (): StandInCatalogue => ({
    ...worldOf(opts.chainBranches ?? 0),
    settings: FIXTURE.settings,
  });
  const state: StandInState = {
    orders: seedOrders(),
    saudiCatalogue: fixtureCatalogue(),
    egyptCatalogue: {
      branches: FIXTURE_EG.branches,
      devices: FIXTURE_EG.devices,
      settings: FIXTURE_EG.settings,
    },
    eInvoiceVatNumber: null,
    mode: 'ok',
    delayMs: 0,
    retryAfter: 30,
    loyalty: null,
  };
  const webhooks = webhookSender(state, opts.webhookUrl ?? null);
  const counts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\/v5/, '');
    if (req.method === 'POST' && path === CONTROL_ORDERS) return controlAddOrder(req, res, standIn);
    if (req.method === 'POST' && (path === CONTROL_TILL_SCAN || isControlStatus(path)))
      return controlTill(req, res, path, standIn);
    if (path === '/authorize' || path === '/oauth/token' || path === CONTROL_OAUTH || path === CONTROL_MODE)
      return oauth.request(req, res, path);
    counts.set(path, (counts.get(path) ?? 0) + 1);
    log.push({ at: Date.now(), path });
    if (log.length > 100_000) log.splice(0, 50_000);
    const answer = () => answerApi(req, res, url, path, { state, token, issued: oauth.issued });
    if (state.mode === 'slow') setTimeout(answer, state.delayMs);
    else answer();
  });
  server.keepAliveTimeout = 1000;

  // --- Foodics' OAuth 2.0 app (docs/POS.md, "Foodics: connecting a restaurant") ---
  const oauth = oauthApp({ token, clientId: opts.clientId, clientSecret: opts.clientSecret }, state, (mode) =>
    standIn.setMode(mode),
  );

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}`;

  const standIn: FoodicsStandIn = {
    url: `http://127.0.0.1:${port}/v5`,
    token,
    setLoyalty(target) {
      state.loyalty = target;
    },
    scanAtTill: (deviceId, qr, opts = {}) => scanAtTill(state, standIn.addOrder, deviceId, qr, opts),
    setOrderStatus(orderId, status) {
      const order = state.orders.find((o) => o.id === orderId);
      if (!order) return undefined;
      order.status = status;
      order.updated_at = fmt(new Date(Math.max(Date.now(), Date.parse(`${order.updated_at}Z`) + 1000)));
      webhooks.send(order, 'order.updated');
      return order;
    },
    addOrder(deviceId, partial = {}) {
      const orders = state.orders;
      const catalogue = catalogueOf(state, deviceId);
      const device = catalogue.devices.find((d) => d.id === deviceId) ?? catalogue.devices[0];
      const last = orders.reduce((m, o) => Math.max(m, o.number), 0);
      const now = new Date(Math.max(Date.now(), ...orders.map((o) => Date.parse(`${o.created_at}Z`) + 1000)));
      const order: StandInOrder = {
        id: randomUUID(),
        reference: last + 1,
        number: last + 1,
        check_number: (last + 1) % 1000,
        type: 2,
        source: 1,
        status: 4,
        business_date: now.toISOString().slice(0, 10),
        created_at: fmt(now),
        closed_at: fmt(now),
        updated_at: fmt(now),
        subtotal_price: 38,
        discount_amount: 0,
        rounding_amount: 0,
        total_price: 43.7,
        device_id: device.id,
        branch_id: catalogue.branches[device.branch].id,
        products: [
          { product_id: 'p-1', quantity: 1, total_price: 32, status: 3 },
          { product_id: 'p-3', quantity: 1, total_price: 6, status: 3 },
        ],
        payments: [{ method_id: 'pm-2', amount: 43.7 }],
        ...partial,
      };
      orders.push(order);
      webhooks.send(order);
      return order;
    },
    setEInvoiceVatNumber(vatNumber) {
      state.eInvoiceVatNumber = vatNumber;
    },
    setCatalogue(change) {
      state.saudiCatalogue = { ...state.saudiCatalogue, ...change };
    },
    setMode(next, o = {}) {
      state.mode = next;
      state.delayMs = o.delayMs ?? 10_000;
      state.retryAfter = o.retryAfter ?? 30;
    },
    calls: (p) => (p ? (counts.get(p) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0)),
    reset() {
      state.orders = seedOrders();
      state.eInvoiceVatNumber = null;
      state.saudiCatalogue = fixtureCatalogue();
      state.mode = 'ok';
      oauth.mode = 'ok';
      counts.clear();
      log.length = 0;
      webhooks.reset();
    },
    setWebhookUrl(url) {
      webhooks.setUrl(url);
    },
    webhooks: () => webhooks.sent(),
    webhooksSettled: () => webhooks.settled(),
    callLog: () => [...log],
    deviceIds: () => state.saudiCatalogue.devices.map((d) => d.id),
    oauth: {
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret,
      authorizeUrl: `${root}/authorize`,
      tokenUrl: `${root}/oauth/token`,
      setMode(m) {
        oauth.mode = m;
      },
      approve: oauth.approve,
      revoke(t) {
        const g = oauth.issued.get(t);
        if (g) g.revoked = true;
      },
      issued: () => [...oauth.issued.keys()],
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
