// Entry of the light public pages: /Privacy or the invoice page, each loaded on its own so a visitor fetches
// only the page they asked for. React and react-dom only: no router, no MUI, no react-admin (80 KB budget).
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

const isPrivacy = window.location.pathname.startsWith('/Privacy');

const Page = isPrivacy
  ? lazy(() => import('../privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })))
  : lazy(() => import('../invoice/InvoicePage').then((m) => ({ default: m.InvoicePage })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  </StrictMode>,
);
