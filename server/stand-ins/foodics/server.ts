// A local stand-in of the Foodics API (docs/POS.md): bearer check, list envelopes with data/links/meta,
// filter[...], sort, include, 401/403/429 answers, and a control API so tests can add orders and inject
// faults (in process, and `POST /_stand-in/orders` over HTTP for the browser journeys and the demo).
// Real HTTP on a free port, used by `npm start`'s demo, the tests and the benches.
// It can also play a chain (more branches of three tills each) and send Foodics' order webhooks to a URL
// when an order is created through it (addOrder, or POST /_stand-in/orders).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zatcaQrText } from '../../vat/zatca';
import { DEMO_FOODICS_TOKEN, DEMO_SAVED_ORDER_ID, EGYPT_TOKEN_SUFFIX, FIXTURE, FIXTURE_EG } from './fixture';

type Business = typeof FIXTURE;
const EGYPT_DEVICES = new Set(FIXTURE_EG.devices.map((d) => d.id));
/** The business a till belongs to (ids are unique across the two). */
const businessOfDevice = (deviceId: string): Business => (EGYPT_DEVICES.has(deviceId) ? FIXTURE_EG : FIXTURE);

export type FaultMode =
  'ok' | 'slow' | 'down' | 'garbage' | 'unauthorized' | 'forbidden' | 'rate-limited' | 'server-error';

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
  products: { product_id: string; quantity: number; total_price: number; status: number; returned_quantity?: number }[];
  payments: { method_id: string; amount: number }[];
  /** An e-invoice QR text the POS made itself (tests of "the POS's own QR"). */
  zatca_qr?: string;
}

/** The business's branches, devices (each naming its branch by index) and settings: the fixture's until a
 * test changes them, to play branches and devices vanishing, a chain of many branches, another time zone. */
export interface StandInCatalogue {
  branches: { id: string; name: string; name_localized: string; reference: string }[];
  devices: { id: string; name: string; code: string; reference: string; type: number; branch: number }[];
  settings: { business_currency: string; business_timezone: string; tax_inclusive_pricing: boolean };
}

export interface FoodicsStandIn {
  url: string;
  token: string;
  /** Replaces parts of the catalogue (reset() restores the fixture's). */
  setCatalogue(change: Partial<StandInCatalogue>): void;
  addOrder(deviceId: string, partial?: Partial<StandInOrder>): StandInOrder;
  setMode(mode: FaultMode, opts?: { delayMs?: number; retryAfter?: number }): void;
  /** Calls received per path (e.g. '/orders'), and in all. */
  calls(path?: string): number;
  reset(): void;
  close(): Promise<void>;
  /** Where order.created webhooks go (null: none are sent). */
  setWebhookUrl(url: string | null): void;
  /** Webhooks sent so far: the order, the answer's status (0 when the receiver could not be reached). */
  webhooks(): { orderId: string; status: number }[];
  /** Resolves when every webhook sent so far has been answered. */
  webhooksSettled(): Promise<void>;
  /** When each call arrived (ms since the epoch) and its path, for the call-budget tests and benches. */
  callLog(): { at: number; path: string }[];
  /** Every till of the business (the fixture's, then the chain's). */
  deviceIds(): string[];
  /** With a VAT number, every Saudi order without its own `zatca_qr` carries a phase-2 style e-invoice QR made
   * from that number, its total and its VAT (standInEInvoiceQr); null (the default) serves none. */
  setEInvoiceVatNumber(vatNumber: string | null): void;
  /** Where the till's loyalty calls go (Specter's adapter, POST {url}/reward and /redeem) and the bearer token it
   * sends; null: the till has no loyalty provider. */
  setLoyalty(target: { url: string; token: string } | null): void;
  /** The cashier scans a member's QR (its text) on a new order of the till: asks the provider for the reward
   * (`rewardCode` names one), takes the discount off the order (its total drops), closes it, and tells the provider
   * it was redeemed. Also `POST /_stand-in/till/scan {device_id, qr, reward_code?}`. */
  scanAtTill(deviceId: string, qr: string, opts?: { rewardCode?: string }): Promise<TillScan>;
  /** The POS changes an order's status (5 returned, 7 void...) and sends order.updated; also
   * `POST /_stand-in/orders/{id}/status {status}`. Undefined for an unknown order. */
  setOrderStatus(orderId: string, status: number): StandInOrder | undefined;
  /** Its OAuth app: the authorize page (GET /authorize) and the token endpoint (POST /oauth/token). */
  oauth: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    /** The token endpoint's behaviour: ok, down (no answer), slow (FOODICS_TIMEOUT_MS passes), error (500). */
    setMode(mode: OAuthMode): void;
    /** Approves as the owner would, without the page: the code a redirect would carry (tests). */
    approve(state: string, redirectUri: string, business?: 'sa' | 'eg'): string;
    /** Foodics stops accepting a token it issued (answers 401 to it). */
    revoke(token: string): void;
    /** Tokens issued so far. */
    issued(): string[];
  };
}

