import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin, state, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

describe('devices', () => {
  it("devices: Back to the branches page, 'Branch Devices', Print QR per device; empty text", async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants/devices/5/50');
    expect((await screen.findAllByRole('heading', { name: 'Branch Devices' })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/restaurants/branches/5');
    await screen.findByText('Cashier 1');
    expect(screen.getAllByRole('button', { name: 'Print QR' })).toHaveLength(2);
    // The devices vanish at the POS: Back, then Devices again, reads the empty text.
    state.current.restaurants[0].Branchs[0].Devices = [];
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click((await screen.findAllByRole('link', { name: 'Devices' }))[0]);
    expect(await screen.findByText("Branch doesn't Contain Devices")).toBeInTheDocument();
    expect(screen.queryByText('Cashier 1')).not.toBeInTheDocument();
  });
  it('a branch without devices -> "Branch doesn\'t Contain Devices"', async () => {
    renderAdmin('/restaurants/devices/5/51');
    expect(await screen.findByText("Branch doesn't Contain Devices")).toBeInTheDocument();
  });
});
