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
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(screen.getByRole('link', { name: 'App Downloads' })).getByText('16')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('link', { name: 'Specter Orders' })).getByText('3')).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('link', { name: 'Users' })).getByText('2')).toBeInTheDocument();
  });

  it('no orders -> "Doesn\'t exist Orders"', async () => {
    state.current.orders = [];
    renderAdmin('/home');
    expect(await screen.findByText("Doesn't exist Orders")).toBeInTheDocument();
  });
});
