// The invoice page's server render: the server's one way into web code (docs/ARCHITECTURE.md, The receipt in
// the first response). `vite build` bundles this file alone into dist/server/invoice-render.js; the server
// loads that file and calls it with the till's answer already in hand, so React draws the receipt (or the
// Oops! panel) exactly as the browser would, and the browser hydrates the same tree (src/public/main.tsx).
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import type { InvoicePageRenderer, InvoicePageState } from '../contract/invoicePageRender';
import { InvoicePage } from '../invoice/InvoicePage';

export const renderInvoicePage: InvoicePageRenderer['renderInvoicePage'] = (state: InvoicePageState) =>
  new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    // onAllReady: the till has answered before this is called, so nothing suspends; the whole tree is written
    // in one piece (no streamed boundaries, whose swap needs inline script: the receipt reads without JavaScript).
    const stream = renderToPipeableStream(
      <StrictMode>
        <InvoicePage initial={state} />
      </StrictMode>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (err) => reject(err),
      },
    );
  });
