// The roles in the back-office (issue 26, docs/SECURITY.md "Roles"): every button that is not react-admin's own reads
// src/permissions.ts, so a role that may not take an action never sees its button; another restaurant's pages show
// "Permission Denied" and ask the server for nothing of it; an account's edit page (GET /admin/{id}, PATCH /user/{id}).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { renderAdmin, server, signInAs, state, submit, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

type Role = 'admin' | 'manager' | 'staff';
/** Signed in as each role, tied to restaurant 5 (the stand-in's Najd Grill) when not an admin. */
const as = (role: Role) => signInAs(role, role === 'admin' ? [] : [5]);
/** The spec's Permission Denied page (its heading; the app bar's title says it too). */
const denied = async (timeout = 1000) =>
  expect((await screen.findAllByText('Permission Denied', {}, { timeout })).length).toBeGreaterThan(0);
const requested = (path: string) => state.current.requests.some((r) => r.path === path);

describe('buttons per role', () => {
  const restaurants: [Role, { add: boolean; edit: boolean; remove: boolean; connect: boolean }][] = [
    ['admin', { add: true, edit: true, remove: true, connect: true }],
    ['manager', { add: false, edit: true, remove: false, connect: false }],
    ['staff', { add: false, edit: false, remove: false, connect: false }],
  ];
  it.each(restaurants)('restaurants list, %s', async (role, may) => {
    as(role);
    renderAdmin('/restaurants');
    const row = (await screen.findByText('Najd Grill')).closest('tr') as HTMLElement;
    // Print QR's and the sheet: every role.
    expect(within(row).getByRole('button', { name: "Print QR's" })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Printable QR sheet' })).toBeInTheDocument();
    expect(!!within(row).queryByRole('link', { name: 'Edit Najd Grill' })).toBe(may.edit);
    expect(!!within(row).queryByRole('button', { name: 'Delete Najd Grill' })).toBe(may.remove);
    expect(!!screen.queryByRole('link', { name: 'Add New' })).toBe(may.add);
    // Without a client id the Connect button is one line saying what to set: shown where the button would be.
    expect(!!screen.queryByTestId('foodics-not-configured')).toBe(may.connect);
  });

  it.each([
    ['admin', true],
    ['manager', true],
    ['staff', false],
  ] as [Role, boolean][])('branches: Sync, %s', async (role, may) => {
    as(role);
    renderAdmin('/restaurants/branches/5');
    await screen.findByText('Olaya');
    expect(screen.getAllByRole('button', { name: "Print QR's" }).length).toBeGreaterThan(0);
    expect(!!screen.queryByRole('button', { name: 'Sync with the POS' })).toBe(may);
  });

  it.each([
    ['admin', true],
    ['manager', true],
    ['staff', false],
  ] as [Role, boolean][])('tills: Reprint, %s', async (role, may) => {
    as(role);
    renderAdmin('/restaurants/devices/5/50');
    await screen.findByText('Cashier 1');
    expect(screen.getAllByRole('button', { name: 'Print QR' })).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: 'Reprint' })).toHaveLength(may ? 2 : 0);
  });

  it.each([
    ['admin', { exportCsv: true, lift: true, remove: true }],
    ['manager', { exportCsv: true, lift: false, remove: false }],
  ] as [Role, { exportCsv: boolean; lift: boolean; remove: boolean }][])('app users, %s', async (role, may) => {
    as(role);
    renderAdmin('/users');
    const row = (await screen.findByText('+201001234567')).closest('tr') as HTMLElement;
    expect(!!screen.queryByTestId('export-/user/export.csv')).toBe(may.exportCsv);
    expect(!!within(row).queryByRole('button', { name: 'Lift lock +201001234567' })).toBe(may.lift);
    expect(!!within(row).queryByRole('button', { name: /^Delete/ })).toBe(may.remove);
  });

  it('Admin Users, a manager: Edit and Delete on its staff, Edit only on its own row', async () => {
    state.current.admins = [
      { id: 1, name: 'Nora Admin', email: 'nora@specter.sa', role: 'manager', restaurantIds: [5] },
      { id: 3, name: 'Huda', email: 'huda@najd.sa', role: 'staff', restaurantIds: [5] },
    ] as never;
    as('manager');
    renderAdmin('/admins');
    await screen.findByText('huda@najd.sa');
    expect(screen.getByRole('link', { name: 'Edit Huda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Nora Admin' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete Huda' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Nora Admin' })).not.toBeInTheDocument();
  });

  it('staff: App Users and Admin Users are Permission Denied', async () => {
    as('staff');
    renderAdmin('/users');
    await denied();
    expect(requested('/user')).toBe(false);
  });
});

