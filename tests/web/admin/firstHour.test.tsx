// A new admin's first steps: signing in from / and a signed-out visitor on a protected page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshState, renderAdmin, server, signIn, state } from './harness';
import { onUnhandledRequest } from '../unhandled';

beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  state.current = freshState();
  localStorage.clear();
});
afterEach(() => server.resetHandlers());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sign-in and the route guard', () => {
  it('signing in at / lands on /home at the first try and stays there', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/');
    await user.type(await screen.findByLabelText('Email'), 'nora@specter.sa');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('table', { name: 'Latest Orders' })).toBeInTheDocument();
    await pause(300);
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('a visitor on /restaurants is sent to /login once, replacing the entry (so Back leaves)', async () => {
    const router = renderAdmin('/restaurants');
    const moves: { path: string; action: string }[] = [];
    router.subscribe((s) => moves.push({ path: s.location.pathname, action: s.historyAction }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await pause(300);
    expect(moves.filter((m, i) => i === 0 || m.path !== moves[i - 1].path)).toEqual([
      { path: '/login', action: 'REPLACE' },
    ]);
  });
});

describe('small things', () => {
  it('one date format: the dashboard writes order dates like the App Users list writes dates', async () => {
    signIn();
    renderAdmin('/home');
    const table = await screen.findByRole('table', { name: 'Latest Orders' });
    const firstRow = within(table).getAllByRole('row')[1];
    const dateCell = within(firstRow).getAllByRole('cell')[4];
    expect(dateCell.textContent).toBe('22 Nov 2026'); // src/admin/lists/format.ts, one format per language
    expect(dateCell.textContent).not.toBe('2026-11-22');
  });

  it("searching an app user's full phone as shown finds them", async () => {
    signIn();
    const user = userEvent.setup();
    renderAdmin('/users');
    const shown = (await screen.findByText('+966501234567')).textContent!;
    await user.type(screen.getByPlaceholderText('Search'), shown);
    await waitFor(() => expect(screen.queryByText('+201001234567')).not.toBeInTheDocument());
    expect(screen.getByText('Sara Saleh')).toBeInTheDocument();
  });
});
