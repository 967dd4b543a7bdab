// react-admin calls -> the API of docs/API.md. The base is ra-data-simple-rest (GET {path}/{id}, POST {path},
// DELETE {path}/{id}); the calls of the contract that are not plain REST are overrides driven by one entry per
// resource in API_RESOURCES: lists in an envelope or under a parent's path, PATCH instead of PUT, soft deletes,
// admins created through POST /user. Lists ask the server for a page (docs/API.md, Lists and paging); a server
// that answers with a total paged for us, one that answers the bare list of the contract did not, and then we
// search, sort and slice here (docs/DECISIONS.md, Contract rules we fixed).
import {
  fetchUtils,
  HttpError,
  type DataProvider,
  type DeleteParams,
  type GetManyParams,
  type GetListParams,
  type GetListResult,
  type Identifier,
  type RaRecord,
} from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { API_URL, TOKEN_KEY } from './api';
import { PER_PAGE_MAX, searchTooShort, TOTAL_EXACT_HEADER, TOTAL_HEADER } from './contract/common';
import type { LatestOrder, Statistics } from './contract/orders';
import type { FunnelRow, FunnelSummary } from './contract/savedOrders';
import type { Connection, FoodicsPending, PushKeyAnswer, Setup } from './contract/restaurants';
import type { Insights, Sales } from './contract/guests';
import type { LoyaltyProgram } from './contract/loyalty';
import type { LoyaltyInsights, Member } from './contract/resources';
import type { TotpEnrolment, TotpRecoveryCodes, TotpStatus } from './contract/auth';
import { editFieldsOf, filtersOf, pathOf, type AnyResource } from './contract/resource';
import { DECLARATIONS } from './contract/resources';
import type { SpecterDataProvider, WebhookSecret } from './admin/data';

import { withFieldErrors } from './admin/feedback/serverTexts';

export type { SpecterDataProvider, WebhookSecret };

/** How one resource maps to the API, as its declaration (src/contract/resources/<name>.ts) says. */
export interface ResourceApi {
  /** Path of the rows: GET {path}/{id}, POST {path}, DELETE {path}/{id} (the simple-rest base). */
  path: string;
  /** Where the list is read when not at `path`: branches and devices live under their parent's id. */
  listPath?: (filter: Record<string, unknown>) => string;
  /** The list comes wrapped: `{ [envelope]: [...] }`. */
  envelope?: string;
  /** The list takes page/perPage/sort/order/q (our server's extension); else it is always read whole. */
  serverPaging?: boolean;
  /** Fields searched in the browser when the server sends the whole list. */
  search: readonly string[];
  /** Created elsewhere than POST {path}, with extra body fields (an admin is POST /user with role 'admin'). */
  create?: { path: string; extra?: Record<string, unknown> };
  /** Edited by PATCH {path}/{id} with these fields only (simple-rest would PUT the whole record). */
  updateFields?: readonly string[];
  /** Edited elsewhere than PATCH {path}/{id} (an account is PATCH /user/{id}). */
  updatePath?: (id: Identifier) => string;
  /** Deleted softly: PATCH this path with { isDeleted: true } instead of DELETE {path}/{id}. */
  softDeletePath?: (id: Identifier) => string;
  /** The server refuses a search too short for its indexes (contract searchTooShort): such a term is not sent,
   * the list stays whole while the search box says how much to type (SpecterList `searchMinChars`). */
  searchMinChars?: boolean;
  /** Filters the server applies itself, sent as query parameters with the page (and with the CSV export). */
  filters?: readonly string[];
}

const enc = (v: unknown) => encodeURIComponent(String(v ?? ''));

/** A path with `:name` filled from these values (`/restaurant/branches/:restId` and a filter's restId). */
const fill = (path: string, values: Record<string, unknown>) =>
  path.replace(/:(\w+)/g, (_, k: string) => enc(values[k]));

/** A declaration's API entry: its paths (the declared overrides of the spec's old ones), envelope, paging,
 * search, filters, create, edit and delete. */
