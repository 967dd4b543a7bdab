import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstCells, headers, renderAdmin, state, useStandIn } from './harness';

useStandIn({ signedIn: true });

describe('dashboard', () => {
  it('four tiles with their links and figures, and Latest Orders with a total per currency', async () => {
    renderAdmin('/home');
    const table = await screen.findByRole('table', { name: 'Latest Orders' });
    expect(headers(table)).toEqual([
      '#',
      'Restaurant',
      'Branch',
      'Username',
      'Order Date',
      'Order Time',
      'Payment Method',
      'Total',
    ]);
    expect(firstCells(table).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('total-SAR')).toHaveTextContent('SAR 50.00');
    expect(screen.getByTestId('total-EGY')).toHaveTextContent('EGP 100.00');
    for (const [name, href] of [
      ['App Downloads', '/users'],
      ['Users', '/users'],
      ['Restaurants', '/restaurants'],
      ['Specter Orders', '/orders'],
    ]) {
      // Each tile's name carries its figure (what a sighted reader sees).
      expect(screen.getByRole('link', { name: new RegExp(`^${name}\\s*[\\d-]*$`) })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: /^App Downloads\s*16$/ })).toHaveTextContent('16');
    await waitFor(() => expect(screen.getByRole('link', { name: /^Specter Orders\s*3$/ })).toHaveTextContent('3'));
    expect(screen.getByRole('link', { name: /^Users\s*2$/ })).toHaveTextContent('2');
  });

  it('no orders -> "Doesn\'t exist Orders"', async () => {
    state.current.orders = [];
    renderAdmin('/home');
    expect(await screen.findByText("Doesn't exist Orders")).toBeInTheDocument();
  });

  it('the Sales card: revenue, saved receipts and average ticket per currency, each labelled, beside the period before', async () => {
    renderAdmin('/home');
    const card = await screen.findByRole('region', { name: 'Sales' });
    await waitFor(() => expect(within(card).getByTestId('sales-SAR-revenue')).toHaveTextContent('SAR 50.00'));
    expect(within(card).getByTestId('sales-SAR-receipts')).toHaveTextContent('2');
    expect(within(card).getByTestId('sales-SAR-averageTicket')).toHaveTextContent('SAR 25.00');
    expect(within(card).getByTestId('sales-EGY-revenue')).toHaveTextContent('EGP 100.00');
    // Never one sum of riyals and pounds.
    expect(within(card).queryByText(/150/)).toBeNull();
    expect(within(card).getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 7 days');
  });
});
