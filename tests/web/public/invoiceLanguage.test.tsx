import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvoicePage } from '../../../src/invoice/InvoicePage';
import { INVOICE } from './fixtures';
import { onUnhandledRequest } from '../unhandled';

// The invoice page asks in its own language (Accept-Language) and shows the server's sentences as they come;
// it leads to My receipts from its footer and from the Success dialog.
const langs: string[] = [];
let invoiceAnswer: (lang: string) => Response = () => HttpResponse.json(INVOICE);
const server = setupServer(
  http.get('*/order/foodics/web/last-order', ({ request }) =>
    invoiceAnswer(request.headers.get('accept-language') ?? ''),
  ),
  http.post('*/user', ({ request }) =>
    request.headers.get('accept-language') === 'ar'
      ? HttpResponse.json(
          { message: 'يرجى الانتظار قليلًا قبل طلب رمز جديد (حاول مرة أخرى بعد 45 ثانية)' },
          { status: 429, headers: { 'Retry-After': '45' } },
        )
      : HttpResponse.json({ message: 'sent' }),
  ),
  http.post('*/order/foodics/web/add-order', () => HttpResponse.json({ message: 'saved', id: 1 })),
);
server.events.on('request:start', ({ request }) => {
  langs.push(request.headers.get('accept-language') ?? '');
});
beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  window.history.replaceState(null, '', '/user/invoice?restId=7&deviceId=dev-1');
  langs.length = 0;
  invoiceAnswer = () => HttpResponse.json(INVOICE);
});
afterEach(() => server.resetHandlers());

describe("invoice page: the customer's language and the way to My receipts", () => {
  it('English: every call says Accept-Language en; the footer links to My receipts', async () => {
    render(<InvoicePage />);
    await screen.findByText('Takeout total (incl. Tax)');
    expect(langs).toEqual(['en']);
    expect(screen.getByRole('link', { name: 'My receipts' }).getAttribute('href')).toBe('/user/receipts');
  });

  it('Arabic: the calls say Accept-Language ar, and an Arabic limit (with its wait) is shown as the server wrote it', async () => {
    localStorage.setItem('specter.locale', 'ar');
    const user = userEvent.setup();
    render(<InvoicePage />);
    await screen.findByText('إجمالي الطلب (شامل الضريبة)');
    expect(screen.getByRole('link', { name: 'فواتيري' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'حفظ الفاتورة' }));
    await user.type(screen.getByLabelText('رقم الجوال'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('يرجى الانتظار قليلًا قبل طلب رمز جديد (حاول مرة أخرى بعد 45 ثانية)');
    expect(langs.length).toBe(2);
    expect(langs.every((l) => l === 'ar')).toBe(true);
  });

  it("Arabic: the Oops! panel shows the server's Arabic sentence", async () => {
    localStorage.setItem('specter.locale', 'ar');
    invoiceAnswer = (lang) =>
      HttpResponse.json(
        { message: lang === 'ar' ? 'لا يوجد طلب حديث على هذا الجهاز' : 'No recent order on this till' },
        { status: 404 },
      );
    render(<InvoicePage />);
    expect((await screen.findByRole('alert')).textContent).toContain('لا يوجد طلب حديث على هذا الجهاز.');
  });

  it('the Success dialog offers My receipts beside Done', async () => {
    const user = userEvent.setup();
    render(<InvoicePage />);
    await screen.findByText('Takeout total (incl. Tax)');
    await user.click(screen.getByRole('button', { name: 'Save Invoice' }));
    await user.type(screen.getByLabelText('Phone'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByLabelText('Digit 1'));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Success')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'See my receipts' }).getAttribute('href')).toBe('/user/receipts');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });
});