/** What one scan at the till did: the order (its total after the discount), its total before, the discount, and
 * the provider's answers to reward and redeem (redeem null when reward gave nothing). */
export interface TillScan {
  order: StandInOrder;
  before: number;
  discount: number;
  reward: { status: number; body: Record<string, unknown> };
  redeem: { status: number; body: Record<string, unknown> } | null;
}

/** The discount a reward answer (Foodics' loyalty adapter shape) takes off an order's lines before tax. */
export function tillDiscount(
  answer: Record<string, unknown>,
  lines: { product_id: string; total_price: number; status: number }[],
): number {
  const kept = lines.filter((l) => l.status !== 5);
  const subtotal = kept.reduce((sum, l) => sum + l.total_price, 0);
  const amount = Number(answer.discount_amount) || 0;
  const cap = Number(answer.max_discount_amount) || 0;
  let discount: number;
  if (answer.type === 2) {
    const allowed = new Set(((answer.allowed_products as string[] | null) ?? []).map(String));
    const base = kept.filter((l) => allowed.has(l.product_id)).reduce((sum, l) => sum + l.total_price, 0);
    discount = answer.is_percent ? (base * amount) / 100 : Math.min(amount, base);
  } else discount = answer.is_percent ? (subtotal * amount) / 100 : amount;
  if (cap > 0 && (answer.is_percent || answer.type === 2)) discount = Math.min(discount, cap);
  return Math.round(Math.min(discount, subtotal) * 100) / 100;
}

/** An e-invoice QR as a phase-2 POS makes it: ZATCA's tags 1-5, then 6 a hash, 7 a signature, 8 a public key and
 * 9 the CA's stamp signature. The stand-in's 6-9 are made-up bytes of the right kind, not a real signature:
 * Specter checks that they are there and that tags 2, 4 and 5 are the receipt's (server/vat/zatcaTlv.ts). */
export function standInEInvoiceQr(f: Parameters<typeof zatcaQrText>[0]): string {
  const head = Buffer.from(zatcaQrText(f), 'base64');
  const seed = Buffer.from(`${f.vatNumber}|${f.timestamp}|${f.total}`, 'utf8');
  const bytes = (n: number, salt: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => (seed[i % seed.length] * 31 + i * 7 + salt) & 0xff));
  const tail = Buffer.concat(
    [
      [6, Buffer.from(bytes(32, 6).toString('base64'), 'utf8')],
      [7, Buffer.from(bytes(70, 7).toString('base64'), 'utf8')],
      [8, bytes(88, 8)],
      [9, bytes(72, 9)],
    ].map(([tag, value]) => Buffer.concat([Buffer.from([tag as number, (value as Buffer).length]), value as Buffer])),
  );
  return Buffer.concat([head, tail]).toString('base64');
}

/** The VAT the stand-in puts on an order: 15 % of each line that is not void, rounded as its lines are. */
const standInVat = (o: StandInOrder) =>
  o.products.filter((l) => l.status !== 5).reduce((sum, l) => sum + Math.round(l.total_price * 15_000) / 100_000, 0);

export type OAuthMode = 'ok' | 'down' | 'slow' | 'error';

type World = Pick<StandInCatalogue, 'branches' | 'devices'>;

/** The fixture's business, plus `extraBranches` generated branches of three tills each (a chain). */
function worldOf(extraBranches: number): World {
  const branches: World['branches'] = [...FIXTURE.branches];
  const devices: World['devices'] = [...FIXTURE.devices];
  for (let b = 0; b < extraBranches; b++) {
    const n = String(b + 1).padStart(4, '0');
    branches.push({
      id: `9a1b2c3d-c${n}-4000-8000-000000000000`,
      name: `Branch ${b + 1}`,
      name_localized: `فرع ${b + 1}`,
      reference: `CB${n}`,
    });
    for (let k = 1; k <= 3; k++) {
      devices.push({
        id: `7d000000-c${n}-4000-8000-00000000000${k}`,
        name: `Branch ${b + 1} Cashier ${k}`,
        code: `B${n}C${k}`,
        reference: `B${n}C${k}`,
        type: 1,
        branch: branches.length - 1,
      });
    }
  }
  return { branches, devices };
}

