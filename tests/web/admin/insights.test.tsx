// The back-office's new screens against msw: Orders (menu item, columns, server paging, search, expand to
// item lines, CSV with the screen's filters), App Users -> a user's orders, the funnel on the dashboard
// (figures, conversion, the lazily loaded chart), per branch and per till, the VAT number on the restaurant
// form, and Arabic.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, state, useStandIn } from './harness';
import { insights, resetInsights } from './insightsHandlers';

useStandIn({ signedIn: true });
beforeEach(resetInsights);
afterEach(() => vi.restoreAllMocks());

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());
/** Export buttons click a link with `download`: the address it would download is recorded here. */
function captureDownloads() {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(this.href);
  });
  return hrefs;
}

describe('Orders', () => {
  it('Orders is in the menu, linking to /orders', async () => {
    renderAdmin('/home');
    expect(await screen.findByRole('menuitem', { name: 'Orders' })).toHaveAttribute('href', '/orders');
  });

  it('the list: columns in order, the server paged it (page, perPage, sort createdAt DESC)', async () => {
    renderAdmin('/orders');
    await screen.findByText('Sara Saleh');
    const table = screen.getByRole('table');
    expect(headers(table).slice(1)).toEqual([
      '#',
      'Restaurant',
      'Branch',
      'Device',
      'Order Number',
      'Check Number',
      'Customer',
      'Date and Time',
      'Payment Method',
      'Total',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1, 9),
    ).toEqual(['1', 'Najd Grill', 'Olaya', 'Cashier 1', '2044', '144', 'Sara Saleh', '22 Nov 2026, 12:10']);
    expect(within(rows[1]).getByText('•••567')).toBeInTheDocument();
    expect(within(rows[1]).getByText('dev-2')).toBeInTheDocument(); // a till no longer known: its POS id
    expect(insights.requests[0]).toMatch(/^GET \/order\?page=1&perPage=25&sort=createdAt&order=DESC/);
  });

  it('a row expands to its item lines', async () => {
    const user = userEvent.setup();
    renderAdmin('/orders');
    await user.click(await screen.findByText('Sara Saleh'));
    const items = await screen.findByRole('table', { name: 'Order Number 2044' });
    expect(
      within(items)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Chicken Kabsa', '1', expect.stringContaining('32.00')],
      ['Karak Tea', '2', expect.stringContaining('12.00')],
    ]);
  });

  it('search by phone or order number is sent to the server; Export CSV downloads with the same filters and a ticket', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderAdmin('/orders');
    await screen.findByText('Sara Saleh');
    await user.type(screen.getByPlaceholderText('Phone or order number'), '0501');
    await waitFor(() => expect(insights.requests.some((r) => r.includes('q=0501'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const url = new URL(downloads[0]);
    expect(url.pathname).toBe('/order/export.csv');
    expect(url.searchParams.get('q')).toBe('0501');
    expect(url.searchParams.get('ticket')).toBe('tkt-123');
    expect(insights.requests).toContain('POST /export/ticket');
  });

  it("Export CSV shows how far the server has got, out of the list's total, then that it finished", async () => {
    captureDownloads();
    insights.progress = [
      { rows: 1, done: false, complete: false },
      { rows: 2, done: true, complete: true },
    ];
    renderAdmin('/orders');
    await screen.findByText('Sara Saleh');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting: 1 of 2 rows written', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(await screen.findByText('Export finished. Rows: 2', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('with no saved orders at all, the search, the filters and Export CSV stay and the table says so', async () => {
    const all = insights.orders;
    insights.orders = [];
    try {
      renderAdmin('/orders');
      expect(await screen.findByText('No saved orders')).toBeInTheDocument();
      expect(screen.getByPlaceholderText('Phone or order number')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
      expect(screen.getByLabelText('From')).toBeInTheDocument();
    } finally {
      insights.orders = all;
    }
  });

  it("an app user's Orders link opens the Orders screen filtered to them", async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/users');
    const row = (await screen.findByText('Sara Saleh')).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    await waitFor(() => expect(insights.requests.some((r) => r.includes('appUserId=11'))).toBe(true));
    expect(await screen.findByText('Sara Saleh')).toBeInTheDocument();
    expect(screen.queryByText('•••567')).toBeNull();
  });

  it('App Users has Export CSV, which downloads /user/export.csv with the search', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderAdmin('/users');
    await screen.findByText('Sara Saleh');
    await user.type(screen.getByPlaceholderText('Search'), 'sara');
    await waitFor(() => expect(screen.queryByText('+201001234567')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const url = new URL(downloads[0]);
    expect([url.pathname, url.searchParams.get('q'), url.searchParams.get('ticket')]).toEqual([
      '/user/export.csv',
      'sara',
      'tkt-123',
    ]);
  });
});

describe('the funnel', () => {
  it('dashboard: receipts opened, codes, saved, conversion for 30 days, the chart by day, and its CSV', async () => {
    const downloads = captureDownloads();
    renderAdmin('/home');
    const card = await screen.findByRole('region', { name: 'Scan to save, last 30 days' });
    await waitFor(() => expect(within(card).getByTestId('funnel-views')).toHaveTextContent('37'));
    expect(within(card).getByTestId('funnel-codes')).toHaveTextContent('3');
    expect(within(card).getByTestId('funnel-saves')).toHaveTextContent('2');
    expect(within(card).getByTestId('funnel-conversion')).toHaveTextContent('5.4%');
    expect(await within(card).findByTestId('funnel-chart')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(new URL(downloads[0]).pathname).toBe('/funnel/export.csv');
    expect(new URL(downloads[0]).searchParams.get('days')).toBe('30');
  });

  it("branches and tills: the same figures per row, after the spec's columns", async () => {
    renderAdmin('/restaurants/branches/5');
    await screen.findByText('Olaya');
    expect(headers(screen.getByRole('table'))).toEqual([
      '#',
      'Name',
      'Actions',
      'Receipts opened',
      'Codes requested',
      'Saved',
      'Conversion',
    ]);
    await waitFor(() => expect(screen.getByTestId('funnel-views-50')).toHaveTextContent('40'));
    expect(screen.getByTestId('funnel-conversion-50')).toHaveTextContent('25%');
    expect(screen.getByTestId('funnel-conversion-51')).toHaveTextContent('-');
  });

  it("devices page: figures per till, with its receipts' shared-link opens", async () => {
    renderAdmin('/restaurants/devices/5/50');
    await screen.findByText('Cashier 2');
    await waitFor(() => expect(screen.getByTestId('funnel-saves-500')).toHaveTextContent('9'));
    expect(screen.getByTestId('funnel-codes-501')).toHaveTextContent('2');
    expect(screen.getByTestId('funnel-conversion-501')).toHaveTextContent('10%');
    expect(screen.getByRole('columnheader', { name: 'Shared links opened' })).toBeInTheDocument();
    expect(screen.getByTestId('funnel-shared_opens-500')).toHaveTextContent('4');
    expect(screen.getByTestId('funnel-shared_opens-501')).toHaveTextContent('0');
  });
});

describe('VAT number on the restaurant form', () => {
  it('optional; a wrong one shows the message; a right one is sent in the PATCH', async () => {
    const user = userEvent.setup();
    renderAdmin('/restaurants/edit/5');
    const input = await screen.findByLabelText('VAT number');
    await user.type(input, '12345');
    await user.tab();
    expect(await screen.findByText('Must be 15 digits starting and ending with 3')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '310122393500003');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(state.current.requests.find((r) => r.method === 'PATCH')).toMatchObject({
        path: '/restaurant/5',
        body: { vat_number: '310122393500003' },
      }),
    );
  });
});

describe('Arabic', () => {
  it('the Orders screen and the funnel card in Arabic', async () => {
    const user = userEvent.setup();
    renderAdmin('/orders');
    await screen.findByText('Sara Saleh');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('menuitem', { name: 'الطلبات' })).toBeInTheDocument();
    await waitFor(() => expect(headers(screen.getByRole('table'))).toContain('العميل'));
    expect(screen.getByPlaceholderText('رقم الجوال أو رقم الطلب')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'الرئيسية' }));
    expect(await screen.findByRole('region', { name: 'من المسح إلى الحفظ، آخر 30 يومًا' })).toBeInTheDocument();
    expect(screen.getByText('نسبة التحويل')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
  }, 60_000); // two languages and two screens: longer than one screen's default on a loaded machine
});
