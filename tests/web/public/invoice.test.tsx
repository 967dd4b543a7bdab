import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoicePage } from '../../../src/invoice/InvoicePage';
import { INVOICE } from './fixtures';

// The invoice page against msw stand-ins of its three calls (docs/PRODUCT.md and docs/API.md, The invoice page).
// Handlers only record what they were asked; the tests assert on it (a failed expect inside a handler
// would only turn into an error answer).
const calls = {
  invoice: 0,
  invoiceQueries: [] as Record<string, string>[],
  phone: [] as unknown[],
  save: [] as unknown[],
};
let invoiceAnswer: () => Response = () => HttpResponse.json(INVOICE);
let phoneAnswer: () => Response = () => HttpResponse.json({ message: 'sent' });
let saveAnswer: () => Response = () => HttpResponse.json({ message: 'saved', id: 1 });

const server = setupServer(
  http.get('*/order/foodics/web/last-order', ({ request }) => {
    calls.invoice++;
    calls.invoiceQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    return invoiceAnswer();
  }),
  http.post('*/user', async ({ request }) => {
    calls.phone.push(await request.json());
    return phoneAnswer();
  }),
  http.post('*/order/foodics/web/add-order', async ({ request }) => {
    calls.save.push(await request.json());
    return saveAnswer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  window.history.replaceState(null, '', '/user/invoice?restId=7&deviceId=dev-1');
  calls.invoice = 0;
  calls.invoiceQueries = [];
  calls.phone = [];
  calls.save = [];
  invoiceAnswer = () => HttpResponse.json(INVOICE);
  phoneAnswer = () => HttpResponse.json({ message: 'sent' });
  saveAnswer = () => HttpResponse.json({ message: 'saved', id: 1 });
});
afterEach(() => server.resetHandlers());

async function openReceipt() {
  const user = userEvent.setup();
  render(<InvoicePage />);
  await screen.findByText('Takeout total (incl. Tax)');
  return user;
}

async function toCodeStep() {
  const user = await openReceipt();
  await user.click(screen.getByRole('button', { name: 'Save Invoice' }));
  await user.type(screen.getByLabelText('Phone'), '0501234567');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByLabelText('Digit 1');
  return user;
}

const boxes = () => [1, 2, 3, 4].map((i) => screen.getByLabelText(`Digit ${i}`) as HTMLInputElement);

describe('invoice page', () => {
  it('shows a spinner, then the receipt with every row of the spec, and the title', async () => {
    render(<InvoicePage />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await screen.findByText('Takeout total (incl. Tax)');
    expect(document.title).toBe('Specter | Invoice');
    expect(screen.getByRole('img', { name: 'Najd Grill' })).toHaveAttribute('src', INVOICE.restaurant.logo);
    expect(screen.getByText('Invoice #42')).toBeInTheDocument();
    for (const label of [
      'Order Number',
      'Restaurant',
      'Location',
      'Date',
      'Time',
      'Method',
      'Sub Total',
      'Discount',
      'Total',
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('00777')).toBeInTheDocument();
    expect(screen.getByText('Olaya')).toBeInTheDocument();
    expect(screen.getByText('21:45')).toBeInTheDocument();
    expect(screen.getByText('Mandi Lamb')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      '1 x Mandi LambSAR 58.00',
      '2 x Karak TeaSAR 12.00',
    ]);
    expect(screen.getByText('SAR 70.00')).toBeInTheDocument();
    expect(screen.getByText('SAR 5.00')).toBeInTheDocument();
    expect(screen.getByText('Cash, Mada')).toBeInTheDocument();
    expect(screen.getByTestId('takeout-total')).toHaveTextContent('SAR 74.75');
    expect(screen.getByRole('button', { name: 'Save Invoice' })).toBeInTheDocument();
    expect(screen.getByText(/Powered by/)).toBeInTheDocument();
    expect(calls.invoice).toBe(1);
    // restId and deviceId of the page's address become the call's restaurantId and casherId (docs/API.md, The invoice page).
    expect(calls.invoiceQueries).toEqual([{ restaurantId: '7', casherId: 'dev-1' }]);
  });

  it("an error shows 'Oops!' with the server's message and a full stop, after one retry", async () => {
    invoiceAnswer = () => HttpResponse.json({ message: 'There is no order on this device yet' }, { status: 404 });
    render(<InvoicePage />);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Oops!')).toBeInTheDocument();
    expect(within(panel).getByText('There is no order on this device yet.')).toBeInTheDocument();
    expect(calls.invoice).toBe(2);
  });

  it("a till with no recent order shows 'Oops!' with 'No recent order on this till.'", async () => {
    invoiceAnswer = () => HttpResponse.json({ message: 'No recent order on this till' }, { status: 404 });
    render(<InvoicePage />);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Oops!')).toBeInTheDocument();
    expect(within(panel).getByText('No recent order on this till.')).toBeInTheDocument();
    expect(screen.queryByText('Takeout total (incl. Tax)')).not.toBeInTheDocument();
  });

  it('a saved order: the receipt says it is saved (English and Arabic) and has no Save Invoice button', async () => {
    invoiceAnswer = () => HttpResponse.json({ ...INVOICE, saved: true });
    const user = await openReceipt();
    expect(screen.getByRole('status')).toHaveTextContent('This invoice is saved');
    expect(screen.queryByRole('button', { name: 'Save Invoice' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(screen.getByRole('status')).toHaveTextContent('هذه الفاتورة محفوظة');
    expect(screen.queryByRole('button', { name: 'حفظ الفاتورة' })).not.toBeInTheDocument();
    expect(screen.getByTestId('takeout-total')).toBeInTheDocument();
  });

  it("the save step's 409 (the order was saved or voided meanwhile) shows the server's sentence in the '!Oops' dialog", async () => {
    saveAnswer = () => HttpResponse.json({ message: 'This order is no longer available to save' }, { status: 409 });
    const user = await toCodeStep();
    await user.click(boxes()[0]);
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('!Oops')).toBeInTheDocument();
    expect(within(dialog).getByText('This order is no longer available to save')).toBeInTheDocument();
  });

  it("a failed save's dialog shows the answer's X-Request-Id as a reference beside the message, in both languages", async () => {
    saveAnswer = () =>
      HttpResponse.json(
        { message: 'Something went wrong on our side' },
        { status: 500, headers: { 'X-Request-Id': 'K3F9QX2M' } },
      );
    const user = await toCodeStep();
    await user.click(boxes()[0]);
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    // The message exactly as the server wrote it; the reference on a line of its own.
    expect(within(dialog).getByText('Something went wrong on our side')).toBeInTheDocument();
    expect(within(dialog).getByText('Reference: K3F9QX2M')).toBeInTheDocument();
  });

  it("the 'Oops!' panel shows the reference (a load balancer's long id cut to 8 characters); none without an answer", async () => {
    invoiceAnswer = () =>
      HttpResponse.json(
        { message: 'No recent order on this till' },
        { status: 404, headers: { 'X-Request-Id': '3f2a9c1e-77aa-4b0e-9d1c-0123456789ab' } },
      );
    const { unmount } = render(<InvoicePage />);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('No recent order on this till.')).toBeInTheDocument();
    expect(within(panel).getByText('Reference: 3f2a9c1e')).toBeInTheDocument();
    unmount();
    invoiceAnswer = () => HttpResponse.error();
    render(<InvoicePage />);
    const offline = await screen.findByRole('alert');
    expect(within(offline).getByText('An error occurred')).toBeInTheDocument();
    expect(within(offline).queryByText(/Reference/)).not.toBeInTheDocument();
  });

  it("without a message the panel reads 'An error occurred'", async () => {
    invoiceAnswer = () => new HttpResponse('<html>', { status: 502 });
    render(<InvoicePage />);
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });

  it('a failure then a success on retry shows the receipt', async () => {
    let n = 0;
    invoiceAnswer = () =>
      n++ === 0 ? HttpResponse.json({ message: 'busy' }, { status: 502 }) : HttpResponse.json(INVOICE);
    render(<InvoicePage />);
    expect(await screen.findByText('Takeout total (incl. Tax)')).toBeInTheDocument();
  });

  it("phone step: Save is disabled while empty, and 'Phone is required' shows after touching", async () => {
    const user = await openReceipt();
    await user.click(screen.getByRole('button', { name: 'Save Invoice' }));
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Phone is required')).not.toBeInTheDocument();
    await user.click(phone);
    await user.tab();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    await user.type(phone, '0501234567');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('a 200 on the phone leads to 4 code boxes with the right attributes; Send is disabled while all are empty', async () => {
    await toCodeStep();
    expect(calls.phone).toEqual([{ phone: '0501234567', restaurantId: '7', casherId: 'dev-1', orderId: 'ord-777' }]);
    for (const b of boxes()) {
      expect(b).toHaveAttribute('inputmode', 'numeric');
      expect(b).toHaveAttribute('autocomplete', 'one-time-code');
      expect(b).toHaveAttribute('maxlength', '1');
    }
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('digits only, focus moves on, Backspace on an empty box goes back and clears it, arrows move', async () => {
    const user = await toCodeStep();
    const [b1, b2, b3, b4] = boxes();
    await user.click(b1);
    await user.keyboard('a');
    expect(b1).toHaveValue('');
    expect(b1).toHaveFocus();
    await user.keyboard('1');
    expect(b1).toHaveValue('1');
    expect(b2).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.keyboard('2');
    expect(b3).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(b2).toHaveValue('');
    expect(b2).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(b1).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(b4).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(b4).toHaveFocus();
  });

  it('pasting 1 to 4 digits fills the boxes and focuses the next empty one; other pastes are ignored', async () => {
    const user = await toCodeStep();
    const [b1, b2, b3, b4] = boxes();
    await user.click(b1);
    await user.paste('98');
    expect(boxes().map((b) => b.value)).toEqual(['9', '8', '', '']);
    expect(b3).toHaveFocus();
    await user.paste('x1');
    expect(boxes().map((b) => b.value)).toEqual(['9', '8', '', '']);
    await user.paste('12345');
    expect(boxes().map((b) => b.value)).toEqual(['9', '8', '', '']);
    await user.click(b2);
    await user.paste('4321');
    expect(boxes().map((b) => b.value)).toEqual(['4', '3', '2', '1']);
    expect(b4).toHaveFocus();
    expect(b1).toBeInTheDocument();
  });

  it('Arabic-Indic and Persian digits, typed or pasted, fill the boxes as 0-9', async () => {
    const user = await toCodeStep();
    const [b1, b2, b3] = boxes();
    await user.click(b1);
    await user.keyboard('٣');
    expect(b1).toHaveValue('3');
    expect(b2).toHaveFocus();
    await user.keyboard('۷');
    expect(b2).toHaveValue('7');
    expect(b3).toHaveFocus();
    await user.click(b1);
    await user.paste('١٢٣٤');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4']);
    await user.click(b1);
    await user.paste('۹۸');
    expect(boxes().map((b) => b.value)).toEqual(['9', '8', '', '']);
  });

  it("the phone's code autofill (the whole code into the first box at once) fills all four", async () => {
    await toCodeStep();
    const [b1, , , b4] = boxes();
    // What iOS and Android's one-time-code suggestion does: one input event carrying every digit.
    act(() => {
      fireEvent.change(b1, { target: { value: '٥٦٧٨' } });
    });
    expect(boxes().map((b) => b.value)).toEqual(['5', '6', '7', '8']);
    expect(b4).toHaveFocus();
  });

  it('a saved order resets everything and shows the Success dialog; after Done the receipt reads saved, with no Save Invoice', async () => {
    const user = await toCodeStep();
    await user.click(boxes()[0]);
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Success')).toBeInTheDocument();
    expect(within(dialog).getByText('.Your invoice has been saved successfully')).toBeInTheDocument();
    expect(dialog).toHaveAttribute('dir', 'rtl');
    // The guest consent box (issue 34) was left unticked: the save says so.
    expect(calls.save).toEqual([
      { casherId: 'dev-1', restaurantId: '7', orderId: 'ord-777', phone: '0501234567', otp: '1234', consent: false },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The page that just saved shows what a reload would: the same receipt, saved, nothing more to save.
    expect(screen.getByRole('status')).toHaveTextContent('This invoice is saved');
    expect(screen.queryByRole('button', { name: 'Save Invoice' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Digit 1')).not.toBeInTheDocument();
    expect(screen.getByTestId('takeout-total')).toBeInTheDocument();
    expect(calls.invoice).toBe(1);
  });

  it('a typo keeps the code step: boxes emptied and focused, the tries left said; the right code then saves', async () => {
    let tries = 2;
    saveAnswer = () =>
      tries > 1
        ? HttpResponse.json(
            { message: 'The code is wrong or has expired, please ask for a new one', triesLeft: --tries + 1 },
            { status: 400 },
          )
        : HttpResponse.json({ message: 'Saved', id: 1 });
    const user = await toCodeStep();
    await user.click(boxes()[0]);
    await user.keyboard('1111');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Type it again: tries left: 2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['', '', '', '']);
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    expect(boxes()[0]).toHaveAttribute('aria-describedby', 'code-note');
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('.Your invoice has been saved successfully')).toBeInTheDocument();
  });

  it("a failed save returns to the receipt with empty boxes and the '!Oops' dialog with the server's message", async () => {
    saveAnswer = () =>
      HttpResponse.json({ message: 'The code is wrong or has expired, please ask for a new one' }, { status: 400 });
    const user = await toCodeStep();
    await user.click(boxes()[0]);
    await user.keyboard('1111');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('!Oops')).toBeInTheDocument();
    expect(within(dialog).getByText('The code is wrong or has expired, please ask for a new one')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('button', { name: 'Save Invoice' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Digit 1')).not.toBeInTheDocument();
  });

  it("without a server message the dialog reads 'Something went wrong.'", async () => {
    saveAnswer = () => HttpResponse.error();
    const user = await toCodeStep();
    await user.click(boxes()[0]);
    await user.keyboard('1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
  });

  it('Arabic: the switch turns the page right-to-left and is remembered', async () => {
    const user = await openReceipt();
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'حفظ الفاتورة' })).toBeInTheDocument();
    expect(localStorage.getItem('specter.locale')).toBe('ar');
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'English' }));
    });
    expect(document.documentElement.dir).toBe('ltr');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Invoice' })).toBeInTheDocument());
  });
  it("the phone call's failure shows the '!Oops' dialog with the server's message and stays on the phone step", async () => {
    phoneAnswer = () => HttpResponse.json({ message: 'Too many codes sent, try again in a minute' }, { status: 429 });
    const user = await openReceipt();
    await user.click(screen.getByRole('button', { name: 'Save Invoice' }));
    await user.type(screen.getByLabelText('Phone'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('dir', 'rtl');
    expect(within(dialog).getByText('!Oops')).toBeInTheDocument();
    expect(within(dialog).getByText('Too many codes sent, try again in a minute')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('0501234567');
    expect(screen.queryByLabelText('Digit 1')).not.toBeInTheDocument();
  });

  it('Save and Send are disabled while their call is under way', async () => {
    let releasePhone!: () => void;
    phoneAnswer = () =>
      new Promise<Response>(
        (r) => (releasePhone = () => r(HttpResponse.json({ message: 'sent' }))),
      ) as unknown as Response;
    const user = await openReceipt();
    await user.click(screen.getByRole('button', { name: 'Save Invoice' }));
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    await user.type(phone, '0501234567');
    const consent = screen.getByRole('checkbox', { name: /^Join Najd Grill's rewards/ });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    releasePhone();
    await screen.findByLabelText('Digit 1');
    let releaseSave!: () => void;
    saveAnswer = () =>
      new Promise<Response>(
        (r) => (releaseSave = () => r(HttpResponse.json({ message: 'saved' }))),
      ) as unknown as Response;
    await user.click(boxes()[0]);
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled());
    releaseSave();
    expect(await screen.findByText('.Your invoice has been saved successfully')).toBeInTheDocument();
    expect(calls.save).toEqual([
      { casherId: 'dev-1', restaurantId: '7', orderId: 'ord-777', phone: '0501234567', otp: '12', consent: true },
    ]);
  });

  it('pasting one or three digits focuses the next empty box; clearing every box disables Send again', async () => {
    const user = await toCodeStep();
    const [b1, b2, , b4] = boxes();
    await user.click(b1);
    await user.paste('7');
    expect(boxes().map((b) => b.value)).toEqual(['7', '', '', '']);
    expect(b2).toHaveFocus();
    await user.paste('123');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '']);
    expect(b4).toHaveFocus();
    await user.paste('');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '']);
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '']);
    expect(b1).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it("the failure dialog is right-to-left too, and a save without a message reads 'Something went wrong.'", async () => {
    saveAnswer = () => HttpResponse.json({}, { status: 500 });
    const user = await toCodeStep();
    await user.click(boxes()[0]);
    await user.keyboard('9999');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('dir', 'rtl');
    expect(within(dialog).getByText('!Oops')).toBeInTheDocument();
    expect(within(dialog).getByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Invoice' })).toBeInTheDocument();
  });

  it("money: the spec's EGY and RMB are shown as the ISO codes EGP and CNY, others as they are, Latin digits, unknown codes fall back", async () => {
    const { money: format } = await import('../../../src/lib/money');
    const money = (...a: Parameters<typeof format>) => format(...a).replace(/\s/g, ' ');
    expect(money(12.5, 'EGY', 'en-US')).toBe('EGP 12.50');
    expect(money(3, 'RMB', 'en-US')).toBe('CNY 3.00');
    expect(money(3, 'EUR', 'en-US')).toBe('EUR 3.00');
    expect(money(3, 'USD', 'en-US')).toBe('USD 3.00');
    expect(money(1234.5, 'SAR', 'ar-SA')).toMatch(/1,234\.50|1٬234٫50|1234\.50|1,234.50/);
    expect(money(1234.5, 'SAR', 'ar-SA')).not.toMatch(/[٠-٩]/);
    expect(money(12.5, 'EGY', 'ar-SA')).toContain('EGP');
    expect(money(3, 'XXXX', 'en-US')).toBe('XXXX 3.00');
  });

  it('a receipt of an EGY order shows its amounts in EGP', async () => {
    invoiceAnswer = () => HttpResponse.json({ ...INVOICE, currency: 'EGY' });
    await openReceipt();
    expect(screen.getByTestId('takeout-total')).toHaveTextContent('EGP 74.75');
    expect(screen.queryByText(/EGY/)).not.toBeInTheDocument();
  });

  it('Arabic from the browser language translates the labels, Loading included', async () => {
    const spy = vi.spyOn(navigator, 'language', 'get').mockReturnValue('ar-SA');
    try {
      render(<InvoicePage />);
      expect(screen.getByRole('status', { name: 'جار التحميل' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'حفظ الفاتورة' })).toBeInTheDocument();
      expect(document.documentElement.dir).toBe('rtl');
      expect(document.documentElement.lang).toBe('ar');
      expect(screen.getByText('رقم الطلب')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });
});
