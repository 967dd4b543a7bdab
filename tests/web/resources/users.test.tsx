import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { firstCells, headers, renderAdmin, state, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

describe('app users', () => {
  it('All Users: columns in order, dashes for missing values', async () => {
    renderAdmin('/users');
    expect(await screen.findByText('+966501234567')).toBeInTheDocument();
    expect(screen.getAllByText('All Users').length).toBeGreaterThan(0);
    const table = screen.getByRole('table');
    expect(headers(table).slice(0, 7)).toEqual([
      '#',
      'Name',
      'Phone',
      'BirthDate',
      'Gender',
      'Last Login',
      'Created At',
    ]);
    const row = screen.getByText('+201001234567').closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['-', '+201001234567', '-', '-', '-']);
    expect(screen.getByText('Sara Saleh')).toBeInTheDocument();
  });

  it.each([
    ['a paging server searches (q in the call)', false],
    ['a bare-array server is searched in the browser', true],
  ])('search filters the table: %s', async (_, bareArrays) => {
    state.current.bareArrays = bareArrays;
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara Saleh');
    await user.type(screen.getByPlaceholderText('Search'), 'sara');
    await waitFor(() => expect(screen.queryByText('+201001234567')).not.toBeInTheDocument());
    expect(screen.getByText('Sara Saleh')).toBeInTheDocument();
    const asked = state.current.requests
      .filter((r) => r.method === 'GET' && r.path === '/user')
      .map((r) => new URLSearchParams(r.query));
    expect(asked.at(-1)?.get('q')).toBe('sara');
  });

  it('paging: the next page asks the server for page 2 and shows its rows, numbered on from 26', async () => {
    state.current.users = Array.from({ length: 30 }, (_, i) => ({
      id: 100 + i,
      firstName: 'User',
      lastName: `N${String(i).padStart(2, '0')}`,
      phone: `+9665000000${String(i).padStart(2, '0')}`,
      birthDate: null,
      gender: null,
      lastLogin: null,
      createdAt: `2026-11-${String(30 - i).padStart(2, '0')}T08:00:00Z`,
      updatedAt: '2026-11-01T08:00:00Z',
      lockedUntil: null,
    }));
    const user = userEvent.setup();
    renderAdmin('/users');
    // Newest first: N00 (30 November) heads page 1, N24 ends it; N25..N29 are page 2.
    await screen.findByText('User N00');
    expect(screen.getByText('User N24')).toBeInTheDocument();
    expect(screen.queryByText('User N25')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('User N25')).toBeInTheDocument();
    expect(screen.queryByText('User N00')).not.toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(firstCells(table)).toEqual(['26', '27', '28', '29', '30']);
    const asked = state.current.requests
      .filter((r) => r.path === '/user')
      .map((r) => Object.fromEntries(new URLSearchParams(r.query)));
    expect(asked.at(-1)).toMatchObject({ page: '2', perPage: '25', sort: 'createdAt', order: 'DESC' });
  });

  it('the users list shows rows fetched with the bearer token; the same call without it is answered 401', async () => {
    renderAdmin('/users');
    await screen.findByText('Sara Saleh');
    const anonymous = await fetch('http://localhost/user?page=1');
    expect(anonymous.status).toBe(401);
    const withToken = await fetch('http://localhost/user?page=1', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    expect(withToken.status).toBe(200);
  });

  it("delete: the right-to-left confirm dialog, cancel does nothing, confirm deletes, refreshes and shows 'Deleted'", async () => {
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara Saleh');
    await user.click(screen.getByRole('button', { name: 'Delete +966501234567' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('? Are you sure')).toHaveAttribute('dir', 'rtl');
    expect(within(dialog).getByText("! You can't reverse this deletion")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.current.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete +966501234567' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '! Yes, delete' }));
    const done = await screen.findByText('The User has been removed');
    expect(within(done.closest('[role="dialog"]') as HTMLElement).getByText('Deleted')).toBeInTheDocument();
    expect(state.current.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/user/11']);
    await waitFor(() => expect(screen.queryByText('Sara Saleh')).not.toBeInTheDocument());
  });

  it('a locked phone shows "Locked until ..." and Lift lock; cancel does nothing, confirm calls DELETE /user/{id}/lock, shows "Lock lifted" and the mark goes', async () => {
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara Saleh');
    const lockedRow = screen.getByText('+201001234567').closest('tr')!;
    expect(within(lockedRow).getByText(/^Locked until /)).toBeInTheDocument();
    const freeRow = screen.getByText('+966501234567').closest('tr')!;
    expect(within(freeRow).queryByText(/Locked until/)).not.toBeInTheDocument();
    expect(within(freeRow).queryByRole('button', { name: /Lift lock/ })).not.toBeInTheDocument();

    await user.click(within(lockedRow).getByRole('button', { name: 'Lift lock +201001234567' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Lift the lock on this number?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.current.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(lockedRow).getByRole('button', { name: 'Lift lock +201001234567' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, lift it' }));
    const done = await screen.findByText('The number can receive codes again');
    expect(within(done.closest('[role="dialog"]') as HTMLElement).getByText('Lock lifted')).toBeInTheDocument();
    expect(state.current.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/user/12/lock']);
    await waitFor(() => expect(screen.queryByText(/Locked until/)).not.toBeInTheDocument());
  });

  it('no users -> "Users doesn\'t exist"', async () => {
    state.current.users = [];
    renderAdmin('/users');
    expect(await screen.findByText("Users doesn't exist")).toBeInTheDocument();
  });
});
