// The Foodics API as the stand-in answers it (docs/POS.md, "Foodics: lists", "Foodics: orders", "Foodics: limits
// and errors"): the bearer check (the stand-in's token, its Egyptian twin, or one its OAuth app issued), the fault
// modes a test sets, /whoami, /settings, /branches, /devices, /orders and /orders/{id} with filter[...], sort and
// include, in Foodics' list envelope (data, links, meta). Apart from server.ts, which routes a call here once it
// is neither the control API nor the OAuth app's, and counts it.
import type http from 'node:http';
import { EGYPT_TOKEN_SUFFIX, FIXTURE, FIXTURE_EG } from './fixture';
import { withQr } from './einvoice';
import { expandOrder } from './expand';
import { EGYPT_DEVICES, type StandInOrder, type StandInState } from './model';

const PER_PAGE = 50;
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

/** A token the stand-in's OAuth app issued: its business, and whether Foodics stopped accepting it. */
export interface Grant {
  business: 'sa' | 'eg';
  revoked: boolean;
}

/** Answers one call of the API (`path` without its /v5), as the state says when it runs (after the delay when
 * slow): the fault mode's answer, 401 to an unknown or revoked token, or the business's data. */
export function answerApi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  path: string,
  { state, token, issued }: { state: StandInState; token: string; issued: ReadonlyMap<string, Grant> },
) {
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  if (state.mode === 'down') return req.socket.destroy();
  if (state.mode === 'garbage') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('<html>oops');
  }
  if (state.mode === 'server-error') return send(500, { message: 'Server Error' });
  if (state.mode === 'rate-limited')
    return send(429, { message: 'Too Many Attempts.' }, { 'Retry-After': String(state.retryAfter) });
  if (state.mode === 'forbidden') return send(403, { message: 'This action is unauthorized.' });
  // The stand-in's token reads the Saudi business; the same token plus the suffix, the Egyptian one.
  const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const grant = issued.get(bearer);
  if (grant?.revoked) return send(401, { message: 'Unauthenticated.' });
  const egypt = bearer === `${token}${EGYPT_TOKEN_SUFFIX}` || grant?.business === 'eg';
  if (state.mode === 'unauthorized' || (!egypt && bearer !== token && !grant))
    return send(401, { message: 'Unauthenticated.' });
  const catalogue = egypt ? state.egyptCatalogue : state.saudiCatalogue;
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
    let list = state.orders.filter(
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
        list.map((o) => expandOrder(withQr(o, state.eInvoiceVatNumber), include, catalogue)),
        url,
        origin,
      ),
    );
  }
  const one = /^\/orders\/([^/]+)$/.exec(path);
  if (one) {
    const o = state.orders.find((x) => x.id === one[1] && EGYPT_DEVICES.has(x.device_id) === egypt);
    return o
      ? send(200, { data: expandOrder(withQr(o, state.eInvoiceVatNumber), include, catalogue) })
      : send(404, { message: 'Not Found' });
  }
  return send(404, { message: 'Not Found' });
}
