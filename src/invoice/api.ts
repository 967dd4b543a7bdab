// The invoice page's three calls (SPEC.md section 7), with plain fetch: no client library in this bundle.
import type { Invoice } from '../contract/invoice';

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

// Absolute URLs: the page may be served under any origin, and tests run fetch outside a browser.
const abs = (path: string) => new URL(path, window.location.href).toString();

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(abs(url), { ...init, headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}) } });
  } catch {
    throw new ApiError(0, '');
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : '');
  return body as T;
}

/** The newest order of a till; retried once on failure (SPEC.md: "retried once"). */
export async function fetchInvoice(restId: string, deviceId: string): Promise<Invoice> {
  const url = `/order/foodics/web/last-order?restaurantId=${encodeURIComponent(restId)}&casherId=${encodeURIComponent(deviceId)}`;
  try {
    return await request<Invoice>(url);
  } catch {
    await new Promise((r) => setTimeout(r, 300));
    return request<Invoice>(url);
  }
}

// The receipt request of the current address, started by the entry before React renders and picked up by
// the page (same parameters only), so the API call runs while the page's code is still being parsed.
let prefetched: { key: string; promise: Promise<Invoice> } | null = null;

export function prefetchInvoice() {
  const q = new URLSearchParams(window.location.search);
  const restId = q.get('restId') ?? '';
  const deviceId = q.get('deviceId') ?? '';
  const promise = fetchInvoice(restId, deviceId);
  promise.catch(() => {});
  prefetched = { key: `${restId}|${deviceId}`, promise };
}

export function loadInvoice(restId: string, deviceId: string): Promise<Invoice> {
  if (prefetched?.key === `${restId}|${deviceId}`) return prefetched.promise;
  return fetchInvoice(restId, deviceId);
}

export const sendCode = (phone: string) => request<{ message: string }>('/user', { method: 'POST', body: JSON.stringify({ phone }) });

export const saveOrder = (body: { casherId: string; restaurantId: string; phone: string; otp: string }) =>
  request<{ message: string }>('/order/foodics/web/add-order', { method: 'POST', body: JSON.stringify(body) });
