import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerLoyalty, SaveLoyalty } from '../../../src/contract/loyalty';
import { InvoicePage } from '../../../src/invoice/InvoicePage';
import { ReceiptsPage } from '../../../src/receipts/ReceiptsPage';
import { INVOICE } from './fixtures';

// Loyalty on the public pages (issue 47) against msw stand-ins: the invoice page's Success dialog says what the
// receipt earned, or offers to join for it (and joins); My receipts shows a card per restaurant with its QR, and
// Withdraw says the points are lost before it is confirmed. Both languages.
const QR = '{"customer_mobile_number": "501234567", "mobile_country_code": 966}';
const CARDS: CustomerLoyalty = {
  programs: [
    {
      restaurant_id: 7,
      restaurant: { name: 'Najd Grill', logo: 'https://example.com/najd.png' },
      balance: 43,
      next_reward: { name: '10 SAR off', cost: 60, missing: 17 },
      rewards: [
        { id: 1, name: 'Free Karak Tea', cost: 30, affordable: true },
        { id: 2, name: '10 SAR off', cost: 60, affordable: false },
      ],
      expires_at: '2027-05-21T10:00:00.000Z',
      qr: QR,
      entries: [
        {
          id: 3,
          kind: 'give-back',
          points: 30,
          balance_after: 43,
          at: '2026-11-22T20:10:00Z',
          order_number: null,
          reward: 'Free Karak Tea',
        },
        {
          id: 2,
          kind: 'redeem',
          points: -30,
          balance_after: 13,
          at: '2026-11-22T20:05:00Z',
          order_number: null,
          reward: 'Free Karak Tea',
        },
        {
          id: 1,
          kind: 'earn',
          points: 43,
          balance_after: 43,
          at: '2026-11-22T20:00:00Z',
          order_number: '2042',
          reward: null,
        },
      ],
    },
  ],
};

let saveLoyalty: SaveLoyalty | undefined;
let joins: unknown[] = [];
let withdrawn: string[] = [];
let cards: CustomerLoyalty = CARDS;
const say = (request: Request, en: string, ar: string) => (request.headers.get('accept-language') === 'ar' ? ar : en);

