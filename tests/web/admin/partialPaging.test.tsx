import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin, state, useStandIn } from './harness';

useStandIn({ signedIn: true });

// A search matching more rows than the server counts (X-Total-Exact: false) pages without a last page and
// says "of more than", in English and Arabic, instead of a total the server did not count.
const manyUsers = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: 100 + i,
    firstName: 'Sara',
    lastName: `N${String(i).padStart(2, '0')}`,
    phone: `+9665000000${String(i).padStart(2, '0')}`,
    birthDate: null,
    gender: null,
    lastLogin: null,
    lockedUntil: null,
    createdAt: `2026-11-${String(30 - i).padStart(2, '0')}T08:00:00Z`,
    updatedAt: '2026-11-01T08:00:00Z',
  }));

describe('lists whose total is a lower bound', () => {
  it('show "1-25 of more than 25" and page on with Next; the last page shows its rows and no Next', async () => {
    state.current.users = manyUsers(30);
    state.current.totalCap = 20;
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara N00');
    expect(screen.getByText('1-25 of more than 25')).toBeInTheDocument();
    expect(screen.queryByText(/of 20\b/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Sara N25')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /next page/i })).toBeDisabled());
  });

  it('say it in Arabic: "1-25 من أكثر من 25"', async () => {
    state.current.users = manyUsers(30);
    state.current.totalCap = 20;
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara N00');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(screen.getByText('1-25 من أكثر من 25')).toBeInTheDocument());
    // Right to left, each arrow still does its own job: Previous off on the first page, Next off on the last.
    expect(screen.getByRole('button', { name: 'السابق' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('Sara N25')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'السابق' })).toBeEnabled();
  }, 60_000); // two renders of the whole back-office (English, then Arabic): slow on a busy machine
});
