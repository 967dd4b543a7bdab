// The Foodics webhook secret on a restaurant's edit page (docs/SECURITY.md, "Foodics webhooks"): an admin shows the
// address with its secret on demand and replaces the secret after a confirmation; a manager sees the masked address
// only. Both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from '../../../src/authProvider';
import { setAppLocale } from '../../../src/admin/i18n/direction';
import { freshState, renderAdmin, server, signIn, state } from '../admin/harness';
import { onUnhandledRequest } from '../unhandled';

const MASKED = 'https://specter.example/pos/foodics/webhook/****cdef';
const FIRST = 'https://specter.example/pos/foodics/webhook/first-secret-0123456789abcdef';
const SECOND = 'https://specter.example/pos/foodics/webhook/second-secret-fedcba9876543210';

let current = FIRST;
const calls: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  state.current = freshState();
  Object.assign(state.current.restaurants[0], { webhook_url: MASKED, webhook_at: null });
  current = FIRST;
  calls.length = 0;
  authProvider.forget();
  setAppLocale('en');
  localStorage.setItem('locale', 'en');
  signIn();
  server.use(
    http.get('*/pos/foodics/webhook-secret', () => {
      calls.push('GET');
      return HttpResponse.json({ webhook_url: current, rotated_at: '2026-11-20T08:00:00Z' });
    }),
    http.post('*/pos/foodics/webhook-secret', () => {
      calls.push('POST');
      current = SECOND;
      return HttpResponse.json({ webhook_url: current, rotated_at: '2026-11-25T09:00:00Z' });
    }),
  );
});
afterEach(() => server.resetHandlers());

describe('the Foodics webhook secret (admins)', () => {
  it('the address with its secret only on demand; Replace asks first, then shows the new address', async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants/edit/5');
    const box = await screen.findByTestId('webhook-secret');
    expect(screen.getByText(MASKED)).toBeInTheDocument();
    expect(screen.queryByText(FIRST)).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(box).getByRole('button', { name: 'Show the address with its secret' }));
    expect(await within(box).findByTestId('webhook-secret-url')).toHaveTextContent(FIRST);
    await user.click(within(box).getByRole('button', { name: 'Hide' }));
    expect(within(box).queryByTestId('webhook-secret-url')).not.toBeInTheDocument();

    // Cancel changes nothing.
    await user.click(within(box).getByRole('button', { name: 'Replace the secret' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Replace the webhook secret?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['GET']);

    await user.click(within(box).getByRole('button', { name: 'Replace the secret' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace the secret' }));
    expect(await within(box).findByText('A new secret is made: give Foodics the address below.')).toBeInTheDocument();
    expect(within(box).getByTestId('webhook-secret-url')).toHaveTextContent(SECOND);
    expect(calls).toEqual(['GET', 'POST']);
  });

  it('in Arabic', async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants/edit/5');
    await screen.findByTestId('webhook-secret');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    // The page is drawn again right to left: the box is found anew.
    await screen.findByText('إشعارات Foodics الفورية (Webhooks)');
    const box = screen.getByTestId('webhook-secret');
    await user.click(await within(box).findByRole('button', { name: 'إظهار الرابط مع رمزه السري' }));
    expect(await within(box).findByTestId('webhook-secret-url')).toHaveTextContent(FIRST);
    await user.click(within(box).getByRole('button', { name: 'استبدال الرمز السري' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('استبدال الرمز السري للإشعارات الفورية؟');
  });

  it('a manager sees the masked address only', async () => {
    server.use(
      http.post('*/user/isVerify', () =>
        HttpResponse.json({
          verify: true,
          id: 2,
          name: 'Mona',
          role: 'manager',
          restaurantIds: [5],
          restaurants: [{ id: 5, name: 'Najd Grill' }],
        }),
      ),
    );
    renderAdmin('/restaurants/edit/5');
    await screen.findByTestId('webhook-status');
    expect(screen.getByText(MASKED)).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
  });
});
