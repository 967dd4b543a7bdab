// react-admin calls -> the URLs of SPEC.md section 7. Lists ask the server for a page (page, perPage, sort,
// order, q); a server that answers with the total header paged for us, one that answers a bare array did
// not, and then we filter, sort and slice here (DECISIONS.md). Deletes are the spec's soft PATCH calls
// for admins and restaurants, a hard DELETE for app users.
import { fetchUtils, HttpError, type DataProvider, type GetListParams, type RaRecord } from 'ra-core';
import { TOTAL_HEADER } from './contract/common';
import type { LatestOrder, Statistics } from './contract/orders';
import { API_URL, TOKEN_KEY } from './api';

export interface SpecterDataProvider extends DataProvider {
  getStatistics(): Promise<Statistics>;
  getLatestOrders(): Promise<LatestOrder[]>;
  /** POST /restaurant/{id}/sync: read the branches and devices from the POS again. */
  syncRestaurant(id: number | string): Promise<{ sync_error: string | null }>;
  getPublicConfig(): Promise<{ contactEmail: string; contactPhone: string; appDownloads: number; publicUrl: string | null }>;
}

type Json = any;

/** Search, sort and slice a bare array in the browser, for servers that do not page. */
export function pageInBrowser<T extends RaRecord>(rows: T[], params: GetListParams, searchFields: string[]) {
  const q = String(params.filter?.q ?? '').trim().toLowerCase();
  let out = q ? rows.filter((r) => searchFields.some((f) => String((r as Json)[f] ?? '').toLowerCase().includes(q))) : rows;
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  if (field) {
    const dir = order === 'DESC' ? -1 : 1;
    out = [...out].sort((a, b) => {
      const x = (a as Json)[field];
      const y = (b as Json)[field];
      return x === y ? 0 : x === null || x === undefined ? 1 : y === null || y === undefined ? -1 : x > y ? dir : -dir;
    });
  }
  const { page, perPage } = params.pagination ?? { page: 1, perPage: out.length || 1 };
  return { data: out.slice((page - 1) * perPage, page * perPage), total: out.length };
}

const LISTS: Record<string, { url: string; key?: string; search: string[] }> = {
  users: { url: '/user', search: ['firstName', 'lastName', 'phone'] },
  admins: { url: '/admin', search: ['name', 'email'] },
  restaurants: { url: '/restaurant', key: 'restaurants', search: ['name'] },
};

export function createDataProvider(apiUrl = API_URL, storage: Storage = globalThis.localStorage): SpecterDataProvider {
  const call = (path: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('Accept', 'application/json');
    const token = storage.getItem(TOKEN_KEY);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(`${apiUrl}${path}`, { ...options, headers });
  };
  const send = (method: string, path: string, body?: unknown) =>
    call(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

  async function list(resource: string, params: GetListParams) {
    if (resource === 'branches') {
      const { json } = await call(`/restaurant/branches/${encodeURIComponent(params.filter?.restId)}`);
      return pageInBrowser(json.branches ?? [], params, ['name']);
    }
    if (resource === 'devices') {
      const { json } = await call(`/restaurant/devices/${encodeURIComponent(params.filter?.branchId)}`);
      return pageInBrowser(json.devices ?? [], params, ['name']);
    }
    const spec = LISTS[resource];
    if (!spec) throw new HttpError(`Unknown resource ${resource}`, 404);
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
    if (params.sort?.field) {
      query.set('sort', params.sort.field);
      query.set('order', params.sort.order);
    }
    const q = String(params.filter?.q ?? '').trim();
    if (q) query.set('q', q);
    const { json, headers } = await call(`${spec.url}?${query}`);
    const rows = spec.key ? json[spec.key] : json;
    const total = headers.get(TOTAL_HEADER);
    if (total !== null) return { data: rows, total: Number(total) };
    return pageInBrowser(rows ?? [], params, spec.search);
  }

  return {
    getList: list as DataProvider['getList'],
    async getOne(resource, params) {
      if (resource !== 'restaurants') throw new HttpError(`Cannot read one ${resource}`, 404);
      const { json } = await call(`/restaurant/${encodeURIComponent(params.id)}`);
      return { data: json };
    },
    async getMany(resource, params) {
      const all = await list(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      return { data: all.data.filter((r: RaRecord) => params.ids.includes(r.id)) };
    },
    async getManyReference(resource, params) {
      return list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as Json;
    },
    async create(resource, params) {
      if (resource === 'admins') {
        const { json } = await send('POST', '/user', { ...params.data, role: 'admin' });
        return { data: { ...params.data, ...json, id: json.id ?? Date.now() } };
      }
      if (resource === 'restaurants') {
        const { json } = await send('POST', '/restaurant', params.data);
        return { data: json };
      }
      throw new HttpError(`Cannot create ${resource}`, 405);
    },
    async update(resource, params) {
      if (resource !== 'restaurants') throw new HttpError(`Cannot edit ${resource}`, 405);
      const { name, logo, token, branchs_token, system_type } = params.data;
      const { json } = await send('PATCH', `/restaurant/${encodeURIComponent(params.id)}`, { name, logo, token, branchs_token, system_type });
      return { data: json };
    },
    async updateMany() {
      throw new HttpError('Not supported', 405);
    },
    async delete(resource, params) {
      if (resource === 'users') await send('DELETE', `/user/${encodeURIComponent(params.id)}`);
      else if (resource === 'admins') await send('PATCH', `/user/${encodeURIComponent(params.id)}`, { isDeleted: true });
      else if (resource === 'restaurants') await send('PATCH', `/restaurant/delete/${encodeURIComponent(params.id)}`, { isDeleted: true });
      else throw new HttpError(`Cannot delete ${resource}`, 405);
      return { data: (params.previousData ?? { id: params.id }) as Json };
    },
    async deleteMany(resource, params) {
      for (const id of params.ids) await this.delete(resource, { id });
      return { data: params.ids };
    },
    async getStatistics() {
      return (await call('/statistics')).json;
    },
    async getLatestOrders() {
      return (await call('/order/last-orders')).json.orders ?? [];
    },
    async syncRestaurant(id) {
      return (await send('POST', `/restaurant/${encodeURIComponent(id)}/sync`, {})).json;
    },
    async getPublicConfig() {
      return (await call('/api/public-config')).json;
    },
  };
}

export const dataProvider = createDataProvider();
