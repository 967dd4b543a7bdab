import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshState, renderAdmin, server, signIn, state } from './harness';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  state.current = freshState();
  signIn();
});
afterEach(() => server.resetHandlers());

// user-event's click does not start jsdom's form submission for react-admin's SaveButton (a real browser
// does: the e2e journeys cover it); a plain click event does.
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim());
const firstCells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('dashboard', () => {
  it('four tiles with their links and figures, and Latest Orders with a total per currency', async () => {
    renderAdmin('/home');
    const table = await screen.findByRole('table', { name: 'Latest Orders' });
    expect(headers(table)).toEqual(['#', 'Restaurant', 'Branch', 'Username', 'Order Date', 'Order Time', 'Payment Method', 'Total']);
    expect(firstCells(table).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('total-SAR')).toHaveTextContent('SAR 50.00');
    expect(screen.getByTestId('total-EGY')).toHaveTextContent('EGY');
    for (const [name, href] of [['App Downloads', '/'], ['Users', '/users'], ['Restaurants', '/restaurants'], ['Specter Orders', '/']]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(screen.getByRole('link', { name: 'App Downloads' })).getByText('16')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('link', { name: 'Specter Orders' })).getByText('3')).toBeInTheDocument());
    expect(within(screen.getByRole('link', { name: 'Users' })).getByText('2')).toBeInTheDocument();
  });

  it("no orders -> \"Doesn't exist Orders\"", async () => {
    state.current.orders = [];
    renderAdmin('/home');
    expect(await screen.findByText("Doesn't exist Orders")).toBeInTheDocument();
  });
});

