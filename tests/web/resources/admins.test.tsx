import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headers, renderAdmin, state, submit, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

describe('admins', () => {
  it('#, Name, Email, Add New to /admins/add, soft delete with the plain dialogs', async () => {
    const user = userEvent.setup();
    renderAdmin('/admins');
    await screen.findByText('nora@specter.sa');
    expect(headers(screen.getByRole('table')).slice(0, 3)).toEqual(['#', 'Name', 'Email']);
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/admins/add');
    await user.click(screen.getByRole('button', { name: 'Delete Omar Admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure')).toBeInTheDocument();
    expect(within(dialog).getByText("You can't reverse this deletion")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The Admin has been removed')).toBeInTheDocument();
    expect(state.current.requests.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/user/2',
      body: { isDeleted: true },
    });
  });

  it('no admins -> "Admins doesn\'t exist"', async () => {
    state.current.admins = [];
    renderAdmin('/admins');
    expect(await screen.findByText("Admins doesn't exist")).toBeInTheDocument();
  });

  it('add admin: errors only after touch, the exact messages, role admin in the payload, then /admins', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/admins/add');
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(name, 'Layla');
    await user.type(screen.getByLabelText(/^Email/), 'layla@specter.sa');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.tab();
    expect(await screen.findByText('Should not be less than 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), '-enough');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'short-enough');
    submit();
    await waitFor(() => expect(state.current.requests.map((r) => r.method)).toContain('POST'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admins'));
    expect(state.current.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Layla',
      email: 'layla@specter.sa',
      password: 'short-enough',
      confirmPassword: 'short-enough',
      role: 'admin',
    });
  });

  it('add admin: a failure shows the red banner holding an icon only; Cancel goes to /users', async () => {
    state.current.createAdminFails = true;
    const user = userEvent.setup();
    const router = renderAdmin('/admins/add');
    await user.type(await screen.findByLabelText(/^Name/), 'Layla');
    await user.type(screen.getByLabelText(/^Email/), 'nora@specter.sa');
    await user.type(screen.getByLabelText(/^Password/), 'password-1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'password-1');
    submit();
    const banner = await screen.findByTestId('admin-error-banner');
    expect(banner.textContent?.trim()).toBe('');
    expect(banner.querySelector('svg')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });
});
