import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvoicePage } from '../../../src/invoice/InvoicePage';
import { ReceiptsPage } from '../../../src/receipts/ReceiptsPage';
import { INVOICE } from './fixtures';
import { onUnhandledRequest } from '../unhandled';

// The code step (docs/PRODUCT.md, States; docs/API.md, "Asked again while a code lives"): it names the number
// the code went to, shows Resend code with its countdown, and Resend code asks the server to text the live code
// again (`resend: true`) and says so. The invoice page and My receipts' sign-in, against msw stand-ins that only
// record what they were asked.
const asked: Record<string, unknown>[] = [];
let answer: (body: Record<string, unknown>) => Record<string, unknown> = () => ({
  message: 'sent',
  sent: true,
  resendIn: 60,
});

const server = setupServer(
  http.get('*/order/foodics/web/last-order', () => HttpResponse.json(INVOICE)),
  http.post('*/user', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    asked.push(body);
    return HttpResponse.json(answer(body));
  }),
  http.get('*/customer/session', () => HttpResponse.json({ message: 'Please sign in' }, { status: 401 })),
  http.post('*/customer/code', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    asked.push(body);
    return HttpResponse.json(answer(body));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  window.history.replaceState(null, '', '/user/invoice?restId=7&deviceId=dev-1');
  window.localStorage.clear();
  asked.length = 0;
  answer = () => ({ message: 'sent', sent: true, resendIn: 60 });
});
afterEach(() => server.resetHandlers());

async function invoiceCodeStep(phone = '0551234567') {
  const user = userEvent.setup();
  render(<InvoicePage />);
  await user.click(await screen.findByRole('button', { name: 'Save Invoice' }));
  await user.type(screen.getByLabelText('Phone'), phone);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByLabelText('Digit 1');
  return user;
}

describe('the invoice page code step', () => {
  it('names the masked number the code went to and shows Resend code with its countdown, disabled while it runs', async () => {
    await invoiceCodeStep();
    expect(screen.getByText(/Enter the code we sent to/)).toHaveTextContent('Enter the code we sent to •••• 4567');
    const masked = screen.getByText('•••• 4567');
    expect(masked.tagName).toBe('BDI');
    expect(masked).toHaveAttribute('dir', 'ltr');
    const resend = screen.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(resend).toBeDisabled();
    expect(resend.textContent).toMatch(/in (60|59) s/);
  });

  it('asked again with a live code (sent: false): the code step at once; once the wait is over Resend code texts it again and says so', async () => {
    answer = (body) =>
      body.resend ? { message: 'sent', sent: true, resendIn: 60 } : { message: 'live', sent: false, resendIn: 1 };
    const user = await invoiceCodeStep();
    expect(screen.getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
    const resend = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 3000 });
    await waitFor(() => expect(resend).toBeEnabled());
    await user.type(screen.getByLabelText('Digit 1'), '9');
    await user.click(resend);
    expect(await screen.findByRole('status')).toHaveTextContent('We sent the code again');
    expect(asked).toEqual([
      { phone: '0551234567', restaurantId: '7', casherId: 'dev-1', orderId: 'ord-777' },
      { phone: '0551234567', restaurantId: '7', casherId: 'dev-1', orderId: 'ord-777', resend: true },
    ]);
    // The boxes are emptied for the code texted again, and the countdown starts over.
    expect(screen.getByLabelText('Digit 1')).toHaveValue('');
    expect(screen.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  });

  it('a refused resend (429) shows its message in the dialog and stays on the code step', async () => {
    answer = () => ({ message: 'live', sent: false, resendIn: 0 });
    const user = await invoiceCodeStep();
    server.use(
      http.post('*/user', () =>
        HttpResponse.json({ message: 'Please wait a moment before asking for a new code' }, { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please wait a moment before asking for a new code')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.getByLabelText('Digit 1')).toBeInTheDocument();
  });

  it('Arabic: the sentence is translated and the masked number stays left-to-right inside it', async () => {
    window.localStorage.setItem('specter.locale', 'ar');
    const user = userEvent.setup();
    render(<InvoicePage />);
    await user.click(await screen.findByRole('button', { name: 'حفظ الفاتورة' }));
    await user.type(screen.getByLabelText('رقم الجوال'), '٠٥٥١٢٣٤٥٦٧');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const line = await screen.findByText(/أدخل الرمز الذي أرسلناه إلى/);
    expect(line).toHaveTextContent('أدخل الرمز الذي أرسلناه إلى •••• 4567');
    expect(within(line).getByText('•••• 4567')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: /^إعادة إرسال الرمز بعد \d+ ث$/ })).toBeDisabled();
  });
});

describe("My receipts' code step", () => {
  it('names the masked number, counts down, and Resend code asks for the live code again', async () => {
    window.history.replaceState(null, '', '/user/receipts');
    answer = (body) =>
      body.resend ? { message: 'sent', sent: true, resendIn: 60 } : { message: 'live', sent: false, resendIn: 1 };
    const user = userEvent.setup();
    render(<ReceiptsPage />);
    await user.type(await screen.findByLabelText('Phone'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/Enter the code we sent to/)).toHaveTextContent('•••• 4567');
    expect(screen.getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Resend code' }, { timeout: 3000 }));
    expect(await screen.findByText('We sent the code again')).toBeInTheDocument();
    expect(asked).toEqual([{ phone: '0501234567' }, { phone: '0501234567', resend: true }]);
  });
});