const PER_PAGE = 50;
/** The control API's path (outside Foodics' own paths). */
export const CONTROL_ORDERS = '/_stand-in/orders';
/** POST {device_id, qr, reward_code?}: the cashier scans a member's QR on a new order (the till's loyalty). */
export const CONTROL_TILL_SCAN = '/_stand-in/till/scan';
/** POST {mode}: the token endpoint's behaviour (OAuthMode); POST {mode} to CONTROL_MODE: the API's (FaultMode). */
export const CONTROL_OAUTH = '/_stand-in/oauth';
export const CONTROL_MODE = '/_stand-in/mode';
/** The stand-in's OAuth app, which `npm start` configures (FOODICS_CLIENT_ID / FOODICS_CLIENT_SECRET). */
export const DEMO_CLIENT_ID = 'specter-demo-client';
export const DEMO_CLIENT_SECRET = 'specter-demo-client-secret';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The owner's consent page, as Foodics' console shows it: which business, Approve or Decline. */
function authorizePage(state: string, redirectUri: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const business = (value: string, b: { name: string; reference: number }, checked: boolean) =>
    `<label><input type="radio" name="business" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(b.name)} (${b.reference})</label><br>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Foodics (stand-in): authorize Specter</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 2rem auto">
<h1>Foodics (stand-in)</h1>
<p>Specter asks to read your business's branches, devices and orders.</p>
<form method="post" action="/authorize">
${hidden('state', state)}${hidden('redirect_uri', redirectUri)}
<fieldset><legend>Business</legend>
${business('sa', FIXTURE.business, true)}${business('eg', FIXTURE_EG.business, false)}
</fieldset>
<p><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button></p>
</form></body></html>`;
}
const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * The orders the stand-in starts with, timed relative to now, so the demo's tills are inside the claim window
 * (30 minutes by default) whenever `npm start` runs:
 * - Cashier 1: an order of yesterday (outside the window), two closed in the last quarter hour, and a newer
 *   void one the receipt page skips;
 * - Cashier 2: one order only ({@link DEMO_SAVED_ORDER_ID}, which the demo data saves to an account);
 * - Drive Thru: a closed order with a void line and a partly returned line, and a newer one still open.
 */
function seedOrders(): StandInOrder[] {
  return [...seedSaudiOrders(), ...seedEgyptOrders()];
}

function seedSaudiOrders(): StandInOrder[] {
  const orders: StandInOrder[] = [];
  const now = Date.now();
  let ref = 2001;
  const add = (
    d: number,
    minutesAgo: number,
    o: { status?: number; id?: string; lines?: StandInOrder['products']; discount?: number; method?: number } = {},
  ) => {
    const closedAt = new Date(now - minutesAgo * 60_000);
    const openedAt = new Date(closedAt.getTime() - 4 * 60_000);
    const lines = o.lines ?? [
      {
        product_id: FIXTURE.products[(d + ref) % 4].id,
        quantity: 1 + (ref % 2),
        total_price: FIXTURE.products[(d + ref) % 4].price * (1 + (ref % 2)),
        status: 3,
      },
      {
        product_id: FIXTURE.products[(d + ref + 2) % 4].id,
        quantity: 1,
        total_price: FIXTURE.products[(d + ref + 2) % 4].price,
        status: 3,
      },
    ];
    // What was kept: a void line counts nothing, a returned part of a line nothing (the receipt's lines add up to it).
    const sub = lines
      .filter((l) => l.status !== 5)
      .reduce((sum, l) => sum + (l.total_price * (l.quantity - (l.returned_quantity ?? 0))) / l.quantity, 0);
    const discount = o.discount ?? 0;
    const total = Math.round((sub - discount) * 1.15 * 100000) / 100000;
    const status = o.status ?? 4;
    orders.push({
      id: o.id ?? randomUUID(),
      reference: d % 2 ? String(ref).padStart(5, '0') : ref,
      number: ref,
      check_number: d === 2 ? null : 100 + (ref % 100),
      type: 2,
      source: 1,
      status,
      business_date: openedAt.toISOString().slice(0, 10),
      created_at: fmt(openedAt),
      closed_at: status === 4 || status === 7 ? fmt(closedAt) : null,
      updated_at: fmt(closedAt),
      subtotal_price: sub,
      discount_amount: discount,
      rounding_amount: 0,
      total_price: total,
      device_id: FIXTURE.devices[d].id,
      branch_id: FIXTURE.branches[FIXTURE.devices[d].branch].id,
      products: lines,
      payments: [{ method_id: FIXTURE.paymentMethods[o.method ?? ref % 2].id, amount: Math.round(total * 100) / 100 }],
    });
    ref++;
  };
  add(0, 24 * 60);
  add(0, 14, { discount: 5 });
  add(0, 3, { method: 1 });
  add(0, 1, { status: 7 });
  add(1, 8, { id: DEMO_SAVED_ORDER_ID });
  add(2, 6, {
    lines: [
      { product_id: 'p-2', quantity: 1, total_price: 58, status: 3 },
      // Two teas, one given back: the receipt shows one.
      { product_id: 'p-3', quantity: 2, total_price: 12, status: 6, returned_quantity: 1 },
      // A voided line: never shown on the receipt.
      { product_id: 'p-4', quantity: 1, total_price: 18, status: 5 },
    ],
  });
  add(2, 0.5, { status: 2 });
  return orders;
}

