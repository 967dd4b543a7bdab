// The loyalty ledger (issue 47) in the back-office: /ledger lists every movement from GET /api/loyalty/ledger,
// newest first, each movement named in the admin's language with its signed points, receipt, till and reason; the
// filters (restaurant, movement, dates, a member from the Members list) are sent to the server; both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readSystemReason, SYSTEM_REASONS, systemReason, type SystemReason } from '../../../src/contract/ledgerReasons';
import { ar, en } from '../../../src/resources/ledger/messages';
import { renderAdmin, server, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

const entry = (id: number, extra: Record<string, unknown>) => ({
  id,
  at: '2026-11-20T09:10:00.000Z',
  restaurant_id: 5,
  restaurant: 'Najd Grill',
  member_id: 31,
  name: 'Sara Saleh',
  phone: '+966501234567',
  order_number: null,
  pos_order_id: null,
  reward_code: null,
  branch_id: null,
  user_id: null,
  admin: null,
  reason: null,
  ...extra,
});
const ENTRIES = [
  entry(5, {
    kind: 'expire',
    points: -40,
    balance_after: 0,
    reason: 'no earn or redeem for 30 days: the balance expired',
  }),
  entry(4, {
    kind: 'take-back',
    points: -20,
    balance_after: 0,
    order_number: '1077',
    reason: systemReason('takenBackShort', { how: 'void', earned: 50, taken: 20, short: 30 }),
  }),
  entry(3, { kind: 'adjust', points: -10, balance_after: 110, admin: 'nora@specter.sa', reason: 'Wrong receipt' }),
  entry(2, {
    kind: 'redeem',
    points: -50,
    balance_after: 120,
    pos_order_id: 'f-88',
    reward_code: 'TEN-OFF',
    branch_id: 'b-olaya',
    user_id: 'cashier-7',
  }),
  entry(1, { kind: 'earn', points: 170, balance_after: 170, order_number: '1042' }),
];

function standIn() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/loyalty/ledger', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(ENTRIES, { headers: { 'X-Total-Count': String(ENTRIES.length) } });
    }),
  );
  return asked;
}

describe('ledger', () => {
  it('lists every movement newest first, named, with signed points, receipt, till and reason', async () => {
    const asked = standIn();
    renderAdmin('/ledger');
    const table = await screen.findByRole('table');
    const adjust = (await within(table).findByText('Wrong receipt')).closest('tr')!;
    expect(within(adjust).getByText('Adjusted')).toBeInTheDocument();
    expect(within(adjust).getByText('-10')).toBeInTheDocument();
    expect(within(adjust).getByText('nora@specter.sa')).toBeInTheDocument();
    const redeem = within(table).getByText('TEN-OFF').closest('tr')!;
    expect(within(redeem).getByText('Redeemed')).toBeInTheDocument();
    expect(within(redeem).getByText('cashier-7')).toBeInTheDocument();
    expect(within(redeem).getByText('f-88')).toBeInTheDocument();
    const earn = within(table).getByText('1042').closest('tr')!;
    expect(within(earn).getByText('+170')).toBeInTheDocument();
    expect(asked[0].get('sort')).toBe('id');
    expect(asked[0].get('order')).toBe('DESC');
    expect(screen.getByRole('menuitem', { name: 'Ledger' })).toHaveAttribute('href', '/ledger');
  });

  it("a member's ledger (the Members list's link) and a movement are asked of the server; Arabic names them", async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin(`/ledger?filter=${encodeURIComponent('{"memberId":31}')}`);
    await screen.findByText('Wrong receipt');
    expect(asked.at(-1)!.get('memberId')).toBe('31');
    await user.click(screen.getByRole('combobox', { name: 'Movement' }));
    await user.click(await screen.findByRole('option', { name: 'Expired' }));
    await waitFor(() => expect(asked.at(-1)!.get('kind')).toBe('expire'));
    expect(asked.at(-1)!.get('memberId')).toBe('31');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByText('معدلة')).toBeInTheDocument();
    expect(screen.getByText('مستبدلة')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByText('Adjusted');
  });

  it("the system's reasons in the admin's language with their figures; a reason an account typed, as typed", async () => {
    const user = userEvent.setup();
    standIn();
    renderAdmin('/ledger');
    const table = await screen.findByRole('table');
    const takeBack = (await within(table).findByText('1077')).closest('tr')!;
    expect(
      within(takeBack).getByText(
        'order void: 50 points earned, 20 taken back; the balance stopped at zero (30 not taken)',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(
      await screen.findByText('الطلب ملغى: اكتُسبت 50 نقطة واستُردت 20؛ توقف الرصيد عند الصفر (لم تُسترد 30)'),
    ).toBeInTheDocument();
    expect(screen.getByText('لا اكتساب ولا استبدال منذ 30 يومًا: انتهت صلاحية الرصيد')).toBeInTheDocument();
    expect(screen.queryByText(/balance expired/)).toBeNull();
    // Typed by an account: never translated.
    expect(screen.getByText('Wrong receipt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
  });
});

describe("the system's ledger reasons (src/contract/ledgerReasons.ts)", () => {
  const ids = Object.keys(SYSTEM_REASONS) as SystemReason[];
  const sample = { how: 'returned', earned: '12', taken: '7', short: '5', discount: '10.5', days: '90' };

  it.each(ids)('%s is read back with its values, and has English and Arabic with the same values', (id) => {
    const names = [...SYSTEM_REASONS[id].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const values = Object.fromEntries(names.map((n) => [n, sample[n as keyof typeof sample]]));
    expect(readSystemReason(systemReason(id, values))).toEqual({ id, values });
    for (const catalogue of [en, ar]) {
      const text = catalogue.reasons[id];
      expect([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort()).toEqual([...names].sort());
    }
    expect(ar.reasons[id]).toMatch(/[\u0600-\u06FF]/);
  });

  it('a reason an account typed is none of them', () => {
    for (const typed of ['Wrong receipt', 'order void', 'redeemed at the till', ''])
      expect(readSystemReason(typed)).toBeNull();
  });
});
