// Entry of the light public pages: /Privacy or the invoice page, Privacy loaded only when asked for.
// React and react-dom only: no router, no MUI, no react-admin (the invoice page's 80 KB budget).
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
// The invoice page is the one most people open: in the entry itself, so a phone fetches one script, not two.
import { InvoicePage } from '../invoice/InvoicePage';

const PrivacyPage = lazy(() => import('../privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));

const Page = /^\/Privacy\/?$/.test(window.location.pathname) ? PrivacyPage : InvoicePage;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  </StrictMode>,
);
