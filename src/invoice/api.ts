// The invoice page's three calls (docs/API.md), with plain fetch: no client library in this bundle.
import type { LastOrderAnswer } from '../contract/invoice';
import type { LoyaltyJoin, SaveLoyalty } from '../contract/loyalty';
import { TILL_EMPTY_HEADER } from '../contract/invoicePageRender';
import { currentLanguage } from '../lib/useLanguage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's X-Request-Id, at most 8 characters: the reference a customer reads out to support, which
     * finds the request's log lines (docs/DEPLOYMENT.md, Request ids). '' when the network failed. */
    readonly reference = '',
    /** The till has no recent closed order yet (last-order's 404 says so in a header): nothing failed. */
    readonly empty = false,
    /** A wrong code's answer: the guesses the phone's live code still takes (undefined: not a code's answer). */
    readonly triesLeft?: number,
  ) {
    super(message);
  }
}

/** The guesses a refused code's live code still takes (the code step stays while there are some), else 0. */
export const triesLeftOf = (err: unknown) => (err instanceof ApiError ? (err.triesLeft ?? 0) : 0);

/** The reference of a failure the server answered, else ''. */
export const referenceOf = (err: unknown) => (err instanceof ApiError ? err.reference : '');

/** "Reference: K3F9QX2M" in the page's language, or '' without a reference. */
export const referenceText = (t: { reference: string }, reference?: string) =>
  reference ? t.reference.replace('{ref}', reference) : '';

// Absolute URLs: the page may be served under any origin, and tests run fetch outside a browser.
const abs = (path: string) => new URL(path, window.location.href).toString();

/** A call of the public pages in the page's language: its failures carry the server's message, already in
 * that language (status 0: the network failed). */
export async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    const headers = {
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      ...(init?.body ? { 'Content-Type': 'application/json' } : {}),
    };
    res = await fetch(abs(url), { ...init, headers });
  } catch {
    throw new ApiError(0, '');
  }
  const body = await res.json().catch(() => null);
  if (!res.ok)
    throw new ApiError(
      res.status,
      typeof body?.message === 'string' ? body.message : '',
      (res.headers.get('X-Request-Id') ?? '').slice(0, 8),
      res.headers.get(TILL_EMPTY_HEADER) === '1',
      typeof body?.triesLeft === 'number' ? body.triesLeft : undefined,
    );
  return body as T;
}

/** The order a till's customer sees (its POS id and whether it is saved included); retried once on failure
 * (docs/API.md, The invoice page). */
export async function fetchInvoice(restId: string, deviceId: string, key = ''): Promise<LastOrderAnswer> {
  const url =
    `/order/foodics/web/last-order?restaurantId=${encodeURIComponent(restId)}&casherId=${encodeURIComponent(deviceId)}` +
    (key ? `&key=${encodeURIComponent(key)}` : '');
  try {
    return await request<LastOrderAnswer>(url);
  } catch {
    await new Promise((r) => setTimeout(r, 300));
    return request<LastOrderAnswer>(url);
  }
}

// The receipt request of the current address, started by the entry before React renders and picked up by
// the page (same parameters only), so the API call runs while the page's code is still being parsed.
let prefetched: { key: string; promise: Promise<LastOrderAnswer> } | null = null;

export function prefetchInvoice() {
  const q = new URLSearchParams(window.location.search);
  const restId = q.get('restId') ?? '';
  const deviceId = q.get('deviceId') ?? '';
  const key = q.get('key') ?? '';
  const promise = fetchInvoice(restId, deviceId, key);
  promise.catch(() => {});
  prefetched = { key: `${restId}|${deviceId}|${key}`, promise };
}

export function loadInvoice(restId: string, deviceId: string, key = ''): Promise<LastOrderAnswer> {
  if (prefetched?.key === `${restId}|${deviceId}|${key}`) return prefetched.promise;
  return fetchInvoice(restId, deviceId, key);
}

/** The order shown: both save calls name it, so the code is bound to it and saves exactly it. */
export interface ShownOrder {
  restaurantId: string;
  casherId: string;
  orderId: string;
  /** The till's link key from the link (docs/SECURITY.md, "Till links"), when it has one. */
  key?: string;
}

/** Asks for a code for the order shown; `resend` texts a live code again (docs/API.md, POST /user). */
export const sendCode = (phone: string, order: ShownOrder, resend = false) =>
  request<{ message: string; sent: boolean; resendIn: number }>('/user', {
    method: 'POST',
    body: JSON.stringify({ phone, ...order, ...(resend ? { resend } : {}) }),
  });

/** Saves the order shown (`consent`: the guestbook's tick); `proof` (the save proved the phone) lets "See my
 * receipts" sign in without a code. */
export const saveOrder = (body: ShownOrder & { phone: string; otp: string; consent?: boolean }) =>
  request<{ message: string; id: number; proof?: string; loyalty?: SaveLoyalty }>('/order/foodics/web/add-order', {
    method: 'POST',
    body: JSON.stringify(body),
  });

/** Signs the phone that just saved in to My receipts with the save's proof (no code); failures are left to the
 * page, which then asks for a code as usual. */
export const signInWithProof = (proof: string) =>
  request<unknown>('/customer/session/from-save', { method: 'POST', body: JSON.stringify({ proof }) });

/** Joins the restaurant's rewards right after a save made without the yes: the saved receipt then earns (the save's
 * proof names the phone). */
export const joinRewards = (receiptId: number, proof: string | undefined) =>
  request<LoyaltyJoin>('/customer/loyalty/join', {
    method: 'POST',
    body: JSON.stringify({ receipt_id: receiptId, ...(proof ? { proof } : {}) }),
  });
