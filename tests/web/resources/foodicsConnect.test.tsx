// "Connect Foodics" in the back-office (docs/POS.md): the line saying what to set without a client id, the
// button that sends the browser to the authorize page, the outcome of a round trip in the admin's language, the
// connection panel (red with "Reconnect Foodics" after Foodics refused the token) and the list's badge.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, server, state, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });
afterEach(() => vi.unstubAllGlobals());

const connection = (status: 'ok' | 'refused') => ({
  restaurant_id: 5,
  system_type: 'Foodics',
  status,
  business: { name: 'Najd Grill Co.', reference: '100042' },
  connected_at: '2026-11-25T06:00:00.000Z',
  connected_by: { id: 1, name: 'Nora' },
  last_sync_ok_at: '2026-11-25T06:00:01.000Z',
  sync_error: null,
  last_order: { reference: '02004', at: '2026-11-25T06:10:00.000Z', via: 'webhook' },
  webhooks_24h: 7,
  last_webhook_at: '2026-11-25T06:10:00.000Z',
  calls_last_hour: 90,
  budget_per_hour: 1800,
  budget_used_last_hour: 0.05,
  last_error: status === 'refused' ? { message: 'not authorised', at: '2026-11-25T06:20:00.000Z' } : null,
  refused_at: status === 'refused' ? '2026-11-25T06:20:00.000Z' : null,
  tills: 3,
  tills_active: true,
});

function configured(on: boolean) {
  server.use(
    http.get('*/api/public-config', () =>
      HttpResponse.json({
        contactEmail: 'a@b.c',
        contactPhone: '1',
        appDownloads: 16,
        publicUrl: null,
        foodicsConnect: on,
      }),
    ),
  );
}

describe('Connect Foodics', () => {
  it('without a client id on the server: one line saying what to set, no button', async () => {
    configured(false);
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    expect(await screen.findByTestId('foodics-not-configured')).toHaveTextContent(
      'To connect Foodics, set FOODICS_CLIENT_ID and FOODICS_CLIENT_SECRET',
    );
    expect(screen.queryByTestId('connect-foodics')).toBeNull();
  });

  it('the button asks the server for the authorize page and sends the browser there', async () => {
    configured(true);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let body: unknown;
    server.use(
      http.post('*/api/restaurants/foodics/connect', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ url: 'https://console.foodics.com/authorize?client_id=c&state=s', expires_in: 600 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/restaurants');
    await user.click(await screen.findByRole('button', { name: 'Connect Foodics' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://console.foodics.com/authorize?client_id=c&state=s'),
    );
    expect(body).toEqual({});
  });

  it('back from Foodics: the outcome in the admin language', async () => {
    configured(true);
    renderAdmin('/restaurants?foodics=declined');
    expect(
      await screen.findByText('The Foodics owner declined the connection: nothing was changed.'),
    ).toBeInTheDocument();
  });

  it('the edit page: the connection panel; red with "Reconnect Foodics" after Foodics refused the token', async () => {
    configured(true);
    server.use(http.get('*/api/restaurants/5/connection', () => HttpResponse.json(connection('refused'))));
    renderAdmin('/restaurants/edit/5');
    const panel = await screen.findByTestId('connection-panel');
    await waitFor(() => expect(panel).toHaveAttribute('data-status', 'refused'));
    expect(within(panel).getByText('Najd Grill Co. (100042)')).toBeInTheDocument();
    expect(within(panel).getByText('7')).toBeInTheDocument();
    expect(within(panel).getByText('5% (90 of 1800 calls)')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reconnect Foodics' })).toBeInTheDocument();
  });

  it("the list's badge", async () => {
    configured(true);
    state.current.restaurants[0] = { ...state.current.restaurants[0], connection_status: 'quiet' } as never;
    renderAdmin('/restaurants');
    expect(await screen.findByTestId('connection-5')).toHaveTextContent('No orders read in 24 h');
  });
});