/** The Egyptian business: two closed orders per till in the last quarter hour, in Egyptian pounds (14% VAT). */
function seedEgyptOrders(): StandInOrder[] {
  const now = Date.now();
  return FIXTURE_EG.devices.flatMap((device, d) =>
    [12, 4].map((minutesAgo, k) => {
      const ref = 5001 + d * 2 + k;
      const closedAt = new Date(now - minutesAgo * 60_000);
      const openedAt = new Date(closedAt.getTime() - 5 * 60_000);
      const lines = [FIXTURE_EG.products[(d + k) % 4], FIXTURE_EG.products[(d + k + 2) % 4]].map((p, q) => ({
        product_id: p.id,
        quantity: q + 1,
        total_price: p.price * (q + 1),
        status: 3,
      }));
      const sub = lines.reduce((sum, l) => sum + l.total_price, 0);
      const total = Math.round(sub * 1.14 * 100) / 100;
      return {
        id: randomUUID(),
        reference: ref,
        number: ref,
        check_number: 300 + (ref % 100),
        type: 2,
        source: 1,
        status: 4,
        business_date: openedAt.toISOString().slice(0, 10),
        created_at: fmt(openedAt),
        closed_at: fmt(closedAt),
        updated_at: fmt(closedAt),
        subtotal_price: sub,
        discount_amount: 0,
        rounding_amount: 0,
        total_price: total,
        device_id: device.id,
        branch_id: FIXTURE_EG.branches[device.branch].id,
        products: lines,
        payments: [{ method_id: FIXTURE_EG.paymentMethods[k].id, amount: total }],
      };
    }),
  );
}

function expandOrder(o: StandInOrder, include: Set<string>, world?: World) {
  // The order's own business (Saudi or Egyptian); an order of a till the catalogue no longer lists still names
  // the fixture's till.
  const FIXTURE = businessOfDevice(o.device_id);
  const device = (world?.devices.find((d) => d.id === o.device_id) ??
    FIXTURE.devices.find((d) => d.id === o.device_id))!;
  const branch = (world?.branches.find((b) => b.id === o.branch_id) ??
    FIXTURE.branches.find((b) => b.id === o.branch_id))!;
  const { device_id, branch_id, products, payments, ...rest } = o;
  const rate = FIXTURE === FIXTURE_EG ? 14 : 15;
  const out: Record<string, unknown> = { ...rest, meta: { foodics: { device_id } } };
  if (include.has('products') || include.has('products.product')) {
    out.products = products.map((l) => ({
      quantity: l.quantity,
      returned_quantity: l.returned_quantity ?? 0,
      unit_price: l.total_price / l.quantity,
      discount_amount: 0,
      total_price: l.total_price,
      tax_exclusive_total_price: l.total_price,
      status: l.status,
      options: [],
      // The business's VAT on each line (Saudi 15%, Egyptian 14%; Foodics puts taxes on the lines, with the
      // amount in pivot), on what was kept: a returned part carries no tax (the receipt's VAT adds up to its total).
      taxes: [
        {
          id: 'tax-vat',
          name: 'VAT',
          rate,
          pivot: {
            amount:
              Math.round(((l.total_price * (l.quantity - (l.returned_quantity ?? 0))) / l.quantity) * rate * 1000) /
              100_000,
            rate,
          },
        },
      ],
      ...(include.has('products.product') ? { product: FIXTURE.products.find((p) => p.id === l.product_id) } : {}),
    }));
  }
  if (include.has('payments') || include.has('payments.payment_method')) {
    out.payments = payments.map((p) => ({
      amount: p.amount,
      tendered: p.amount,
      tips: 0,
      ...(include.has('payments.payment_method')
        ? { payment_method: FIXTURE.paymentMethods.find((m) => m.id === p.method_id) }
        : {}),
    }));
  }
  if (include.has('branch'))
    out.branch = {
      id: branch.id,
      name: branch.name,
      name_localized: branch.name_localized,
      reference: branch.reference,
    };
  if (include.has('device'))
    out.device = {
      id: device.id,
      name: device.name,
      code: device.code,
      reference: device.reference,
      type: device.type,
    };
  if (include.has('branch') || include.has('device')) {
    out.branch_id = branch_id;
    out.device_id = device_id;
  }
  return out;
}

