// The Loyalty page (issue 47): a restaurant's program read from and saved to /api/loyalty/programs/{id} (a refusal
// naming a field said under it, in the admin's language; staff read it), and the program's figures for a period
// beside the one before (GET /api/loyalty/insights): members, points, redemption rate, the liability per currency,
// members' receipts beside everyone else's; both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderAdmin, server, signInAs, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

const group = (receipts: number, guests: number, currency: string, spend: number) => ({
  receipts,
  guests,
  visits_per_guest: guests ? Math.round((receipts / guests) * 100) / 100 : null,
  by_currency: [{ currency, receipts, spend, average_ticket: Math.round((spend / receipts) * 100) / 100 }],
});
const period = (from: string, to: string, scale: number) => ({
  from,
  to,
  members: 40 * scale,
  new_members: 4 * scale,
  active_members: 12 * scale,
  points_issued: 1000 * scale,
  points_redeemed: 250 * scale,
  points_expired: 30,
  points_forfeited: 10,
  redemption_rate: 0.25,
  outstanding_points: 2000 * scale,
  liability: [{ currency: 'SAR', points: 2000 * scale, value: 500 * scale }],
  unvalued_points: 0,
  members_group: group(30 * scale, 12 * scale, 'SAR', 1800 * scale),
  others_group: group(20, 18, 'SAR', 700),
});

function standIn(refuse?: string) {
  const asked: { method: string; url: URL; body?: unknown }[] = [];
  let program = { restaurant_id: 5, enabled: true, points_per_unit: 1, min_spend: 0, expiry_days: 180 };
  server.use(
    http.get('*/api/loyalty/programs/:id', ({ request }) => {
      asked.push({ method: 'GET', url: new URL(request.url) });
      return HttpResponse.json(program);
    }),
    http.put('*/api/loyalty/programs/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.push({ method: 'PUT', url: new URL(request.url), body });
      if (refuse) return HttpResponse.json({ message: refuse }, { status: 400 });
      program = { ...program, ...body };
      return HttpResponse.json(program);
    }),
    http.get('*/api/loyalty/insights', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push({ method: 'GET', url: new URL(request.url) });
      return HttpResponse.json({
        current: period(q.get('from')!, q.get('to')!, 2),
        previous: period('2026-10-01', '2026-10-30', 1),
        point_values: [{ restaurant_id: 5, restaurant: 'Najd Grill', currency: 'SAR', value: 0.25 }],
      });
    }),
  );
  return asked;
}

describe('the Loyalty page', () => {
  it('an admin picks a restaurant, reads its program and saves a change', async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin('/loyalty');
    expect(await screen.findByText('Choose a restaurant to see its program.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Najd Grill' }));
    const form = await screen.findByRole('form', { name: 'Program' });
    const rate = await within(form).findByLabelText('Points per 1 of the currency paid');
    await waitFor(() => expect(rate).toHaveValue('1'));
    await user.clear(rate);
    await user.type(rate, '2');
    await user.click(within(form).getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(asked.some((a) => a.method === 'PUT')).toBe(true));
    const put = asked.find((a) => a.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/loyalty/programs/5');
    expect(put.body).toEqual({ enabled: true, points_per_unit: 2, min_spend: 0, expiry_days: 180 });
    expect(await screen.findByText('Program saved')).toBeInTheDocument();
  });

  it('a refusal naming a field is said under it, in Arabic too', async () => {
    const user = userEvent.setup();
    standIn('points_per_unit: must be at most 100');
    signInAs('manager', [5]);
    renderAdmin('/loyalty');
    const form = await screen.findByRole('form', { name: 'Program' });
    const rate = await within(form).findByLabelText('Points per 1 of the currency paid');
    await waitFor(() => expect(rate).toHaveValue('1'));
    await user.clear(rate);
    await user.type(rate, '500');
    await user.click(within(form).getByRole('button', { name: 'Save program' }));
    expect(await within(form).findByText('Must be at most 100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    const ar = await screen.findByRole('form', { name: 'البرنامج' });
    await user.click(within(ar).getByRole('button', { name: 'حفظ البرنامج' }));
    expect(await within(ar).findByText('يجب ألا يتجاوز 100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('form', { name: 'Program' });
  });

  it('staff read the program, with no Save', async () => {
    standIn();
    signInAs('staff', [5]);
    renderAdmin('/loyalty');
    const form = await screen.findByRole('form', { name: 'Program' });
    expect(
      await within(form).findByText('Admins and managers change the program; you can read it.'),
    ).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save program' })).toBeNull();
    expect(within(form).getByLabelText('Points per 1 of the currency paid')).toBeDisabled();
  });

  it('the figures: this period beside the one before, the liability in money, members beside everyone else', async () => {
    const asked = standIn();
    renderAdmin('/loyalty');
    const table = await screen.findByRole('table', { name: 'Insights' });
    const q = asked.find((a) => a.url.pathname === '/api/loyalty/insights')!.url.searchParams;
    // The last 30 days by default, every restaurant of the admin's.
    expect((Date.parse(q.get('to')!) - Date.parse(q.get('from')!)) / 86_400_000).toBe(29);
    expect(q.get('restaurantId')).toBeNull();
    expect(within(screen.getByTestId('loyalty-members')).getByText('80')).toBeInTheDocument();
    expect(within(screen.getByTestId('loyalty-redemption_rate')).getAllByText('25%')).toHaveLength(2);
    expect(within(screen.getByTestId('loyalty-liability')).getByText('SAR 1,000.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('loyalty-liability')).getByText('SAR 500.00')).toBeInTheDocument();
    expect(within(table).getByText('This period')).toBeInTheDocument();
    const lift = screen.getByRole('table', { name: 'Members beside everyone else' });
    const members = within(lift).getByTestId('loyalty-membersGroup');
    expect(within(members).getByText('60')).toBeInTheDocument();
    expect(within(members).getByText('2.5')).toBeInTheDocument();
    expect(within(within(lift).getByTestId('loyalty-othersGroup')).getByText('1.11')).toBeInTheDocument();
  });

  it("a restaurant's figures never show another selection's while they load", async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    standIn();
    server.use(
      http.get('*/api/loyalty/insights', async ({ request }) => {
        const q = new URL(request.url).searchParams;
        const one = q.get('restaurantId') === '5';
        if (one) await held;
        return HttpResponse.json({
          current: period(q.get('from')!, q.get('to')!, one ? 3 : 2),
          previous: period('2026-10-01', '2026-10-30', 1),
          point_values: [{ restaurant_id: 5, restaurant: 'Najd Grill', currency: 'SAR', value: 0.25 }],
        });
      }),
    );
    renderAdmin('/loyalty');
    // Every restaurant's figures first (80 members), then Najd Grill's (120), held until released.
    expect(within(await screen.findByTestId('loyalty-members')).getByText('80')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Najd Grill' }));
    await screen.findByRole('form', { name: 'Program' });
    expect(screen.queryByTestId('loyalty-members')).toBeNull();
    release();
    expect(within(await screen.findByTestId('loyalty-members')).getByText('120')).toBeInTheDocument();
  });
});