export function resourceApi(d: AnyResource): ResourceApi {
  const path = d.path!;
  const list = pathOf(d, 'list')!;
  const edit = pathOf(d, 'edit')!;
  const remove = pathOf(d, 'delete')!;
  const create = pathOf(d, 'create')!;
  const updateFields = d.actions.edit ? editFieldsOf(d) : undefined;
  const filters = filtersOf(d);
  return {
    path,
    ...(list !== path ? { listPath: (filter: Record<string, unknown>) => fill(list, filter) } : {}),
    ...(d.envelope ? { envelope: d.envelope } : {}),
    ...(d.paged !== false ? { serverPaging: true } : {}),
    search: d.search,
    ...(create !== path || d.createExtra ? { create: { path: create, extra: d.createExtra } } : {}),
    ...(updateFields ? { updateFields } : {}),
    ...(edit !== `${path}/:id` ? { updatePath: (id: Identifier) => fill(edit, { id }) } : {}),
    ...(d.softDelete ? { softDeletePath: (id: Identifier) => fill(remove, { id }) } : {}),
    ...(d.searchMinChars ? { searchMinChars: true } : {}),
    ...(filters.length ? { filters } : {}),
  };
}

/** Each resource's API entry, from its declaration (every declared resource with an API path). */
export const API_RESOURCES: Record<string, ResourceApi> = Object.fromEntries(
  DECLARATIONS.flatMap((d) => (d.path ? [[d.name, resourceApi(d)]] : [])),
);

/** The non-empty filters among `keys` as query parameters. */
const filterQuery = (filter: Record<string, unknown> | undefined, keys: readonly string[]) =>
  keys.flatMap((k) =>
    filter?.[k] === undefined || filter[k] === null || filter[k] === '' ? [] : [[k, String(filter[k])]],
  );

type Row = RaRecord & Record<string, unknown>;

const compare = (x: unknown, y: unknown) => {
  if (x === y) return 0;
  if (x === null || x === undefined) return 1;
  if (y === null || y === undefined) return -1;
  return (x as string | number) > (y as string | number) ? 1 : -1;
};

/** Search, sort and slice a whole list in the browser, for servers that do not page. */
export function pageInBrowser<T extends RaRecord>(
  rows: T[],
  params: Partial<GetListParams>,
  searchFields: readonly string[],
): GetListResult<T> {
  const q = String(params.filter?.q ?? '')
    .trim()
    .toLowerCase();
  const field = (r: T, f: string) => (r as Record<string, unknown>)[f];
  let out = q
    ? rows.filter((r) =>
        searchFields.some((f) =>
          String(field(r, f) ?? '')
            .toLowerCase()
            .includes(q),
        ),
      )
    : rows;
  const sort = params.sort ?? { field: 'id', order: 'ASC' };
  if (sort.field) {
    const dir = sort.order === 'DESC' ? -1 : 1;
    out = [...out].sort((a, b) => dir * compare(field(a, sort.field), field(b, sort.field)));
  }
  const { page, perPage } = params.pagination ?? { page: 1, perPage: out.length || 1 };
  return { data: out.slice((page - 1) * perPage, page * perPage), total: out.length };
}

/** The total of a paged list: our X-Total-Count, or simple-rest's `Content-Range: items 0-9/42`. */
function totalOf(headers: Headers): number | null {
  const count = headers.get(TOTAL_HEADER);
  if (count !== null && count !== '') return Number(count);
  const range = /\/(\d+)\s*$/.exec(headers.get('Content-Range') ?? '');
  return range ? Number(range[1]) : null;
}

function rowsOf(json: unknown, envelope: string | undefined): Row[] {
  const rows = envelope && json && typeof json === 'object' ? (json as Record<string, unknown>)[envelope] : json;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

function pagingQuery(params: GetListParams, filters: readonly string[] = [], searchMinChars = false): string {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (params.sort?.field) {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order);
  }
  const q = String(params.filter?.q ?? '').trim();
  if (q && !(searchMinChars && searchTooShort(q))) query.set('q', q);
  for (const [k, v] of filterQuery(params.filter, filters)) query.set(k, v);
  return `?${query}`;
}

const pick = (data: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, data[f]]));

