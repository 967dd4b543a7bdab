// Entry of the light public pages. React and react-dom only: no router, no MUI, no react-admin (80 KB budget).
// The invoice page is the one most people open, on a phone, often on a weak network. The server draws its
// receipt into the HTML (src/public/invoice-render.tsx) and leaves the till's answer in a JSON script tag: this
// entry then hydrates that markup for the save flow, without asking the till again. Without the server's
// render (a build without the server bundle, `vite dev`) the receipt request starts before React renders, so
// the API call overlaps with parsing. /Privacy and /user/receipts (My receipts) are rarer and load their own
// chunks.
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HYDRATING_EVENT, INVOICE_STATE_ID, type InvoicePageState } from '../contract/invoicePageRender';
import { prefetchInvoice } from '../invoice/api';
import { InvoicePage } from '../invoice/InvoicePage';
import { prepareFormats, receiptLocale } from '../invoice/Receipt';

const root = document.getElementById('root')!;
const path = window.location.pathname;
const isPrivacy = /^\/Privacy\/?$/.test(path);
const isReceipts = /^\/user\/receipts(\/\d+)?\/?$/.test(path);
const drawn = isPrivacy || isReceipts ? null : document.getElementById(INVOICE_STATE_ID);

/** Told to the boot script (src/public/boot.ts) once React listens on the page: it then replays the taps it held. */
const announceHydrating = () => document.dispatchEvent(new Event(HYDRATING_EVENT));

if (drawn?.textContent) {
  const state = JSON.parse(drawn.textContent) as InvoicePageState;
  // Three tasks instead of one (docs/PERFORMANCE.md, section 1b): this module's evaluation (React's), then the
  // receipt's first money and date formats (the language's Intl data, loaded once), then the hydration - no task
  // holds a tap back for the sum of the three.
  setTimeout(() => {
    try {
      if (state.load.state === 'ready') prepareFormats(state.load.invoice, receiptLocale(state.lang));
    } catch {
      // Only a head start: the receipt formats its own amounts and dates as it hydrates.
    }
    setTimeout(() => {
      // As a transition the hydration yields to the browser every few milliseconds instead of holding the main
      // thread in one long task (the receipt is already on screen); a tap meanwhile makes React hydrate at once.
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <InvoicePage initial={state} />
          </StrictMode>,
        );
      });
      announceHydrating();
    }, 0);
  }, 0);
} else {
  if (!isPrivacy && !isReceipts) prefetchInvoice();
  const PrivacyPage = lazy(() => import('../privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
  const ReceiptsPage = lazy(() => import('../receipts/ReceiptsPage').then((m) => ({ default: m.ReceiptsPage })));
  const Page = isPrivacy ? PrivacyPage : isReceipts ? ReceiptsPage : InvoicePage;
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </StrictMode>,
  );
  announceHydrating();
}