describe("another restaurant's pages", () => {
  it.each(['/restaurants/sheet/6', '/restaurants/edit/6', '/restaurants/branches/6', '/restaurants/devices/6/60'])(
    'a manager of 5 opening %s: Permission Denied, nothing of 6 asked for',
    async (path) => {
      as('manager');
      renderAdmin(path);
      await denied();
      expect(state.current.requests.filter((r) => /\/6\d?$/.test(r.path))).toEqual([]);
    },
  );

  it("an admin opening a removed restaurant's QR sheet (the server's 404): Permission Denied", async () => {
    as('admin');
    renderAdmin('/restaurants/sheet/6');
    await denied(4000);
    expect(requested('/restaurant/6')).toBe(true);
  });

  it('a manager opens its own QR sheet', async () => {
    as('manager');
    renderAdmin('/restaurants/sheet/5');
    expect(await screen.findAllByTestId('qr-card')).toHaveLength(2);
  });
});

describe("an account's edit page", () => {
  it('an admin edits a name: GET /admin/{id}, PATCH /user/{id} with name and role (no restaurants for an admin)', async () => {
    as('admin');
    const user = userEvent.setup();
    const router = renderAdmin('/admins');
    await user.click(await screen.findByRole('link', { name: 'Edit Omar Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admins/edit/2'));
    expect(await screen.findByText('omar@specter.sa')).toBeInTheDocument();
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveValue('Omar Admin'));
    await user.clear(name);
    await user.type(name, 'Omar Saleh');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admins'));
    expect(requested('/admin/2')).toBe(true);
    expect(state.current.requests.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/user/2',
      body: { name: 'Omar Saleh', role: 'admin' },
    });
    expect(await screen.findByText('Omar Saleh')).toBeInTheDocument();
  });

  it("a staff member's restaurants are kept when only its name changes", async () => {
    state.current.admins.push({
      id: 3,
      name: 'Huda',
      email: 'huda@najd.sa',
      role: 'staff',
      restaurantIds: [5],
    } as never);
    as('manager');
    const router = renderAdmin('/admins/edit/3');
    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveValue('Huda'));
    expect(await screen.findByText('Najd Grill')).toBeInTheDocument();
    await userEvent.setup().type(name, ' Saleh');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admins'));
    expect(state.current.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      name: 'Huda Saleh',
      role: 'staff',
      restaurantIds: [5],
    });
  });

  it("an admin resets a forgotten password on the account's edit page; a manager sees no such thing", async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/admins/:id/password', async ({ request, params }) => {
        asked.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({ message: 'The password has been reset' });
      }),
    );
    as('admin');
    const user = userEvent.setup();
    renderAdmin('/admins/edit/2');
    const card = await screen.findByRole('region', { name: 'Reset password' });
    const button = within(card).getByRole('button', { name: 'Set new password' });
    expect(button).toBeDisabled();
    await user.type(within(card).getByLabelText('New password'), 'short');
    expect(within(card).getByText('Should not be less than 8 characters')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('New password'), '-but-longer');
    await user.click(button);
    expect(await within(card).findByRole('status')).toHaveTextContent('The password has been reset');
    expect(asked).toEqual([{ id: '2', body: { newPassword: 'short-but-longer' } }]);
  });

  it("a manager on their staff member's edit page sees no password reset", async () => {
    state.current.admins.push({
      id: 3,
      name: 'Huda',
      email: 'huda@najd.sa',
      role: 'staff',
      restaurantIds: [5],
    } as never);
    as('manager');
    renderAdmin('/admins/edit/3');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Huda'));
    expect(screen.queryByRole('region', { name: 'Reset password' })).not.toBeInTheDocument();
  });
});
