// The back-office on a 390 px phone (issue 30): the restaurants list folds a row's actions into one menu (and a
// dialog an action opens outlives the menu), /orders shows Customer, Total and Date and Time first, the rest in
// the row's expansion. The test DOM has no layout: window.matchMedia answers as a 390 px wide screen would.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headers, renderAdmin, useStandIn } from './harness';
import { resetInsights } from './insightsHandlers';

useStandIn({ signedIn: true });

/** matchMedia for a screen `width` px wide: min-width and max-width queries only (what MUI's breakpoints ask). */
function screenOf(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
      kind === 'min' ? width >= Number(px) : width <= Number(px),
    );
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
const original = window.matchMedia;
beforeEach(() => {
  resetInsights();
  screenOf(390);
});
afterEach(() => {
  window.matchMedia = original;
});

describe('the back-office at 390 px', () => {
  it("restaurants: a row's actions behind one menu button; Delete's confirmation opens from it", async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    expect(screen.queryByRole('link', { name: 'Branches' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions Najd Grill' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('link', { name: 'Branches' })).toHaveAttribute('href', '/restaurants/branches/5');
    expect(within(menu).getByRole('link', { name: 'Edit Najd Grill' })).toHaveAttribute('href', '/restaurants/edit/5');
    expect(within(menu).getByRole('button', { name: "Print QR's" })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Delete Najd Grill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure' });
    expect(within(dialog).getByRole('button', { name: 'Yes, delete' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  }, 60_000);

  it("devices: a till's Print QR, printable sheet and Reprint behind one Actions menu (issue 49)", async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants/devices/5/50');
    await screen.findByText('Cashier 1');
    expect(screen.queryByRole('button', { name: 'Print QR' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions Cashier 1' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('button', { name: 'Print QR' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Printable QR sheet' })).toBeInTheDocument();
  }, 60_000);

  it('the top bar keeps the title: who is signed in, the language, two-step sign-in and Logout are in one account menu', async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Two-step sign-in' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'العربية' }));
    expect(await screen.findByRole('button', { name: 'الحساب' })).toBeInTheDocument();
  }, 60_000);

  it('orders: Customer, Total and Date and Time first; the expansion names restaurant, branch, till and payment', async () => {
    const user = userEvent.setup();
    renderAdmin('/orders');
    await screen.findByText('Sara Saleh');
    expect(headers(screen.getByRole('table')).slice(1)).toEqual(['#', 'Customer', 'Total', 'Date and Time']);
    await user.click(screen.getByText('Sara Saleh'));
    const expanded = await screen.findByRole('table', { name: 'Order Number 2044' });
    const about = expanded.previousElementSibling as HTMLElement;
    expect(about.tagName).toBe('DL');
    expect(about.textContent).toContain('RestaurantNajd Grill');
    expect(about.textContent).toContain('BranchOlaya');
    expect(about.textContent).toContain('DeviceCashier 1');
    expect(about.textContent).toContain('Payment MethodCash');
  }, 60_000);

  it('a wide screen keeps every column and the actions in the row', async () => {
    screenOf(1366);
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    expect(screen.getByRole('link', { name: 'Branches' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions Najd Grill' })).not.toBeInTheDocument();
  }, 60_000);
});
