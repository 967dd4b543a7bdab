import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReceiptSummary, SavedReceipt } from '../../../src/contract/customer';
import { ReceiptsPage } from '../../../src/receipts/ReceiptsPage';
import { INVOICE } from './fixtures';
import { onUnhandledRequest } from '../unhandled';

// My receipts against msw stand-ins of its calls, which keep a session the way the server does (a cookie
// they set and check) and answer in the language the page asks for. Rendered at 320 px in both languages.
const SUMMARIES: ReceiptSummary[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 - i,
  restaurant: { name: `Restaurant ${12 - i}`, logo: '' },
  branch_name: 'Olaya',
  order_number: String(900 - i),
  order_date: '2026-11-22',
  order_time: `2${i % 4}:00`,
  total_price: 10 + i,
  currency: 'SAR',
  saved_at: '2026-11-22T20:00:00Z',
}));
const FULL: SavedReceipt = { ...INVOICE, id: 100 } as unknown as SavedReceipt;

let signedIn = false;
let langs: string[] = [];
let deleted = 0;
const say = (request: Request, en: string, ar: string) => (request.headers.get('accept-language') === 'ar' ? ar : en);

const server = setupServer(
  http.get('*/customer/session', ({ request }) => {
    return signedIn
      ? HttpResponse.json({ phone: '•••••••••567', expiresAt: '2026-11-22T21:00:00Z' })
      : HttpResponse.json(
          {
            message: say(
              request,
              'Please sign in with your phone number to see your receipts',
              'يرجى تسجيل الدخول برقم جوالك لعرض فواتيرك',
            ),
          },
          { status: 401 },
        );
  }),
  http.post('*/customer/code', async ({ request }) => {
    const { phone } = (await request.json()) as { phone: string };
    if (phone !== '0501234567')
      return HttpResponse.json(
        { message: say(request, 'Enter a valid mobile number', 'أدخل رقم جوال صحيحًا') },
        { status: 400 },
      );
    return HttpResponse.json({ message: 'sent' });
  }),
  http.post('*/customer/session', async ({ request }) => {
    const { otp } = (await request.json()) as { otp: string };
    if (otp !== '1234') {
      return HttpResponse.json(
        {
          message: say(
            request,
            'The code is wrong or has expired, please ask for a new one',
            'الرمز غير صحيح أو انتهت صلاحيته، يرجى طلب رمز جديد',
          ),
        },
        { status: 400 },
      );
    }
    signedIn = true;
    return HttpResponse.json({ phone: '•••••••••567', expiresAt: '2026-11-22T21:00:00Z' });
  }),
  http.delete('*/customer/session', () => {
    signedIn = false;
    return HttpResponse.json({ message: 'You have signed out' });
  }),
  http.get('*/customer/receipts', ({ request }) => {
    if (!signedIn) return HttpResponse.json({ message: 'sign in' }, { status: 401 });
    const q = new URL(request.url).searchParams;
    const page = Number(q.get('page'));
    const perPage = Number(q.get('perPage'));
    return HttpResponse.json({
      receipts: SUMMARIES.slice((page - 1) * perPage, page * perPage),
      total: SUMMARIES.length,
      page,
      perPage,
    });
  }),
  http.get('*/customer/receipts/:id', ({ params }) =>
    signedIn && Number(params.id) === 100
      ? HttpResponse.json(FULL)
      : HttpResponse.json({ message: 'Receipt not found' }, { status: 404 }),
  ),
  // The guestbook's consents (issue 34): none here, so the page shows no consents section.
  http.get('*/customer/consents', () =>
    signedIn ? HttpResponse.json({ consents: [] }) : HttpResponse.json({ message: 'sign in' }, { status: 401 }),
  ),
  // Loyalty (issue 47): no program here, so the page shows no card (tests/web/public/rewards.test.tsx shows them).
  http.get('*/customer/loyalty', () =>
    signedIn ? HttpResponse.json({ programs: [] }) : HttpResponse.json({ message: 'sign in' }, { status: 401 }),
  ),
  http.post('*/customer/data/code', () => HttpResponse.json({ message: 'sent' })),
  http.post('*/customer/data/delete', async ({ request }) => {
    const { otp } = (await request.json()) as { otp: string };
    if (otp !== '4321')
      return HttpResponse.json(
        { message: 'The code is wrong or has expired, please ask for a new one' },
        { status: 400 },
      );
    signedIn = false;
    deleted++;
    return HttpResponse.json({
      message: say(
        request,
        'Your data has been deleted: your account and 12 saved receipts',
        'تم حذف بياناتك: حسابك و12 فاتورة محفوظة',
      ),
      receipts: 12,
    });
  }),
);