/** Plain paging stops here, as at Foodics (docs/POS.md): later pages answer no rows; a walk by reference goes on. */
const PLAIN_PAGE_LIMIT = 10;

function page<T>(all: T[], url: URL, origin: string) {
  // sort=reference (with filter[reference_after]) orders by reference and starts after the one named.
  const byReference = url.searchParams.get('sort') === 'reference';
  const after = url.searchParams.get('filter[reference_after]');
  const refOf = (x: T) => String((x as { reference?: unknown }).reference ?? '');
  const items = byReference
    ? [...all].sort((a, b) => refOf(a).localeCompare(refOf(b))).filter((x) => after === null || refOf(x) > after)
    : all;
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const current = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const stopped = !byReference && current > PLAIN_PAGE_LIMIT;
  const data = stopped ? [] : items.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const link = (p: number) => `${origin}${url.pathname}?page=${p}`;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: current > 1 ? link(current - 1) : null,
      next: current < lastPage && (byReference || current < PLAIN_PAGE_LIMIT) ? link(current + 1) : null,
    },
    meta: {
      current_page: current,
      from: data.length ? (current - 1) * PER_PAGE + 1 : null,
      last_page: lastPage,
      path: `${origin}${url.pathname}`,
      per_page: PER_PAGE,
      to: data.length ? (current - 1) * PER_PAGE + data.length : null,
      total,
    },
  };
}

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
  let webhookUrl = opts.webhookUrl ?? null;
  const sent: { orderId: string; status: number }[] = [];
  const inFlight = new Set<Promise<void>>();
  const log: { at: number; path: string }[] = [];
  const ALL = new Set(['products.product', 'payments.payment_method', 'branch', 'device']);
  /** Foodics' order.created (or order.updated) event for an order, to the configured URL; never blocks the caller. */
  function sendWebhook(order: StandInOrder, event = 'order.created') {
    if (!webhookUrl) return;
    const body = {
      timestamp: Math.floor(Date.now() / 1000),
      event,
      business: businessOfDevice(order.device_id).business,
      order: expandOrder(withQr(order), ALL, catalogueOf(order.device_id)),
    };
    const p: Promise<void> = fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    })
      .then(async (r) => {
        await r.body?.cancel();
        sent.push({ orderId: order.id, status: r.status });
      })
      .catch(() => {
        sent.push({ orderId: order.id, status: 0 });
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  let orders = seedOrders();
  let eInvoiceVatNumber: string | null = null;
  /** The order with the POS's own e-invoice QR when the stand-in serves one (setEInvoiceVatNumber). */
  const withQr = (o: StandInOrder): StandInOrder =>
    eInvoiceVatNumber && !o.zatca_qr && !EGYPT_DEVICES.has(o.device_id)
      ? {
          ...o,
          zatca_qr: standInEInvoiceQr({
            sellerName: FIXTURE.business.name,
            vatNumber: eInvoiceVatNumber,
            timestamp: `${(o.closed_at ?? o.created_at).replace(' ', 'T')}Z`,
            total: o.total_price,
            vat: standInVat(o),
          }),
        }
      : o;
  const fixtureCatalogue = (): StandInCatalogue => ({
    ...worldOf(opts.chainBranches ?? 0),
    settings: FIXTURE.settings,
  });
  let saudiCatalogue = fixtureCatalogue();
  const egyptCatalogue: StandInCatalogue = {
    branches: FIXTURE_EG.branches,
    devices: FIXTURE_EG.devices,
    settings: FIXTURE_EG.settings,
  };
  const catalogueOf = (deviceId: string) => (EGYPT_DEVICES.has(deviceId) ? egyptCatalogue : saudiCatalogue);
  let mode: FaultMode = 'ok';
  let delayMs = 0;
  let retryAfter = 30;
  const counts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\/v5/, '');
    if (req.method === 'POST' && path === CONTROL_ORDERS) return controlAddOrder(req, res);
    if (req.method === 'POST' && (path === CONTROL_TILL_SCAN || /^\/_stand-in\/orders\/[^/]+\/status$/.test(path)))
      return controlTill(req, res, path);
    if (path === '/authorize' || path === '/oauth/token' || path === CONTROL_OAUTH || path === CONTROL_MODE)
      return oauthRequest(req, res, path);
    counts.set(path, (counts.get(path) ?? 0) + 1);
    log.push({ at: Date.now(), path });
    if (log.length > 100_000) log.splice(0, 50_000);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const answer = () => {
      if (mode === 'down') return req.socket.destroy();
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('<html>oops');
      }
      if (mode === 'server-error') return send(500, { message: 'Server Error' });
      if (mode === 'rate-limited')
        return send(429, { message: 'Too Many Attempts.' }, { 'Retry-After': String(retryAfter) });
      if (mode === 'forbidden') return send(403, { message: 'This action is unauthorized.' });
      // The stand-in's token reads the Saudi business; the same token plus the suffix, the Egyptian one.
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const grant = issued.get(bearer);
      if (grant?.revoked) return send(401, { message: 'Unauthenticated.' });
      const egypt = bearer === `${token}${EGYPT_TOKEN_SUFFIX}` || grant?.business === 'eg';
      if (mode === 'unauthorized' || (!egypt && bearer !== token && !grant))
        return send(401, { message: 'Unauthenticated.' });
      const catalogue = egypt ? egyptCatalogue : saudiCatalogue;
      const origin = `http://${req.headers.host}`;
      const include = new Set((url.searchParams.get('include') ?? '').split(',').filter(Boolean));
      if (path === '/whoami')
        return send(200, { data: { user: { name: 'Demo Owner' }, business: (egypt ? FIXTURE_EG : FIXTURE).business } });
      if (path === '/settings') return send(200, { data: catalogue.settings });
      if (path === '/branches') {
        const list = catalogue.branches.map((b, i) => ({
          ...b,
          type: 1,
          phone: null,
          address: null,
          receipt_header: null,
          receipt_footer: null,
          deleted_at: null,
          ...(include.has('devices')
            ? {
                devices: catalogue.devices
                  .filter((d) => d.branch === i)
                  .map(({ branch: _, ...d }) => ({ ...d, is_blocked: false })),
              }
            : {}),
        }));
        return send(200, page(list, url, origin));
      }
      if (path === '/devices') {
        const branchFilter = url.searchParams.get('filter[branch_id]');
        const list = catalogue.devices
          .filter((d) => !branchFilter || catalogue.branches[d.branch]?.id === branchFilter)
          .map(({ branch, ...d }) => ({
            ...d,
            is_blocked: false,
            ...(include.has('branch') ? { branch: catalogue.branches[branch] } : {}),
          }));
        return send(200, page(list, url, origin));
      }
      if (path === '/orders') {
        const device = url.searchParams.get('filter[device_id]');
        const branch = url.searchParams.get('filter[branch_id]');
        const statuses = url.searchParams.get('filter[status]')?.split(',').map(Number);
        let list = orders.filter(
          (o) =>
            EGYPT_DEVICES.has(o.device_id) === egypt &&
            (!device || o.device_id === device) &&
            (!branch || o.branch_id === branch) &&
            (!statuses || statuses.includes(o.status)),
        );
        const sort = url.searchParams.get('sort') ?? 'created_at';
        const field = sort.replace(/^-/, '') as keyof StandInOrder;
        const dir = sort.startsWith('-') ? -1 : 1;
        list = [...list].sort((a, b) =>
          String(a[field]) < String(b[field]) ? -dir : String(a[field]) > String(b[field]) ? dir : 0,
        );
        return send(
          200,
          page(
            list.map((o) => expandOrder(withQr(o), include, catalogue)),
            url,
            origin,
          ),
        );
      }
      const one = /^\/orders\/([^/]+)$/.exec(path);
      if (one) {
        const o = orders.find((x) => x.id === one[1] && EGYPT_DEVICES.has(x.device_id) === egypt);
        return o
          ? send(200, { data: expandOrder(withQr(o), include, catalogue) })
          : send(404, { message: 'Not Found' });
      }
      return send(404, { message: 'Not Found' });
    };
    if (mode === 'slow') setTimeout(answer, delayMs);
    else answer();
  });
  server.keepAliveTimeout = 1000;
  // The control API over HTTP: closes an order on a till, as a cashier would ({ device_id, ...fields }).
  function controlAddOrder(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      let body: Partial<StandInOrder> & { device_id?: string };
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ message: 'The body must be JSON' }));
      }
      const { device_id: deviceId, ...partial } = body;
      const order = standIn.addOrder(deviceId ?? FIXTURE.devices[0].id, partial);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: order }));
    });
  }

  // The till's loyalty control API: a scan of a member's QR on a new order, an order's status changed.
  function controlTill(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let body: { device_id?: string; qr?: string; reward_code?: string; status?: number };
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        return json(400, { message: 'The body must be JSON' });
      }
      if (path === CONTROL_TILL_SCAN) {
        if (typeof body.qr !== 'string') return json(400, { message: 'qr: the text of the member QR' });
        standIn.scanAtTill(body.device_id ?? FIXTURE.devices[0].id, body.qr, { rewardCode: body.reward_code }).then(
          (scan) => json(201, { data: scan }),
          (err: Error) => json(502, { message: `The loyalty provider could not be reached: ${err.message}` }),
        );
        return;
      }
      const id = decodeURIComponent(path.split('/')[3]);
      const order = standIn.setOrderStatus(id, Number(body.status ?? 5));
      return order ? json(200, { data: order }) : json(404, { message: 'No such order' });
    });
  }

  // --- Foodics' OAuth 2.0 app (docs/POS.md, "Foodics: connecting a restaurant") ---
  const clientId = opts.clientId ?? DEMO_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? DEMO_CLIENT_SECRET;
  let oauthMode: OAuthMode = 'ok';
  /** Codes live 600 s and are used once; each names its business and the redirect address it was made for. */
  const codes = new Map<string, { business: 'sa' | 'eg'; redirectUri: string; at: number }>();
  const issued = new Map<string, { business: 'sa' | 'eg'; revoked: boolean }>();
  function approve(state: string, redirectUri: string, business: 'sa' | 'eg' = 'sa') {
    void state;
    const code = randomUUID().replace(/-/g, '');
    codes.set(code, { business, redirectUri, at: Date.now() });
    return code;
  }
  function oauthRequest(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form: Record<string, string> = (() => {
        if (!raw) return {};
        try {
          return (req.headers['content-type'] ?? '').includes('json')
            ? (JSON.parse(raw) as Record<string, string>)
            : Object.fromEntries(new URLSearchParams(raw));
        } catch {
          return {};
        }
      })();
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (path === CONTROL_OAUTH || path === CONTROL_MODE) {
        if (path === CONTROL_OAUTH) oauthMode = (form.mode as OAuthMode) ?? 'ok';
        else standIn.setMode((form.mode as FaultMode) ?? 'ok');
        return json(200, { mode: form.mode ?? 'ok' });
      }
      if (path === '/authorize' && req.method === 'GET') {
        const q = (k: string) => url.searchParams.get(k) ?? '';
        if (q('client_id') !== clientId) return json(400, { message: 'Unknown client_id' });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(authorizePage(q('state'), q('redirect_uri')));
      }
      if (path === '/authorize' && req.method === 'POST') {
        const back = new URL(form.redirect_uri || 'http://invalid/');
        back.searchParams.set('state', form.state ?? '');
        if (form.decision === 'approve') {
          back.searchParams.set(
            'code',
            approve(form.state ?? '', form.redirect_uri ?? '', form.business === 'eg' ? 'eg' : 'sa'),
          );
        } else {
          back.searchParams.set('error', 'access_denied');
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (path === '/oauth/token' && req.method === 'POST') {
        if (oauthMode === 'down') return req.socket.destroy();
        const answer = () => {
          if (oauthMode === 'error') return json(500, { message: 'Server Error' });
          const grant = codes.get(form.code ?? '');
          if (form.grant_type !== 'authorization_code') return json(400, { error: 'unsupported_grant_type' });
          if (form.client_id !== clientId || form.client_secret !== clientSecret)
            return json(401, { error: 'invalid_client', message: 'Client authentication failed' });
          if (!grant || Date.now() - grant.at > 600_000 || grant.redirectUri !== form.redirect_uri)
            return json(400, { error: 'invalid_grant', message: 'The authorization code is invalid or expired' });
          codes.delete(form.code!);
          const access = `${token}.${randomUUID()}`;
          issued.set(access, { business: grant.business, revoked: false });
          return json(200, { token_type: 'Bearer', access_token: access });
        };
        if (oauthMode === 'slow') setTimeout(answer, delayMs || 10_000);
        else answer();
        return;
      }
      json(404, { message: 'Not Found' });
    });
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}`;

  let loyalty: { url: string; token: string } | null = null;
  /** One call of the till to the loyalty provider: its status and JSON answer. */
  const askLoyalty = async (call: 'reward' | 'redeem', payload: Record<string, unknown>) => {
    const res = await fetch(`${loyalty!.url.replace(/\/+$/, '')}/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${loyalty!.token}` },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(5000),
    });
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body: answer };
  };

  const standIn: FoodicsStandIn = {
    url: `http://127.0.0.1:${port}/v5`,
    token,
    setLoyalty(target) {
      loyalty = target;
    },
    async scanAtTill(deviceId, qr, opts = {}) {
      if (!loyalty) throw new Error('no loyalty provider is set for the till');
      const scanned = JSON.parse(qr) as { customer_mobile_number: string; mobile_country_code: number | string };
      const business = businessOfDevice(deviceId);
      const catalogue = catalogueOf(deviceId);
      const device = catalogue.devices.find((d) => d.id === deviceId) ?? catalogue.devices[0];
      const who = {
        customer_mobile_number: scanned.customer_mobile_number,
        mobile_country_code: scanned.mobile_country_code,
        business_reference: business.business.reference,
        branch_id: catalogue.branches[device.branch].id,
      };
      const reward = await askLoyalty('reward', { ...who, reward_code: opts.rewardCode ?? '' });
      const lines: StandInOrder['products'] = [
        { product_id: business.products[0].id, quantity: 1, total_price: business.products[0].price, status: 3 },
        { product_id: business.products[2].id, quantity: 1, total_price: business.products[2].price, status: 3 },
      ];
      const subtotal = lines.reduce((sum, l) => sum + l.total_price, 0);
      const rate = business === FIXTURE_EG ? 1.14 : 1.15;
      const before = Math.round(subtotal * rate * 100) / 100;
      const discount = reward.status === 200 ? tillDiscount(reward.body, lines) : 0;
      const total = Math.round((subtotal - discount) * rate * 100) / 100;
      const order = standIn.addOrder(deviceId, {
        products: lines,
        subtotal_price: subtotal,
        discount_amount: discount,
        total_price: total,
        payments: [{ method_id: business.paymentMethods[0].id, amount: total }],
      });
      if (reward.status !== 200) return { order, before, discount: 0, reward, redeem: null };
      const redeem = await askLoyalty('redeem', {
        ...who,
        reward_code: reward.body.reward_code,
        order_id: order.id,
        discount_amount: discount,
        date: order.closed_at,
        user_id: 'cashier-1',
      });
      return { order, before, discount, reward, redeem };
    },
    setOrderStatus(orderId, status) {
      const order = orders.find((o) => o.id === orderId);
      if (!order) return undefined;
      order.status = status;
      order.updated_at = fmt(new Date(Math.max(Date.now(), Date.parse(`${order.updated_at}Z`) + 1000)));
      sendWebhook(order, 'order.updated');
      return order;
    },
    addOrder(deviceId, partial = {}) {
      const catalogue = catalogueOf(deviceId);
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
      sendWebhook(order);
      return order;
    },
    setEInvoiceVatNumber(vatNumber) {
      eInvoiceVatNumber = vatNumber;
    },
    setCatalogue(change) {
      saudiCatalogue = { ...saudiCatalogue, ...change };
    },
    setMode(next, o = {}) {
      mode = next;
      delayMs = o.delayMs ?? 10_000;
      retryAfter = o.retryAfter ?? 30;
    },
    calls: (p) => (p ? (counts.get(p) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0)),
    reset() {
      orders = seedOrders();
      eInvoiceVatNumber = null;
      saudiCatalogue = fixtureCatalogue();
      mode = 'ok';
      oauthMode = 'ok';
      counts.clear();
      log.length = 0;
      sent.length = 0;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    webhooks: () => [...sent],
    async webhooksSettled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    callLog: () => [...log],
    deviceIds: () => saudiCatalogue.devices.map((d) => d.id),
    oauth: {
      clientId,
      clientSecret,
      authorizeUrl: `${root}/authorize`,
      tokenUrl: `${root}/oauth/token`,
      setMode(m) {
        oauthMode = m;
      },
      approve,
      revoke(t) {
        const g = issued.get(t);
        if (g) g.revoked = true;
      },
      issued: () => [...issued.keys()],
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
