// The Activity screen: in the menu, the server's page of the audit trail (newest first as served), kinds in
// words, the filters by kind and by admin sent to the server (kept out of the address), the empty text, and the push
// key panel on a Specter restaurant.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshState, GOOD_TOKEN, renderAdmin, server, signIn, state } from './harness';
import { onUnhandledRequest } from '../unhandled';

const ROWS = [
  {
    id: 3,
    at: '2026-11-23T10:02:00Z',
    adminId: 2,
    adminEmail: 'omar@specter.sa',
    kind: 'restaurant.edited',
    targetType: 'restaurant',
    targetId: '5',
    targetLabel: 'Najd Grill',
    detail: { fields: ['name'] },
    ip: '203.0.113.7',
  },
  {
    id: 2,
    at: '2026-11-23T10:01:00Z',
    adminId: 1,
    adminEmail: 'nora@specter.sa',
    kind: 'appUser.deleted',
    targetType: 'appUser',
    targetId: '11',
    targetLabel: '•••••••••567',
    detail: null,
    ip: '203.0.113.8',
  },
];
const asked: URLSearchParams[] = [];

beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  state.current = freshState();
  asked.length = 0;
  signIn();
  server.use(
    http.get('*/admin/activity', ({ request }) => {
      if (request.headers.get('authorization') !== `Bearer ${GOOD_TOKEN}`)
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      const q = new URL(request.url).searchParams;
      asked.push(q);
      const rows = ROWS.filter(
        (r) =>
          (!q.get('kind') || r.kind === q.get('kind')) && (!q.get('adminId') || String(r.adminId) === q.get('adminId')),
      );
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
  );
});
afterEach(() => server.resetHandlers());

describe('Activity', () => {
  it('is in the menu and lists the server page: when, admin, what in words, record, address', async () => {
    renderAdmin('/activity');
    expect((await screen.findByRole('menuitem', { name: 'Activity' })).getAttribute('href')).toBe('/activity');
    // The table is looked up again each time: the loading skeleton is another table, replaced when the rows come.
    await waitFor(() => within(screen.getByRole('table')).getByText('Restaurant edited'));
    const table = screen.getByRole('table');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells.map((c) => c.slice(1))).toEqual([
      ['omar@specter.sa', 'Restaurant edited', 'Najd Grill #5', '203.0.113.7'],
      ['nora@specter.sa', 'App user deleted', '•••••••••567 #11', '203.0.113.8'],
    ]);
    expect(asked[0].get('page')).toBe('1');
    expect(asked[0].get('perPage')).toBe('25');
  });

  it('the kind filter is sent to the server and the table shows its answer', async () => {
    renderAdmin('/activity');
    await waitFor(() => within(screen.getByRole('table')).getByText('App user deleted'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Restaurant edited' }));
    await waitFor(() => expect(asked.at(-1)?.get('kind')).toBe('restaurant.edited'));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('App user deleted')).toBeNull());
  });

  it('keeps its filters out of the address, and with nothing recorded shows the empty text alone', async () => {
    const router = renderAdmin('/activity');
    await waitFor(() => within(screen.getByRole('table')).getByText('App user deleted'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Restaurant edited' }));
    await waitFor(() => expect(asked.at(-1)?.get('kind')).toBe('restaurant.edited'));
    expect(router.state.location.search).toBe('');
    cleanup();
    server.use(http.get('*/admin/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    renderAdmin('/activity');
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
  });

  it('the admin filter offers the admins by e-mail and is sent to the server as adminId', async () => {
    renderAdmin('/activity');
    await waitFor(() => within(screen.getByRole('table')).getByText('App user deleted'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Admin' }));
    fireEvent.click(await screen.findByRole('option', { name: 'nora@specter.sa' }));
    await waitFor(() => expect(asked.at(-1)?.get('adminId')).toBe('1'));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Restaurant edited')).toBeNull());
  });
});

describe('push key on the edit page', () => {
  it('a Foodics restaurant has no push key panel', async () => {
    renderAdmin('/restaurants/edit/5');
    await screen.findByDisplayValue('Najd Grill');
    expect(screen.queryByText('Make a new key')).toBeNull();
  });

  it('a Specter restaurant: Make a new key shows the key once; the page opened again shows when, not the key', async () => {
    state.current.restaurants[0].push_key_rotated_at = null;
    state.current.restaurants[0].system_type = 'Specter';
    server.use(
      http.post('*/restaurant/5/push-key', () => {
        // As the server does: it keeps the time (and the key's hash), never the key.
        state.current.restaurants[0].push_key_rotated_at = '2026-11-23T10:00:00Z';
        return HttpResponse.json({ push_key: 'spk_test_key_0123456789', push_key_rotated_at: '2026-11-23T10:00:00Z' });
      }),
    );
    renderAdmin('/restaurants/edit/5');
    expect(await screen.findByText("No push key yet: make one for this restaurant's POS.")).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Make a new key' }));
    expect((await screen.findByTestId('push-key-value')).textContent).toBe('spk_test_key_0123456789');
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();

    // Opened again (a reload): the time it was made, the button, and no key anywhere.
    cleanup();
    renderAdmin('/restaurants/edit/5');
    const panel = await screen.findByTestId('push-key');
    await within(panel).findByText(/^Last made on /);
    expect(within(panel).getByRole('button', { name: 'Make a new key' })).toBeInTheDocument();
    expect(screen.queryByTestId('push-key-value')).toBeNull();
    expect(screen.queryByText(/shown only this once/)).toBeNull();
    expect(document.body.textContent).not.toContain('spk_test_key_0123456789');
  });
});