describe('app users', () => {
  it('All Users: columns in order, dashes for missing values', async () => {
    renderAdmin('/users');
    expect(await screen.findByText('+966501234567')).toBeInTheDocument();
    expect(screen.getAllByText('All Users').length).toBeGreaterThan(0);
    const table = screen.getByRole('table');
    expect(headers(table).slice(0, 7)).toEqual(['#', 'Name', 'Phone', 'BirthDate', 'Gender', 'Last Login', 'Created At']);
    const row = screen.getByText('+201001234567').closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['-', '+201001234567', '-', '-', '-']);
    expect(screen.getByText('Sara Saleh')).toBeInTheDocument();
  });

  it('search filters the table', async () => {
    const user = userEvent.setup();
    renderAdmin('/users');
    await screen.findByText('Sara Saleh');
    await user.type(screen.getByPlaceholderText('Search'), 'sara');
    await waitFor(() => expect(screen.queryByText('+201001234567')).not.toBeInTheDocument());
    expect(screen.getByText('Sara Saleh')).toBeInTheDocument();
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

  it("no users -> \"Users doesn't exist\"", async () => {
    state.current.users = [];
    renderAdmin('/users');
    expect(await screen.findByText("Users doesn't exist")).toBeInTheDocument();
  });
});

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
    expect(state.current.requests.find((r) => r.method === 'PATCH')).toEqual({ method: 'PATCH', path: '/user/2', body: { isDeleted: true } });
  });

  it("no admins -> \"Admins doesn't exist\"", async () => {
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
      name: 'Layla', email: 'layla@specter.sa', password: 'short-enough', confirmPassword: 'short-enough', role: 'admin',
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

describe('restaurants, branches, devices', () => {
  it('list: columns, logo image, Branches / edit links, Add New, hidden QR canvases', async () => {
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    expect(headers(screen.getByRole('table')).slice(0, 5)).toEqual(['#', 'Logo', 'Name', 'System Type', 'Actions']);
    expect(screen.getByRole('img', { name: 'Najd Grill' })).toHaveAttribute('src', '/demo/najd-grill.svg');
    expect(screen.getByRole('link', { name: 'Branches' })).toHaveAttribute('href', '/restaurants/branches/5');
    expect(screen.getByRole('link', { name: 'Edit Najd Grill' })).toHaveAttribute('href', '/restaurants/edit/5');
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/restaurants/add');
    expect(screen.getByRole('button', { name: "Print QR's" })).toBeInTheDocument();
    expect(screen.getByTestId('qr-canvases').querySelectorAll('canvas')).toHaveLength(2);
  });

  it("delete: 'The Restaurants has been removed' after PATCH /restaurant/delete/{id}", async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    await user.click(screen.getByRole('button', { name: 'Delete Najd Grill' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The Restaurants has been removed')).toBeInTheDocument();
    expect(state.current.requests.find((r) => r.path === '/restaurant/delete/5')?.body).toEqual({ isDeleted: true });
    expect(await screen.findByText("Restaurants doesn't exist")).toBeInTheDocument();
  });

  it('add: all fields Required, only Foodics offered, success -> /restaurants', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/restaurants/add');
    await screen.findByLabelText(/^Name/);
    for (const label of [/^Name/, /^Logo/, /^Token/, /^Branchs Token/]) {
      await user.click(screen.getByLabelText(label));
      await user.tab();
    }
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(4);
    await user.type(screen.getByLabelText(/^Name/), 'Nile Kitchen');
    await user.type(screen.getByLabelText(/^Logo/), 'https://cdn.example.com/nile.png');
    await user.type(screen.getByLabelText(/^Token/), 'tok');
    await user.type(screen.getByLabelText(/^Branchs Token/), 'btok');
    await user.click(screen.getByRole('combobox', { name: /System Type/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options.filter((o) => o?.trim())).toEqual(['Foodics']);
    await user.click(screen.getByRole('option', { name: 'Foodics' }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurants'));
    expect(state.current.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: 'Nile Kitchen', logo: 'https://cdn.example.com/nile.png', token: 'tok', branchs_token: 'btok', system_type: 'Foodics',
    });
  });

  it('edit: the record loaded, Foodics and Specter offered, PATCH then /restaurants', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/restaurants/edit/5');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Najd Grill'));
    await user.click(screen.getByRole('combobox', { name: /System Type/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options.filter((o) => o?.trim())).toEqual(['Foodics', 'Specter']);
    await user.click(screen.getByRole('option', { name: 'Specter' }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurants'));
    expect(state.current.requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: '/restaurant/5', body: { system_type: 'Specter', name: 'Najd Grill' } });
  });

  it("branches: Back, '{name} Branches', Devices links, empty text", async () => {
    renderAdmin('/restaurants/branches/5');
    expect((await screen.findAllByRole('heading', { name: 'Najd Grill Branches' })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/restaurants');
    await screen.findByText('Olaya');
    expect(headers(screen.getByRole('table')).slice(0, 3)).toEqual(['#', 'Name', 'Actions']);
    expect(screen.getAllByRole('link', { name: 'Devices' })[0]).toHaveAttribute('href', '/restaurants/devices/5/50');
    state.current.restaurants[0].Branchs = [];
  });

  it('branches: the last sync error is shown, and Sync asks the POS again', async () => {
    state.current.restaurants[0].sync_error = "The restaurant's point-of-sale connection is not authorised";
    const user = userEvent.setup();
    renderAdmin('/restaurants/branches/5');
    expect(await screen.findByTestId('sync-error')).toHaveTextContent('not authorised');
    await user.click(screen.getByRole('button', { name: 'Sync with the POS' }));
    await waitFor(() => expect(state.current.requests.some((r) => r.method === 'POST' && r.path === '/restaurant/5/sync')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('sync-error')).not.toBeInTheDocument());
  });

  it("a restaurant without branches -> \"Restaurants doesn't Contain Branches\"", async () => {
    state.current.restaurants[0].Branchs = [];
    renderAdmin('/restaurants/branches/5');
    expect(await screen.findByText("Restaurants doesn't Contain Branches")).toBeInTheDocument();
  });

  it("devices: Back to the branches page, 'Branch Devices', Print QR per device; empty text", async () => {
    renderAdmin('/restaurants/devices/5/50');
    expect((await screen.findAllByRole('heading', { name: 'Branch Devices' })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/restaurants/branches/5');
    await screen.findByText('Cashier 1');
    expect(screen.getAllByRole('button', { name: 'Print QR' })).toHaveLength(2);
  });

  it("a branch without devices -> \"Branch doesn't Contain Devices\"", async () => {
    renderAdmin('/restaurants/devices/5/51');
    expect(await screen.findByText("Branch doesn't Contain Devices")).toBeInTheDocument();
  });
});

describe('Arabic', () => {
  it('the top bar switch turns the back-office right-to-left and is remembered', async () => {
    const user = userEvent.setup();
    renderAdmin('/home');
    await screen.findByText('Latest Orders');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(await screen.findByText('أحدث الطلبات')).toBeInTheDocument();
    expect(localStorage.getItem('specter.locale')).toBe('ar');
  });
});
