// The invoice page's server render: the server's one way into web code (docs/ARCHITECTURE.md, The receipt in
// the first response). `vite build` bundles this file alone into dist/server/invoice-render.js; the server
// loads that file and calls it with the till's answer already in hand, so React draws the receipt (or the
// Oops! panel) exactly as the browser would, and the browser hydrates the same tree (src/public/main.tsx).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { InvoicePageRenderer } from '../contract/invoicePageRender';
import { InvoicePage } from '../invoice/InvoicePage';

// renderToString, not renderToPipeableStream: the till has answered before this is called, so nothing suspends and
// the whole tree is one string either way (the same markup, byte for byte; no streamed boundaries, whose swap needs
// inline script: the receipt reads without JavaScript). React's streaming renderer runs each render inside an
// AsyncLocalStorage, and on Node 20 and 22 the first such run turns on async hooks for the life of the process:
// after one receipt page, every request of every kind paid for them (the hot till a third more CPU an answer:
// 41 µs instead of 31; docs/PERFORMANCE.md, "The hot till as it ships"). tests/web/public/hydrate.test.tsx holds the
// render to no store.
export const renderInvoicePage: InvoicePageRenderer['renderInvoicePage'] = async (state) =>
  renderToString(
    <StrictMode>
      <InvoicePage initial={state} />
    </StrictMode>,
  );
