// The Orders screen's search says what it searches (issue 30), under the box and in both languages: a
// placeholder goes once a term is typed, the helper text stays; a term too short to search says so instead.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, useStandIn } from './harness';
import { resetInsights } from './insightsHandlers';

useStandIn({ signedIn: true });
beforeEach(resetInsights);

const HELP = "Searches the customer's phone (any digits of it, 0551... too) and the order number";

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
});
