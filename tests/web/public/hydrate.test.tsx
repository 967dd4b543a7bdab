import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AsyncLocalStorage } from 'node:async_hooks';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HYDRATING_EVENT, INVOICE_STATE_ID, type InvoicePageState } from '../../../src/contract/invoicePageRender';
import { renderInvoicePage } from '../../../src/public/invoice-render';
import { INVOICE } from './fixtures';
import { onUnhandledRequest } from '../unhandled';

// The public entry hydrates the page the server drew (src/public/invoice-render.tsx) with the state it left in
// the JSON tag: same markup, no mismatch, no second request for the receipt, and the save flow answers.
let asked = 0;
const server = setupServer(
  http.get('*/order/foodics/web/last-order', () => {
    asked++;
    return HttpResponse.json(INVOICE);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  vi.resetModules();
  asked = 0;
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Draws the page as the server would, then hydrates it; `beforeHydrate` runs between the two. */
async function drawAndHydrate(state: InvoicePageState, beforeHydrate?: () => void) {
  window.history.replaceState(null, '', `/user/invoice?restId=${state.restId}&deviceId=${state.deviceId}`);
  const html = await renderInvoicePage(state);
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${INVOICE_STATE_ID}">${JSON.stringify(state)}</script>`;
  beforeHydrate?.();
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    // The entry hydrates a task or two after its evaluation (src/public/main.tsx), then says so.
    const hydrating = new Promise((resolve) => document.addEventListener(HYDRATING_EVENT, resolve, { once: true }));
    await import('../../../src/public/main');
    await hydrating;
  });
  return errors;
}

describe('hydrating the server-drawn invoice page', () => {
  it.each(['en', 'ar'] as const)(
    '%s: the drawn receipt hydrates without a console error, asks for nothing, and Save Invoice opens the phone step',
    async (lang) => {
      const errors = await drawAndHydrate({
        lang,
        restId: '7',
        deviceId: 'dev-1',
        load: { state: 'ready', invoice: { ...INVOICE, saved: false } },
      });
      expect(errors).not.toHaveBeenCalled();
      expect(asked).toBe(0);
      await userEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Save Invoice' : 'حفظ الفاتورة' }));
      expect(await screen.findByLabelText(lang === 'en' ? 'Phone' : 'رقم الجوال')).toBeInTheDocument();
      expect(document.documentElement.dir).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    },
  );

  it('the Oops! panel the server drew hydrates as it is', async () => {
    const errors = await drawAndHydrate({
      lang: 'en',
      restId: '7',
      deviceId: 'dev-1',
      load: { state: 'error', message: 'No recent order on this till' },
    });
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Oops!No recent order on this till.');
  });

  // Building an Intl format costs far more than using one (the first a page builds also loads the locale's data:
  // about 20 ms of a phone's main thread): the receipt's dozen amounts share one format per language and currency.
  it('hydrating a receipt builds one number format for all its amounts', async () => {
    const Made = Intl.NumberFormat;
    let made = 0;
    try {
      const errors = await drawAndHydrate(
        { lang: 'en', restId: '7', deviceId: 'dev-1', load: { state: 'ready', invoice: { ...INVOICE, saved: false } } },
        // Counted from here: the formats the browser's hydration builds, not the server's render.
        () => {
          Intl.NumberFormat = class extends Made {
            constructor(...args: ConstructorParameters<typeof Made>) {
              super(...args);
              made++;
            }
          } as typeof Intl.NumberFormat;
        },
      );
      expect(errors).not.toHaveBeenCalled();
      expect(screen.getAllByText(/SAR\s/).length).toBeGreaterThan(2);
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = Made;
    }
  });

  // A store entered once turns on async hooks for the rest of the server's life on Node 20 and 22: every promise and
  // tick of every later request pays for them (docs/PERFORMANCE.md, "The hot till as it ships"). React's streaming
  // renderer enters one on every render; the page's render must not.
  it('drawing the page enters no AsyncLocalStorage (which would slow every later request of the server)', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    const html = await renderInvoicePage({
      lang: 'ar',
      restId: '7',
      deviceId: 'dev-1',
      load: { state: 'ready', invoice: { ...INVOICE, saved: false } },
    });
    expect(html).toContain(INVOICE.order_number);
    expect(run).not.toHaveBeenCalled();
    expect(enterWith).not.toHaveBeenCalled();
  });
});
