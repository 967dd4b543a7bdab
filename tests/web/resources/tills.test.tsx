// The worked example of docs/ARCHITECTURE.md, Add a resource: /tills, a read-only list paged, sorted and
// searched by the server (GET /api/tills), in the menu, in both languages; any other path under it is
// "Permission Denied".
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { GOOD_TOKEN, headers, renderAdmin, server, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

const TILLS = [
  { id: 1, name: 'Cashier 1', posId: 'dev-1', branch: 'Olaya', restaurantId: 5, restaurant: 'Najd Grill' },
  { id: 2, name: 'Front', posId: 'dev-9', branch: 'Malqa', restaurantId: 6, restaurant: 'Bayt Coffee' },
];

/** The stand-in of GET /api/tills: what it was asked, and the tills whose names hold the search. */
function standIn() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/tills', ({ request }) => {
      if (request.headers.get('authorization') !== `Bearer ${GOOD_TOKEN}`)
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      const q = new URL(request.url).searchParams;
      asked.push(q);
      const term = (q.get('q') ?? '').toLowerCase();
      const rows = TILLS.filter((t) => [t.name, t.branch, t.restaurant].join(' ').toLowerCase().includes(term));
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
  );
  return asked;
}

describe('tills', () => {
  it('lists the tills from the server, asking for a page sorted by restaurant, with the labels of its catalogue', async () => {
    const asked = standIn();
    renderAdmin('/tills');
    await screen.findByText('Front');
    expect(headers(screen.getByRole('table'))).toEqual(['#', 'Restaurant', 'Branch', 'Till', 'POS id']);
    expect(asked[0].get('page')).toBe('1');
    expect(asked[0].get('sort')).toBe('restaurant');
    expect(asked[0].get('order')).toBe('ASC');
    expect(screen.getByRole('menuitem', { name: 'Tills' })).toHaveAttribute('href', '/tills');
    await waitFor(() => expect(document.title).toBe('Specter | Tills'));
  });

  it('searches on the server', async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin('/tills');
    await screen.findByText('Front');
    await user.type(screen.getByPlaceholderText('Till, branch or restaurant'), 'olaya');
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('olaya'));
    await waitFor(() => expect(screen.queryByText('Front')).not.toBeInTheDocument());
    expect(within(screen.getByRole('table')).getByText('Cashier 1')).toBeInTheDocument();
  });

  it('says so when there are none, in Arabic too', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/tills', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    renderAdmin('/tills');
    expect(await screen.findByText('No tills yet: sync a restaurant with its POS')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByText('لا توجد أجهزة كاشير بعد: زامن مطعمًا مع نظام نقاط البيع')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'أجهزة الكاشير' })).toHaveAttribute('href', '/tills');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('menuitem', { name: 'Tills' })).toBeInTheDocument();
  });

  it('/tills/anything is "Permission Denied"', async () => {
    standIn();
    renderAdmin('/tills/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission Denied' })).toBeInTheDocument();
  });
});
