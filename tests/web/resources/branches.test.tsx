import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headers, renderAdmin, state, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

describe('branches', () => {
  it("branches: Back, '{name} Branches', Devices links, empty text", async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants/branches/5');
    expect((await screen.findAllByRole('heading', { name: 'Najd Grill Branches' })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/restaurants');
    await screen.findByText('Olaya');
    expect(headers(screen.getByRole('table')).slice(0, 3)).toEqual(['#', 'Name', 'Actions']);
    expect(screen.getAllByRole('link', { name: 'Devices' })[0]).toHaveAttribute('href', '/restaurants/devices/5/50');
    // The branches vanish at the POS: Back, then Branches again, reads the empty text.
    state.current.restaurants[0].Branchs = [];
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(await screen.findByRole('link', { name: 'Branches' }));
    expect(await screen.findByText("Restaurants doesn't Contain Branches")).toBeInTheDocument();
    expect(screen.queryByText('Olaya')).not.toBeInTheDocument();
  });
  it('branches: the last sync error is shown, and Sync asks the POS again', async () => {
    state.current.restaurants[0].sync_error = "The restaurant's point-of-sale connection is not authorised";
    const user = userEvent.setup();
    renderAdmin('/restaurants/branches/5');
    expect(await screen.findByTestId('sync-error')).toHaveTextContent('not authorised');
    await user.click(screen.getByRole('button', { name: 'Sync with the POS' }));
    await waitFor(() =>
      expect(state.current.requests.some((r) => r.method === 'POST' && r.path === '/restaurant/5/sync')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('sync-error')).not.toBeInTheDocument());
  });
  it('a restaurant without branches -> "Restaurants doesn\'t Contain Branches"', async () => {
    state.current.restaurants[0].Branchs = [];
    renderAdmin('/restaurants/branches/5');
    expect(await screen.findByText("Restaurants doesn't Contain Branches")).toBeInTheDocument();
  });
});