server.events.on('request:start', ({ request }) => {
  langs.push(request.headers.get('accept-language') ?? '');
});
beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  window.history.replaceState(null, '', '/user/receipts');
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 320 });
  window.dispatchEvent(new Event('resize'));
  signedIn = false;
  langs = [];
  deleted = 0;
});
afterEach(() => server.resetHandlers());

async function typeCode(user: ReturnType<typeof userEvent.setup>, label: string, code: string) {
  await user.click(screen.getByLabelText(`${label} 1`));
  await user.keyboard(code);
}

async function signInEnglish() {
  const user = userEvent.setup();
  render(<ReceiptsPage />);
  await user.type(await screen.findByLabelText('Phone'), '0501234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText('Enter the 4-digit code');
  await typeCode(user, 'Digit', '1234');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('Restaurant 12');
  return user;
}

describe('My receipts (320 px)', () => {
  it('English: signed out, it asks for the phone; a code signs in; the list shows the newest first with the masked phone', async () => {
    await signInEnglish();
    expect(document.title).toBe('Specter | My receipts');
    expect(screen.getByRole('heading', { name: 'My receipts' })).toBeTruthy();
    expect(screen.getByText('•••••••••567')).toBeTruthy();
    const rows = screen.getAllByRole('button', { name: /^Open receipt:/ });
    expect(rows).toHaveLength(10);
    expect(rows[0].textContent).toContain('Restaurant 12');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(langs.length).toBeGreaterThanOrEqual(4);
    expect(langs.every((l) => l === 'en')).toBe(true);
  });

  it('paging: Next shows the rest, Previous goes back; Previous is disabled on the first page', async () => {
    const user = await signInEnglish();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(screen.getAllByRole('button', { name: /^Open receipt:/ })).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1 of 2');
  });

  it('a receipt opens in full, drawn like the invoice page (rows, items, Takeout total), and Back returns to the list', async () => {
    const user = await signInEnglish();
    await user.click(screen.getAllByRole('button', { name: /^Open receipt:/ })[0]);
    await screen.findByText('Takeout total (incl. Tax)');
    expect(screen.getByText('Invoice #42')).toBeTruthy();
    expect(screen.getByText('Mandi Lamb')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Invoice' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to my receipts' }));
    await screen.findByText('Restaurant 12');
  });

  it("a wrong code shows the server's sentence and empties the boxes; a bad phone shows its sentence", async () => {
    const user = userEvent.setup();
    render(<ReceiptsPage />);
    await user.type(await screen.findByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid mobile number');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await typeCode(user, 'Digit', '9999');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The code is wrong or has expired, please ask for a new one'),
    );
    expect((screen.getByLabelText('Digit 1') as HTMLInputElement).value).toBe('');
  });

  it('Sign out ends the session and asks for the phone again', async () => {
    const user = await signInEnglish();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByLabelText('Phone');
    expect(signedIn).toBe(false);
    expect(screen.queryByText('Restaurant 12')).toBeNull();
  });

  it("Delete my data: explained, a code texted, then the server's confirmation; a wrong code deletes nothing", async () => {
    const user = await signInEnglish();
    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    expect(screen.getByText(/deletes your account and every receipt you saved/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await typeCode(user, 'Digit', '1111');
    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/wrong/));
    expect(deleted).toBe(0);
    await typeCode(user, 'Digit', '4321');
    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    const done = await screen.findByRole('status');
    expect(within(done).getByRole('heading', { name: 'Your data has been deleted' })).toBeTruthy();
    expect(done.textContent).toContain('Your data has been deleted: your account and 12 saved receipts');
    expect(deleted).toBe(1);
  });

  it("Arabic: right-to-left, Arabic texts, Accept-Language ar on every call, and the server's Arabic sentences shown", async () => {
    localStorage.setItem('specter.locale', 'ar');
    const user = userEvent.setup();
    render(<ReceiptsPage />);
    await user.type(await screen.findByLabelText('رقم الجوال'), '12');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'فواتيري' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    expect((await screen.findByRole('alert')).textContent).toBe('أدخل رقم جوال صحيحًا');
    await user.clear(screen.getByLabelText('رقم الجوال'));
    await user.type(screen.getByLabelText('رقم الجوال'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    await typeCode(user, 'الرقم', '1234');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await screen.findByText('Restaurant 12');
    expect(screen.getByText('الصفحة 1 من 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'حذف بياناتي' }));
    await user.click(screen.getByRole('button', { name: 'أرسل لي رمزًا' }));
    await typeCode(user, 'الرقم', '4321');
    await user.click(screen.getByRole('button', { name: 'حذف بياناتي' }));
    expect((await screen.findByRole('status')).textContent).toContain('تم حذف بياناتك: حسابك و12 فاتورة محفوظة');
    expect(langs.length).toBeGreaterThanOrEqual(7);
    expect(langs.every((l) => l === 'ar')).toBe(true);
  });
});
