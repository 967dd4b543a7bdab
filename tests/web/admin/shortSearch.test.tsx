import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin, state, useStandIn } from './harness';

useStandIn({ signedIn: true });

// The big lists (App Users, Orders) cannot search a name or order number of one or two letters (no index answers
// it; the server refuses it with a 400): the search box says how much to type, in English and Arabic, the term is
// not sent and the list stays as it was - never a silent empty list. Digits search at any length.
const users = Array.from({ length: 3 }, (_, i) => ({
  id: 100 + i,
  firstName: 'Sara',
  lastName: `N${i}`,
  phone: `+96650000007${i}`,
  birthDate: null,
  gender: null,
  lastLogin: null,
  lockedUntil: null,
  createdAt: `2026-11-2${i}T08:00:00Z`,
  updatedAt: '2026-11-01T08:00:00Z',
}));
const HINT = 'Type at least 3 characters to search (digits: any number of them)';
const sentTerms = () =>
  state.current.requests.filter((r) => r.path.endsWith('/user')).map((r) => new URLSearchParams(r.query).get('q'));

describe('a search too short to be answered', () => {
  it('says "Type at least 3 characters", keeps the list and sends no term; three letters or one digit search', async () => {
    state.current.users = users;
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara N0');
    const box = screen.getByPlaceholderText('Search');
    await user.type(box, 'xy');
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    // The list is still the whole list, and no request carried "xy".
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.getByText('Sara N2')).toBeInTheDocument();
    expect(sentTerms()).not.toContain('xy');
    await user.type(box, 'z');
    await waitFor(() => expect(screen.queryByText(HINT)).not.toBeInTheDocument());
    await waitFor(() => expect(sentTerms()).toContain('xyz'));
    await user.clear(box);
    await user.type(box, '7');
    await waitFor(() => expect(sentTerms()).toContain('7'));
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  }, 60_000);

  it('says it in Arabic', async () => {
    state.current.users = users;
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara N0');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    const box = await screen.findByPlaceholderText('بحث');
    await user.type(box, 'سا');
    expect(await screen.findByText('اكتب 3 أحرف على الأقل للبحث (الأرقام: أي عدد منها)')).toBeInTheDocument();
  }, 60_000); // two renders of the whole back-office (English, then Arabic): slow on a busy machine
});
