// The seam between the server and the invoice page's server render (docs/ARCHITECTURE.md, The receipt in the
// first response). The server never imports web code: it loads the page's server bundle that `vite build` writes
// to dist/server/invoice-render.js and speaks to it only through these types. Types only, so nothing of zod or
// the server reaches either side.
import type { LastOrderAnswer } from './invoice';

export type InvoicePageLang = 'en' | 'ar';

/** What the till answered, as the page shows it: the receipt, or the Oops! panel with the API's message, or (an
 * empty till: `empty`) a calm "no receipt yet". */
export type InvoicePageLoad =
  { state: 'ready'; invoice: LastOrderAnswer } | { state: 'error'; message: string; empty?: boolean };

/** The header of last-order's 404 when the till has no recent closed order (not a failure: nothing to show yet). */
export const TILL_EMPTY_HEADER = 'X-Till-Empty';

/** Everything the page needs to draw its first screen; sent to the browser as JSON too, so hydration draws the same. */
export interface InvoicePageState {
  lang: InvoicePageLang;
  restId: string;
  deviceId: string;
  /** The till's link key from the link, when it has one. */
  key?: string;
  load: InvoicePageLoad;
}

/** The event the hydration entry (src/public/main.tsx) sends on the document once React listens on the page;
 * the boot script (src/public/boot.ts, which imports nothing) writes the same name. */
export const HYDRATING_EVENT = 'invoice-hydrating';

/** The id of the JSON script tag (type application/json: data, not code, so CSP has nothing to allow). */
export const INVOICE_STATE_ID = 'invoice-state';

/** The language the visitor chose, kept in local storage and in a cookie of this name (read by the server). */
export const LOCALE_COOKIE = 'specter.locale';

/** The module dist/server/invoice-render.js exports. */
export interface InvoicePageRenderer {
  /** The page's markup for inside <div id="root">, rendered by react-dom/server's renderToString. */
  renderInvoicePage(state: InvoicePageState): Promise<string>;
}
