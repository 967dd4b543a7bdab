// The loyalty ledger (issue 47) in the back-office: /ledger lists every movement from GET /api/loyalty/ledger,
// newest first, each movement named in the admin's language with its signed points, receipt, till and reason; the
// filters (restaurant, movement, dates, a member from the Members list) are sent to the server; both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
      return HttpResponse.json(ENTRIES, { headers: { 'X-Total-Count': '3' } });
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
});