export function createDataProvider(apiUrl = API_URL, storage: Storage = globalThis.localStorage): SpecterDataProvider {
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('Accept', 'application/json');
    const token = storage.getItem(TOKEN_KEY);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  const send = (method: string, path: string, body?: unknown) =>
    httpClient(`${apiUrl}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const exportDownload = async (path: string, filter: Record<string, unknown> = {}) => {
    const { ticket, progress } = (await send('POST', '/export/ticket', {})).json as {
      ticket: string;
      progress?: string;
    };
    const query = new URLSearchParams([...filterQuery(filter, Object.keys(filter)), ['ticket', ticket]]);
    return { url: new URL(`${apiUrl}${path}?${query}`, globalThis.location?.href).toString(), progress };
  };
  // simple-rest puts `${apiUrl}/${resource}` before the id: the "resource" it is given is our path.
  const base = simpleRestProvider(apiUrl, httpClient, TOTAL_HEADER);
  const restName = (api: { path: string }) => api.path.replace(/^\/+/, '');

  const apiOf = (resource: string): ResourceApi => {
    const api = API_RESOURCES[resource];
    if (!api) throw new HttpError(`Unknown resource ${resource}`, 404);
    return api;
  };

  async function getList(resource: string, params: GetListParams): Promise<GetListResult<Row>> {
    const api = apiOf(resource);
    const path = api.listPath ? api.listPath(params.filter ?? {}) : api.path;
    const { json, headers } = await httpClient(
      `${apiUrl}${path}${api.serverPaging ? pagingQuery(params, api.filters, api.searchMinChars) : ''}`,
      {
        signal: params.signal,
      },
    );
    const rows = rowsOf(json, api.envelope);
    const total = totalOf(headers);
    // A search matching more rows than the server counts: react-admin's partial paging ("1-25 of more than 25"),
    // a next page while pages come full, no last page.
    if (total !== null && headers.get(TOTAL_EXACT_HEADER) === 'false') {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: rows.length };
      return { data: rows, pageInfo: { hasPreviousPage: page > 1, hasNextPage: rows.length >= perPage } };
    }
    return total === null ? pageInBrowser(rows, params, api.search) : { data: rows, total };
  }

  const everything = {
    // The server's largest page: more would be refused (400), and the restaurants picker said so under itself.
    pagination: { page: 1, perPage: PER_PAGE_MAX },
    sort: { field: 'id', order: 'ASC' as const },
    filter: {},
  };

  const provider: SpecterDataProvider = {
    getList: getList as DataProvider['getList'],
    getOne: (resource, params) => base.getOne(restName(apiOf(resource)), params),
    getMany: (async (resource: string, params: GetManyParams) => {
      const all = await getList(resource, { ...everything, signal: params.signal });
      return { data: all.data.filter((r) => params.ids.includes(r.id)) };
    }) as DataProvider['getMany'],
    getManyReference: ((resource, params) =>
      getList(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      })) as DataProvider['getManyReference'],
    async create(resource, params) {
      const api = apiOf(resource);
      const data = { ...api.create?.extra, ...params.data };
      // A 400 naming a field is shown beside that field (src/admin/feedback/serverTexts.ts).
      const { data: created } = await base.create(restName(api.create ?? api), { ...params, data }).catch((e) => {
        throw withFieldErrors(e);
      });
      // A server that answers only { message } still gives react-admin a row with an id.
      return { data: { ...params.data, ...created, id: created.id ?? Date.now() } };
    },
    async update(resource, params) {
      const api = apiOf(resource);
      if (!api.updateFields) throw new HttpError(`Cannot edit ${resource}`, 405);
      const path = api.updatePath ? api.updatePath(params.id) : `${api.path}/${enc(params.id)}`;
      const { json } = await send('PATCH', path, pick(params.data, api.updateFields)).catch((e) => {
        throw withFieldErrors(e);
      });
      return { data: json };
    },
    async updateMany() {
      throw new HttpError('Not supported', 405);
    },
    delete: (async (resource: string, params: DeleteParams) => {
      const api = apiOf(resource);
      if (api.softDeletePath) await send('PATCH', api.softDeletePath(params.id), { isDeleted: true });
      else await base.delete(restName(api), params);
      // The contract answers a message, not the row: react-admin gets back the row it asked to delete.
      return { data: params.previousData ?? { id: params.id } };
    }) as DataProvider['delete'],
    async deleteMany(resource, params) {
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids };
    },
    async getStatistics() {
      return (await send('GET', '/statistics')).json as Statistics;
    },
    async getLatestOrders() {
      const { json } = await send('GET', '/order/last-orders');
      return rowsOf(json, 'orders') as unknown as LatestOrder[];
    },
    async syncRestaurant(id) {
      return (await send('POST', `/restaurant/${enc(id)}/sync`, {})).json as { sync_error: string | null };
    },
    async unlockAppUser(id) {
      await send('DELETE', `/user/${enc(id)}/lock`);
    },
    async getGuestInsights(q) {
      const query = new URLSearchParams(filterQuery(q, ['restaurantId', 'from', 'to']));
      return (await send('GET', `/api/guest/insights?${query}`)).json as Insights;
    },
    async resetPassword(id, newPassword) {
      await send('POST', `/api/admins/${enc(id)}/password`, { newPassword });
    },
    async getSales(q) {
      const query = new URLSearchParams(filterQuery(q, ['restaurantId', 'from', 'to']));
      return (await send('GET', `/api/dashboard/sales?${query}`)).json as Sales;
    },
    async getLoyaltyProgram(restaurantId) {
      return (await send('GET', `/api/loyalty/programs/${enc(restaurantId)}`)).json as LoyaltyProgram;
    },
    async putLoyaltyProgram(restaurantId, body) {
      return (await send('PUT', `/api/loyalty/programs/${enc(restaurantId)}`, body)).json as LoyaltyProgram;
    },
    async getLoyaltyInsights(q) {
      const query = new URLSearchParams(filterQuery(q, ['restaurantId', 'from', 'to']));
      return (await send('GET', `/api/loyalty/insights?${query}`)).json as LoyaltyInsights;
    },
    async adjustMember(id, body) {
      return (await send('POST', `/api/loyalty/members/${enc(id)}/adjust`, body)).json as Member;
    },
    async getFunnel(days = 30) {
      return (await send('GET', `/funnel?days=${days}`)).json as FunnelSummary;
    },
    async getFunnelByBranch(restId) {
      return rowsOf((await send('GET', `/funnel/branches/${enc(restId)}`)).json, 'branches') as unknown as FunnelRow[];
    },
    async getFunnelByDevice(branchId) {
      return rowsOf((await send('GET', `/funnel/devices/${enc(branchId)}`)).json, 'devices') as unknown as FunnelRow[];
    },
    async exportUrl(path, filter = {}) {
      return (await exportDownload(path, filter)).url;
    },
    exportDownload,
    async exportProgress(id) {
      try {
        return (await send('GET', `/export/progress/${enc(id)}`)).json as {
          rows: number;
          done: boolean;
          complete: boolean;
        };
      } catch (e) {
        if ((e as { status?: number }).status === 404) return null;
        throw e;
      }
    },
    async rotatePushKey(id) {
      return (await send('POST', `/restaurant/${enc(id)}/push-key`, {})).json as PushKeyAnswer;
    },
    async rotateTillKey(id) {
      return (await send('POST', `/restaurant/device/${enc(id)}/link-key`, {})).json as { link_key?: string };
    },
    async totpStatus() {
      return (await send('GET', '/admin/totp')).json as TotpStatus;
    },
    async totpEnrol(password) {
      return (await send('POST', '/admin/totp/enrol', { password })).json as TotpEnrolment;
    },
    async totpConfirm(code) {
      const answer = (await send('POST', '/admin/totp/confirm', { code })).json as TotpRecoveryCodes;
      // The token this session had ended with every other one: the next call carries the new one.
      if (typeof answer.data?.token === 'string') storage.setItem(TOKEN_KEY, answer.data.token);
      return answer;
    },
    async totpDisable(password) {
      await send('POST', '/admin/totp/disable', { password });
    },
    async resetTotp(id) {
      await send('DELETE', `/admin/${enc(id)}/totp`);
    },
    async webhookSecret() {
      return (await send('GET', '/pos/foodics/webhook-secret')).json as WebhookSecret;
    },
    async rotateWebhookSecret() {
      return (await send('POST', '/pos/foodics/webhook-secret', {})).json as WebhookSecret;
    },
    async foodicsConnect(restaurantId) {
      const body = restaurantId === undefined ? {} : { restaurantId: Number(restaurantId) };
      return (await send('POST', '/api/restaurants/foodics/connect', body)).json as { url: string };
    },
    async connection(id) {
      return (await send('GET', `/api/restaurants/${enc(id)}/connection`)).json as Connection;
    },
    async foodicsPending(id) {
      return (await send('GET', `/api/restaurants/foodics/pending/${enc(id)}`)).json as FoodicsPending;
    },
    async answerFoodicsPending(id, yes) {
      return (await send(yes ? 'POST' : 'DELETE', `/api/restaurants/foodics/pending/${enc(id)}`)).json as {
        restaurant_id?: number;
      };
    },
    async restaurantSetup(id) {
      return (await send('GET', `/api/restaurants/${enc(id)}/setup`)).json as Setup;
    },
    async qrSheetPrinted(id) {
      await send('POST', `/api/restaurants/${enc(id)}/setup/qr-sheet-printed`);
    },
  };
  return provider;
}

export const dataProvider = createDataProvider();
