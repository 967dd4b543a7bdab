// The Orders screen's search says what it searches (issue 30), under the box and in both languages: a
// placeholder goes once a term is typed, the helper text stays; a term too short to search says so instead.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, signInAs, state, useStandIn } from './harness';
import { resetInsights } from './insightsHandlers';

useStandIn({ signedIn: true });
beforeEach(resetInsights);

const HELP = "Searches the customer's phone (any digits of it, 0551... too) and the order number";
const SCOPED =
  'Searches the order number, and the phones of customers who said yes to the restaurant (any digits, 0551... too)';

describe("the Orders screen's search", () => {
  it('says under the box what it searches, while a term is typed too', async () => {
    const user = userEvent.setup();
    renderAdmin('/orders');
    await screen.findByText('Sara Saleh');
    const box = screen.getByPlaceholderText('Phone or order number');
    // Shown, not only present: react-admin's filter form hides its inputs' helper texts (display: none).
    expect(screen.getByText(HELP)).toBeVisible();
    await user.type(box, '0551');
    expect(screen.getByText(HELP)).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'ab');
    expect(
      await screen.findByText('Type at least 3 characters to search (digits: any number of them)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(HELP)).not.toBeInTheDocument();
  }, 60_000);

  it('says it in Arabic', async () => {
    const user = userEvent.setup();
    renderAdmin('/orders');
    await screen.findByText('Sara Saleh');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() =>
      expect(screen.getByText('يبحث في جوال العميل (أي أرقام منه، و0551... أيضًا) وفي رقم الطلب')).toBeInTheDocument(),
    );
    expect(screen.getByPlaceholderText('رقم الجوال أو رقم الطلب')).toBeInTheDocument();
  }, 60_000);
  // Issue 48: a manager's or staff's phone search finds only customers who said yes to the restaurant.
  it.each(['manager', 'staff'] as const)(
    'a %s is told the phone search finds those who said yes only',
    async (role) => {
      signInAs(role, [5]);
      renderAdmin('/orders');
      await screen.findByText('Sara Saleh');
      expect(await screen.findByText(SCOPED)).toBeVisible();
      expect(screen.queryByText(HELP)).not.toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'العربية' }));
      expect(
        await screen.findByText('يبحث في رقم الطلب، وفي جوالات العملاء الذين وافقوا للمطعم (أي أرقام، و0551... أيضًا)'),
      ).toBeInTheDocument();
    },
    60_000,
  );
});

describe("a manager's App Users (issue 48)", () => {
  it('says that only customers who said yes are listed, and says it when there is none', async () => {
    signInAs('manager', [5]);
    renderAdmin('/users');
    expect(
      await screen.findByText(
        'Only customers who said yes to one of your restaurants when saving a receipt are listed',
      ),
    ).toBeVisible();
  }, 60_000);

  it('an empty list says why', async () => {
    state.current.users = [];
    signInAs('manager', [5]);
    renderAdmin('/users');
    expect(
      await screen.findByText('No customer has said yes to your restaurants yet: only those who do are listed here'),
    ).toBeInTheDocument();
  }, 60_000);

  it("an admin's list says neither", async () => {
    renderAdmin('/users');
    await screen.findByText('+201001234567');
    expect(screen.queryByText(/said yes/)).not.toBeInTheDocument();
  }, 60_000);
});
