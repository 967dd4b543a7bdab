// The guestbook (issue 34) in the back-office: /guests lists the consented guests from GET /api/guest (paged,
// sorted by the latest visit), a name opens /guests/show/{id} with their saved receipts, and /guests/insights
// shows a period beside the one before it - in both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayIn } from '../../../src/contract/dates';
import { GOOD_TOKEN, renderAdmin, server, signInAs, state, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

const GUEST = {
  id: 7,
  restaurant_id: 1,
  name: 'Sara Saleh',
  phone: '+966507771234',
  first_visit_at: '2026-11-01T10:00:00.000Z',
  last_visit_at: '2026-11-20T10:00:00.000Z',
  visits: 3,
  spend: 150.5,
  average_ticket: 50.17,
  currency: 'SAR',
  favourite_item: 'Kabsa',
  top_branch: 'Olaya',
};
const period = (from: string, to: string, receipts: number) => ({
  from,
  to,
  receipts,
  by_currency: [
    { currency: 'SAR', receipts: receipts - 1, spend: (receipts - 1) * 10, average_ticket: 10 },
    { currency: 'EGY', receipts: 1, spend: 55.5, average_ticket: 55.5 },
  ],
  guests: receipts,
  returning: 1,
  new: receipts - 1,
});

function standIn() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/guest', ({ request }) => {
      if (request.headers.get('authorization') !== `Bearer ${GOOD_TOKEN}`)
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json([GUEST], { headers: { 'X-Total-Count': '1' } });
    }),
    http.get('*/api/guest/insights', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      return HttpResponse.json({
        current: period(q.get('from')!, q.get('to')!, 4),
        previous: period('2026-11-01', '2026-11-07', 2),
        by_branch: [
          {
            restaurant_id: 1,
            restaurant: 'Najd Grill',
            branch: 'Olaya',
            currency: 'SAR',
            receipts: 3,
            spend: 30,
            average_ticket: 10,
            guests: 3,
          },
        ],
        by_day: [{ day: q.get('to')!, receipts: 4, by_currency: period('', '', 4).by_currency, guests: 4 }],
      });
    }),
    http.get('*/api/guest/7', () =>
      HttpResponse.json({
        ...GUEST,
        orders: [
          {
            id: 11,
            order_number: '1001',
            branch_name: 'Olaya',
            order_date: '2026-11-20',
            order_time: '13:00',
            total_price: 50,
            currency: 'SAR',
            saved_at: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    ),
  );
  return asked;
}

describe('guests', () => {
  it('lists the consented guests, latest visit first, and opens one with their saved receipts', async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin('/guests');
    const link = await screen.findByRole('link', { name: 'Open: Sara Saleh' });
    expect(asked[0].get('sort')).toBe('last_visit_at');
    expect(asked[0].get('order')).toBe('DESC');
    const row = link.closest('tr')!;
    expect(within(row as HTMLElement).getByText('+966507771234')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Kabsa')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Guests' })).toHaveAttribute('href', '/guests');
    await user.click(link);
    const receipts = await screen.findByRole('table', { name: 'Saved receipts at this restaurant' });
    expect(within(receipts).getByText('1001')).toBeInTheDocument();
  });

  it('the insights: this period beside the one before, in Arabic too', async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin('/guests/insights');
    const table = await screen.findByRole('table', { name: 'Insights' });
    expect(within(table).getByText('This period')).toBeInTheDocument();
    expect(within(table).getByText('Period before')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('insights-receipts')).getByText('4')).toBeInTheDocument());
    const q = asked.find((a) => a.has('from'))!;
    // Last 7 days by default: seven days ending today.
    expect((Date.parse(q.get('to')!) - Date.parse(q.get('from')!)) / 86_400_000).toBe(6);
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByText('الفترة السابقة')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByText('Period before');
  });

  // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: their calendars never show the same day, so
  // whichever the browser's is, one of the two asks differs from it - a period taken from the browser's calendar
  // fails here at any hour.
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    "today is the business day's (the server's time zone %s), not the browser's",
    async (zone) => {
      state.current.timeZone = zone;
      const asked = standIn();
      renderAdmin('/guests/insights');
      await waitFor(() => expect(asked.find((a) => a.has('from'))).toBeDefined());
      const q = asked.find((a) => a.has('from'))!;
      expect(q.get('to')).toBe(dayIn(zone));
      expect((Date.parse(q.get('to')!) - Date.parse(q.get('from')!)) / 86_400_000).toBe(6);
      // Asked once, with the business day: never first with the browser's and then again.
      expect(asked.filter((a) => a.has('from')).every((a) => a.get('to') === dayIn(zone))).toBe(true);
    },
  );

  it('money per currency (never riyals and pounds added together), each labelled with two decimals; a branch with its restaurant', async () => {
    standIn();
    renderAdmin('/guests/insights');
    const spend = await screen.findByTestId('insights-spend');
    // This period: SAR 30.00 and EGP 55.50 on lines of their own; the period before: SAR 10.00 and EGP 55.50.
    await waitFor(() => expect(within(spend).getByText('SAR 30.00')).toBeInTheDocument());
    expect(within(spend).getAllByText('EGP 55.50')).toHaveLength(2);
    expect(within(spend).getByText('SAR 10.00')).toBeInTheDocument();
    expect(within(spend).queryByText(/85\.5/)).toBeNull();
    expect(within(screen.getByTestId('insights-average_ticket')).getAllByText('EGP 55.50')).toHaveLength(2);
    const branches = screen.getByRole('table', { name: 'By branch' });
    expect(within(branches).getByText('Najd Grill')).toBeInTheDocument();
    expect(within(branches).getByText('SAR 30.00')).toBeInTheDocument();
  });

  it("a manager opens Insights on their restaurant (preselected); a refusal shows the server's sentence, never a generic error", async () => {
    const asked = standIn();
    signInAs('manager', [5]);
    renderAdmin('/guests/insights');
    await screen.findByTestId('insights-receipts');
    expect(asked.find((a) => a.has('from'))!.get('restaurantId')).toBe('5');
    expect(screen.getByRole('combobox', { name: 'Restaurant' })).toHaveTextContent('Najd Grill');
    // The server refuses: its reason is said, in the admin's language when the back-office knows it.
    server.use(
      http.get('*/api/guest/insights', () =>
        HttpResponse.json({ message: 'restaurantId: choose one of your restaurants' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Today' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one of your restaurants');
    expect(screen.queryByText('Server communication error')).toBeNull();
    server.use(
      http.get('*/api/guest/insights', () =>
        HttpResponse.json({ message: 'A sentence the page does not know' }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A sentence the page does not know'));
  });
});
