import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { page } from '../../../src/admin/layout/reloadAt';
import { renderAdmin, signIn, useStandIn } from './harness';

// The test DOM does not load pages: the full reload Logout does is played by the memory router (the e2e journey
// sees the real reload in Chromium).

useStandIn({ signedIn: false });

describe('routes, guards and sign-in', () => {
  it.each([
    '/home',
    '/admins',
    '/admins/add',
    '/users',
    '/restaurants',
    '/restaurants/add',
    '/restaurants/edit/5',
    '/restaurants/branches/5',
    '/restaurants/devices/5/50',
  ])('a visitor on %s goes to /login', async (path) => {
    const router = renderAdmin(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('/ shows the login screen to a visitor', async () => {
    const router = renderAdmin('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/', '/login'])('a verified admin on %s goes to /home', async (path) => {
    signIn();
    const router = renderAdmin(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('validation messages appear only after touching, with the spec texts', async () => {
    const user = userEvent.setup();
    renderAdmin('/login');
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.click(email);
    await user.click(password);
    expect(screen.getByText('Required')).toBeInTheDocument();
    await user.type(password, '12345');
    await user.click(email);
    expect(await screen.findByText('Should be 8 Numbers or characters')).toBeInTheDocument();
    await user.type(password, '6');
    await waitFor(() => expect(screen.queryByText('Should be 8 Numbers or characters')).not.toBeInTheDocument());
  });

  it('the e-mail has the focus, and the page says to ask an admin for a forgotten password (issue 49)', async () => {
    renderAdmin('/login');
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(
      screen.getByText('Forgot your password? Ask an admin of your Specter to set a new one for you.'),
    ).toBeInTheDocument();
  });

  it("a wrong password shows the red banner 'Invalid Email or Password'", async () => {
    const user = userEvent.setup();
    renderAdmin('/login');
    await user.type(await screen.findByLabelText('Email'), 'nora@specter.sa');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid Email or Password')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signing in stores the token and lands on /home', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/login');
    await user.type(await screen.findByLabelText('Email'), 'nora@specter.sa');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('token')).toBe('good-token');
    expect(await screen.findByText('Latest Orders')).toBeInTheDocument();
  });

  it("an unknown path shows 'Permission Denied' with a Home button to /home", async () => {
    signIn();
    const user = userEvent.setup();
    const router = renderAdmin('/no/such/page');
    expect((await screen.findAllByText('Permission Denied')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('the sidebar links; Logout removes the token, reloads at /login and the login screen stays', async () => {
    signIn();
    const user = userEvent.setup();
    const router = renderAdmin('/home');
    const reloadAt = vi.spyOn(page, 'reloadAt').mockImplementation((path) => {
      void router.navigate(path);
    });
    const nav = await screen.findByRole('menu');
    // The menu shows Home at once and each resource once the account's permissions are read: waited for, not
    // assumed (a loaded machine rendered the menu before them).
    for (const [name, href] of [
      ['Home', '/home'],
      ['Admin Users', '/admins'],
      ['App Users', '/users'],
      ['Restaurants', '/restaurants'],
    ]) {
      const items = await within(nav).findAllByRole('menuitem', { name });
      expect(items.some((a) => a.getAttribute('href') === href)).toBe(true);
    }
    await screen.findByText('Latest Orders');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    // A remembered "verified" answer would send /login straight back to /home: the login screen must stay.
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('paths react-admin would otherwise accept', () => {
  it.each(['/restaurants/create', '/restaurants/5', '/admins/create', '/users/12', '/restaurants/edit'])(
    '%s reads Permission Denied',
    async (path) => {
      signIn();
      renderAdmin(path);
      expect((await screen.findAllByText('Permission Denied')).length).toBeGreaterThan(0);
    },
  );
});
