// Sync and the POS token: progress and result of a sync, a refused token said on save, and why Print QR's
// is disabled on the restaurants list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshState, renderAdmin, server, signIn, state } from './harness';
import { onUnhandledRequest } from '../unhandled';

beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  state.current = freshState();
  signIn();
});
afterEach(() => server.resetHandlers());

describe('Sync on the branches page', () => {
  it('shows that it runs, then the branches and tills found', async () => {
    server.use(
      http.post('*/restaurant/:id/sync', async () => {
        await delay(300);
        return HttpResponse.json({ ...state.current.restaurants[0], sync_error: null });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/restaurants/branches/5');
    await user.click(await screen.findByRole('button', { name: 'Sync with the POS' }));
    expect(await screen.findByText('Syncing with the point-of-sale system…')).toBeInTheDocument();
    expect(await screen.findByText('Sync finished: 2 branches and 2 tills found')).toBeInTheDocument();
    expect(screen.queryByText('Syncing with the point-of-sale system…')).not.toBeInTheDocument();
  });

  it("shows the POS's refusal when the sync fails", async () => {
    server.use(
      http.post('*/restaurant/:id/sync', () =>
        HttpResponse.json({
          ...state.current.restaurants[0],
          Branchs: [],
          sync_error: 'Foodics refused the token (401)',
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/restaurants/branches/5');
    await user.click(await screen.findByRole('button', { name: 'Sync with the POS' }));
    expect(await screen.findByText('Sync failed: Foodics refused the token (401)')).toBeInTheDocument();
  });
});

describe('a restaurant whose token the POS refuses', () => {
  it('says so when it is saved, not "Element created"', async () => {
    server.use(
      http.post('*/restaurant', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const r = { name: '', ...body, id: 6, Branchs: [], sync_error: 'Foodics refused the token (401)' };
        state.current.restaurants.push(r as (typeof state.current.restaurants)[number]);
        return HttpResponse.json(r);
      }),
    );
    const user = userEvent.setup();
    const router = renderAdmin('/restaurants/add');
    await user.type(await screen.findByLabelText(/^Name/), 'Cairo Grill');
    await user.type(screen.getByLabelText(/^Logo/), 'https://cdn.example.com/cairo.png');
    await user.type(screen.getByLabelText(/^Token/), 'bad');
    await user.type(screen.getByLabelText(/^Branchs Token/), 'bad');
    await user.click(screen.getByLabelText(/^System Type/));
    await user.click(await screen.findByRole('option', { name: 'Foodics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Saved: its edit page opens with the POS's refusal beside the token (restaurantErrors.test.tsx has the rest).
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurants/edit/6'), { timeout: 10_000 });
    expect(await screen.findByTestId('pos-refusal', {}, { timeout: 10_000 })).toHaveTextContent(
      'Saved, but the point-of-sale system refused it: Foodics refused the token (401)',
    );
    expect(screen.queryByText('Element created')).not.toBeInTheDocument();
  });

  it("the restaurants list says why Print QR's is disabled", async () => {
    state.current.restaurants.push({
      ...state.current.restaurants[0],
      id: 7,
      name: 'Cairo Grill',
      Branchs: [],
      sync_error: 'Foodics refused the token (401)',
    });
    state.current.restaurants.push({
      ...state.current.restaurants[0],
      id: 8,
      name: 'New Place',
      Branchs: [],
      sync_error: null,
    });
    renderAdmin('/restaurants');
    const refused = (await screen.findByText('Cairo Grill')).closest('tr')!;
    expect(within(refused).getByRole('button', { name: "Print QR's" })).toBeDisabled();
    expect(
      within(refused).getByText(
        'No tills: the point-of-sale system refused the token (Foodics refused the token (401))',
      ),
    ).toBeInTheDocument();
    const fresh = screen.getByText('New Place').closest('tr')!;
    expect(within(fresh).getByText('No tills to print yet: open Branches and sync with the POS')).toBeInTheDocument();
    const najd = screen.getByText('Najd Grill').closest('tr')!;
    expect(within(najd).queryByText(/No tills/)).not.toBeInTheDocument();
  });
});
