// Entry of the light public pages. React and react-dom only: no router, no MUI, no react-admin (80 KB budget).
// The invoice page is the one most people open, on a phone, often on a weak network. The server draws its
// receipt into the HTML (src/public/invoice-render.tsx) and leaves the till's answer in a JSON script tag: this
// entry then hydrates that markup for the save flow, without asking the till again. Without the server's
// render (a build without the server bundle, `vite dev`) the receipt request starts before React renders, so
// the API call overlaps with parsing. /Privacy and /user/receipts (My receipts) are rarer and load their own
// chunks.
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { INVOICE_STATE_ID, type InvoicePageState } from '../contract/invoicePageRender';
import { prefetchInvoice } from '../invoice/api';
import { InvoicePage } from '../invoice/InvoicePage';

const root = document.getElementById('root')!;
const path = window.location.pathname;
const isPrivacy = /^\/Privacy\/?$/.test(path);
const isReceipts = /^\/user\/receipts(\/\d+)?\/?$/.test(path);
const drawn = isPrivacy || isReceipts ? null : document.getElementById(INVOICE_STATE_ID);

if (drawn?.textContent) {
  const state = JSON.parse(drawn.textContent) as InvoicePageState;
  // As a transition the hydration yields to the browser every few milliseconds instead of holding the main thread
  // in one long task (the receipt is already on screen); a tap meanwhile makes React hydrate at once and replay it.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <InvoicePage initial={state} />
      </StrictMode>,
    );
  });
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
}
