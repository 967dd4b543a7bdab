// Entry of the light public pages. React and react-dom only: no router, no MUI, no react-admin (80 KB budget).
// The invoice page is the one most people open, on a phone, often on a weak network: it lives in the entry
// itself and its receipt request starts before React renders, so the first visit costs one script round trip
// and the API call overlaps with parsing. /Privacy is rarer and loads its own chunk.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchInvoice } from '../invoice/api';
import { InvoicePage } from '../invoice/InvoicePage';

const isPrivacy = /^\/Privacy\/?$/.test(window.location.pathname);
if (!isPrivacy) prefetchInvoice();

const PrivacyPage = lazy(() => import('../privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const Page = isPrivacy ? PrivacyPage : InvoicePage;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  </StrictMode>,
);