const server = setupServer(
  http.get('*/order/foodics/web/last-order', () => HttpResponse.json(INVOICE)),
  http.post('*/user', () => HttpResponse.json({ message: 'sent' })),
  http.post('*/order/foodics/web/add-order', () =>
    HttpResponse.json({
      message: 'saved',
      id: 91,
      proof: 'the-proof',
      ...(saveLoyalty ? { loyalty: saveLoyalty } : {}),
    }),
  ),
  http.post('*/customer/loyalty/join', async ({ request }) => {
    joins.push(await request.json());
    return HttpResponse.json({
      message: say(
        request,
        "You joined Najd Grill's rewards. Points earned: 28. Your balance: 28",
        'انضممت إلى مكافآت Najd Grill. النقاط المكتسبة: 28. رصيدك: 28',
      ),
      points: 28,
      balance: 28,
    });
  }),
  http.get('*/customer/session', () =>
    HttpResponse.json({ phone: '•••••••••567', expiresAt: '2026-11-22T21:00:00Z', deleteWithoutCodeUntil: null }),
  ),
  http.get('*/customer/receipts', () => HttpResponse.json({ receipts: [], total: 0, page: 1, perPage: 10 })),
  http.get('*/customer/loyalty', () => HttpResponse.json(cards)),
  http.get('*/customer/consents', () =>
    HttpResponse.json({
      consents: [
        {
          restaurant_id: 7,
          restaurant: { name: 'Najd Grill', logo: '' },
          wording_version: 2,
          consented_at: '2026-11-22T20:00:00Z',
        },
      ],
    }),
  ),
  http.delete('*/customer/consents/:id', ({ params }) => {
    withdrawn.push(String(params.id));
    cards = { programs: [] };
    return HttpResponse.json({
      message: 'Najd Grill no longer knows you as a guest, and you left its rewards (points lost: 43)',
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  saveLoyalty = undefined;
  joins = [];
  withdrawn = [];
  cards = CARDS;
});
afterEach(() => server.resetHandlers());

async function saveReceipt(lang: 'en' | 'ar' = 'en') {
  window.history.replaceState(null, '', '/user/invoice?restId=7&deviceId=dev-1');
  if (lang === 'ar') localStorage.setItem('specter.locale', 'ar');
  const user = userEvent.setup();
  render(<InvoicePage />);
  const t =
    lang === 'ar' ? { save: 'حفظ الفاتورة', phone: 'رقم الجوال', ok: 'حفظ', digit: 'الرقم', send: 'إرسال' } : null;
  await user.click(await screen.findByRole('button', { name: t?.save ?? 'Save Invoice' }));
  await user.type(screen.getByLabelText(t?.phone ?? 'Phone'), '0501234567');
  await user.click(screen.getByRole('button', { name: t?.ok ?? 'Save' }));
  await user.click(await screen.findByLabelText(`${t?.digit ?? 'Digit'} 1`));
  await user.keyboard('1234');
  await user.click(screen.getByRole('button', { name: t?.send ?? 'Send' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('the Success dialog and the rewards', () => {
  it('the one yes reads "Join {restaurant}\'s rewards: it will know your visits and spend", unticked', async () => {
    window.history.replaceState(null, '', '/user/invoice?restId=7&deviceId=dev-1');
    const user = userEvent.setup();
    render(<InvoicePage />);
    await user.click(await screen.findByRole('button', { name: 'Save Invoice' }));
    const box = screen.getByRole('checkbox', { name: "Join Najd Grill's rewards: it will know your visits and spend" });
    expect(box).not.toBeChecked();
  });

  it('a member: what the receipt earned and the new balance', async () => {
    saveLoyalty = { member: true, points: 43, balance: 58, below_min_spend: false };
    const { dialog } = await saveReceipt();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Points earned: 43. Your balance at Najd Grill: 58');
    expect(within(dialog).queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it("no yes: what joining would give, and Join right there earns it (the save's proof names the phone)", async () => {
    saveLoyalty = { member: false, points: 28, balance: null, below_min_spend: false };
    const { user, dialog } = await saveReceipt();
    expect(within(dialog).getByText('Join and get 28 points for this receipt')).toBeInTheDocument();
    const join = within(dialog).getByRole('button', { name: "Join Najd Grill's rewards" });
    // Focus goes round the dialog's buttons and link: Join can be reached from the keyboard.
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveFocus();
    await user.tab();
    await user.tab();
    expect([join, within(dialog).getByRole('link', { name: 'See my receipts' }), done]).toContain(
      document.activeElement,
    );
    await user.click(join);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "You joined Najd Grill's rewards. Points earned: 28. Your balance: 28",
    );
    expect(joins).toEqual([{ receipt_id: 91, proof: 'the-proof' }]);
    expect(within(dialog).queryByRole('button', { name: "Join Najd Grill's rewards" })).toBeNull();
  });

  it('Arabic: the offer and the join in Arabic', async () => {
    saveLoyalty = { member: false, points: 28, balance: null, below_min_spend: false };
    const { user, dialog } = await saveReceipt('ar');
    expect(within(dialog).getByText('انضم واحصل على 28 نقطة مقابل هذه الفاتورة')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'انضم إلى مكافآت Najd Grill' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('انضممت إلى مكافآت Najd Grill');
  });

  it('no program, or nothing to earn without the yes: nothing is said', async () => {
    const { dialog } = await saveReceipt();
    expect(within(dialog).queryByText(/points/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Join/ })).toBeNull();
  });
});

describe('My receipts: the rewards card', () => {
  async function openMyReceipts(lang: 'en' | 'ar' = 'en') {
    window.history.replaceState(null, '', '/user/receipts');
    if (lang === 'ar') localStorage.setItem('specter.locale', 'ar');
    const user = userEvent.setup();
    render(<ReceiptsPage />);
    const card = await screen.findByRole('article', { name: 'Najd Grill' });
    return { user, card };
  }

  it('balance, progress to the next reward, the rewards, the expiry date, the QR for the cashier, the history', async () => {
    const { card } = await openMyReceipts();
    expect(within(card).getByTestId('reward-balance')).toHaveTextContent('43');
    const bar = within(card).getByRole('progressbar', { name: '10 SAR off' });
    expect(bar).toHaveAttribute('aria-valuenow', '43');
    expect(bar).toHaveAttribute('aria-valuemax', '60');
    expect(within(card).getByText('Still to earn for 10 SAR off: 17')).toBeInTheDocument();
    expect(within(card).getByText('Free Karak Tea')).toBeInTheDocument();
    expect(within(card).getAllByText(/yours now/)).toHaveLength(1);
    expect(
      within(card).getByText(/Your points expire on .*2027 unless you earn or redeem before then/),
    ).toBeInTheDocument();
    const qr = within(card).getByRole('img', { name: 'Your rewards code for the cashier at Najd Grill' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(Number(qr.getAttribute('width'))).toBeGreaterThanOrEqual(240);
    expect(within(card).getByText('Show this code to the cashier')).toBeInTheDocument();
    const history = within(card).getByText('History').closest('details')!;
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Given back \(order returned\) · Free Karak Tea · .*\+30$/),
      expect.stringMatching(/^Redeemed · Free Karak Tea · .*-30$/),
      expect.stringMatching(/^Earned · receipt 2042 · .*\+43$/),
    ]);
  });

  it('Arabic: the card in Arabic', async () => {
    const { card } = await openMyReceipts('ar');
    expect(within(card).getByText('الرصيد')).toBeInTheDocument();
    expect(within(card).getByText('المتبقي للحصول على 10 SAR off: 17')).toBeInTheDocument();
    expect(within(card).getByText('اعرض هذا الرمز على الكاشير')).toBeInTheDocument();
    expect(within(card).getByText('مكتسبة', { exact: false })).toBeInTheDocument();
  });

  it('Withdraw says first that the points are lost, and only the confirmation withdraws; the card goes', async () => {
    const { user } = await openMyReceipts();
    await user.click(await screen.findByRole('button', { name: 'Withdraw: Najd Grill' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Withdraw: Najd Grill' });
    expect(confirm).toHaveTextContent(
      'Najd Grill will no longer know you as a guest. You also leave its rewards, and your points there are lost (points: 43).',
    );
    expect(withdrawn).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Withdraw: Najd Grill' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('Najd Grill no longer knows you as a guest, and you left its rewards (points lost: 43)');
    expect(withdrawn).toEqual(['7']);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Najd Grill' })).toBeNull());
  });
});
