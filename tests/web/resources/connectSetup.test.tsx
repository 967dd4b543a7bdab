// Connecting Foodics for real (issue 49; docs/POS.md): Connect Foodics on the EMPTY Restaurants page (react-admin's
// empty page drops the list's actions) saying what it does; the question when Foodics' approval names a business
// another restaurant has (reconnect that one? no: nothing changes); the setup checklist where connecting lands,
// whose steps tick themselves from the server's answer and end in "Setup complete"; the QR sheet's Print noted.
// English and Arabic, against msw.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin, server, signInAs, state, useStandIn } from '../admin/harness';
import type { Setup } from '../../../src/contract/restaurants';

useStandIn({ signedIn: true });

const PENDING = 'p'.repeat(32);

function configured() {
  server.use(
    http.get('*/api/public-config', () =>
      HttpResponse.json({
        contactEmail: 'a@b.c',
        contactPhone: '1',
        appDownloads: 16,
        publicUrl: 'https://specter.example.com',
        foodicsConnect: true,
      }),
    ),
  );
}

describe('the empty Restaurants page', () => {
  it('has Connect Foodics, says what it does, and keeps Add New and the spec’s empty text', async () => {
    configured();
    state.current.restaurants = [];
    renderAdmin('/restaurants');
    const empty = await screen.findByTestId('restaurants-empty');
    // The button once the public configuration says Foodics' app is configured.
    expect(await within(empty).findByRole('button', { name: 'Connect Foodics' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Add New' })).toBeInTheDocument();
    expect(within(empty).getByTestId('connect-help')).toHaveTextContent(
      "Connect Foodics adds a restaurant from its Foodics account: its owner approves on Foodics' page",
    );
    expect(screen.getByText("Restaurants doesn't exist")).toBeInTheDocument();
  });

  it('in Arabic too', async () => {
    configured();
    state.current.restaurants = [];
    localStorage.setItem('specter.locale', 'ar');
    try {
      renderAdmin('/restaurants');
      const empty = await screen.findByTestId('restaurants-empty');
      expect(await within(empty).findByRole('button', { name: 'ربط فودكس' })).toBeInTheDocument();
      expect(within(empty).getByTestId('connect-help')).toHaveTextContent('ربط فودكس يضيف مطعمًا من حسابه في فودكس');
    } finally {
      localStorage.setItem('specter.locale', 'en');
    }
  });

  it('a manager (who may not add restaurants) sees neither button nor its help', async () => {
    configured();
    state.current.restaurants = [];
    signInAs('manager', [5]);
    renderAdmin('/restaurants');
    await screen.findByText("Restaurants doesn't exist");
    expect(screen.queryByRole('button', { name: 'Connect Foodics' })).toBeNull();
    expect(screen.queryByTestId('connect-help')).toBeNull();
  });
});

describe('a business another restaurant has', () => {
  const question = {
    kind: 'business_elsewhere',
    business: { name: 'Najd Grill Co.', reference: '100042' },
    restaurant: { id: 5, name: 'Najd Grill', business: { name: 'Najd Grill Co.', reference: '100042' } },
    started_for: null,
    expires_in: 580,
  };

  it('asks to reconnect that restaurant; yes reconnects it and lands on its branches and tills', async () => {
    configured();
    let answered = '';
    server.use(
      http.get(`*/api/restaurants/foodics/pending/${PENDING}`, () => HttpResponse.json(question)),
      http.post(`*/api/restaurants/foodics/pending/${PENDING}`, () => {
        answered = 'yes';
        return HttpResponse.json({ restaurant_id: 5, message: 'Foodics connected' });
      }),
    );
    const router = renderAdmin(`/restaurants?foodics=ask&pending=${PENDING}`);
    const dialog = await screen.findByRole('dialog', { name: 'This Foodics business is already connected' });
    expect(within(dialog).getByTestId('foodics-question')).toHaveTextContent(
      'Najd Grill Co. (100042) is connected to the restaurant “Najd Grill” here. Reconnect “Najd Grill” with this approval? No restaurant is added.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reconnect Najd Grill' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurants/branches/5'));
    expect(answered).toBe('yes');
    expect(
      await screen.findByText('Foodics connected: its branches and devices are listed below.'),
    ).toBeInTheDocument();
  });

  it('no changes nothing, and says so', async () => {
    configured();
    let answered = '';
    server.use(
      http.get(`*/api/restaurants/foodics/pending/${PENDING}`, () => HttpResponse.json(question)),
      http.delete(`*/api/restaurants/foodics/pending/${PENDING}`, () => {
        answered = 'no';
        return HttpResponse.json({ message: 'Nothing was changed' });
      }),
    );
    const router = renderAdmin(`/restaurants?foodics=ask&pending=${PENDING}`);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Nothing was changed.')).toBeInTheDocument();
    expect(answered).toBe('no');
    expect(router.state.location.search).toBe('');
  });

  it('an approval that is gone (answered, expired, another admin’s) says so', async () => {
    configured();
    server.use(
      http.get(`*/api/restaurants/foodics/pending/${PENDING}`, () =>
        HttpResponse.json({ message: 'gone' }, { status: 404 }),
      ),
    );
    renderAdmin(`/restaurants?foodics=ask&pending=${PENDING}`);
    expect(
      await screen.findByText(
        'This Foodics approval is unknown, was already answered or expired: nothing was changed. Start again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the setup checklist after connecting', () => {
  const setupWith = (done: Partial<Record<Setup['steps'][number]['key'], boolean>>): Setup => {
    const steps = (['tills', 'logo', 'vat', 'qr_sheet', 'test_scan'] as const).map((key) => ({
      key,
      done: done[key] ?? false,
      at: null,
    }));
    return {
      restaurant_id: 5,
      connected: true,
      complete: steps.every((s) => s.done),
      tills: 2,
      vat_number: done.vat ? '310000000000003' : null,
      zatca_phase: 2,
      steps,
    };
  };

  it('lands on the branches with the checklist; each step ticks itself as the server says it is done, then "Setup complete"', async () => {
    configured();
    let now = setupWith({ tills: true });
    server.use(http.get('*/api/restaurants/5/setup', () => HttpResponse.json(now)));
    renderAdmin('/restaurants/branches/5?foodics=connected');
    const list = await screen.findByTestId('setup-checklist');
    expect(await within(list).findByRole('heading', { name: 'Set up Najd Grill' })).toBeInTheDocument();
    expect(within(list).getByText('1 of 5 done')).toBeInTheDocument();
    expect(within(list).getByTestId('setup-tills')).toHaveAttribute('data-done', 'true');
    expect(within(list).getByTestId('setup-tills')).toHaveTextContent('Tills read from Foodics: 2');
    for (const step of ['logo', 'vat', 'qr_sheet', 'test_scan'])
      expect(within(list).getByTestId(`setup-${step}`)).toHaveAttribute('data-done', 'false');
    expect(within(list).getByTestId('setup-vat')).toHaveTextContent('check the ZATCA phase (now phase 2)');
    expect(within(list).getByRole('link', { name: 'Open the QR sheet' })).toHaveAttribute(
      'href',
      '/restaurants/sheet/5',
    );
    // A till's receipt page, with its link key (the printed link), for the test scan.
    expect(within(list).getByRole('link', { name: "Open a till's receipt page" }).getAttribute('href')).toMatch(
      /^https:\/\/specter\.example\.com\/user\/invoice\?restId=5&deviceId=dev-1/,
    );
    // The branches and tills are here too.
    expect(await screen.findByText('Olaya')).toBeInTheDocument();

    // Done elsewhere (the form, the sheet, a phone): the next answer ticks the steps, without a reload.
    now = setupWith({ tills: true, logo: true, vat: true, qr_sheet: true });
    await waitFor(() => expect(screen.getByTestId('setup-qr_sheet')).toHaveAttribute('data-done', 'true'), {
      timeout: 10_000,
    });
    expect(screen.getByText('4 of 5 done')).toBeInTheDocument();
    now = setupWith({ tills: true, logo: true, vat: true, qr_sheet: true, test_scan: true });
    expect(await screen.findByTestId('setup-complete', {}, { timeout: 10_000 })).toHaveTextContent(
      "Setup complete: customers can scan Najd Grill's QR codes and see their receipts.",
    );
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  }, 30_000);

  it('is not shown for a restaurant not connected through Connect Foodics', async () => {
    configured();
    renderAdmin('/restaurants/branches/5');
    await screen.findByText('Olaya');
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('is not shown to staff (nothing of it is theirs to do)', async () => {
    configured();
    let asked = 0;
    server.use(
      http.get('*/api/restaurants/5/setup', () => {
        asked++;
        return HttpResponse.json(setupWith({ tills: true }));
      }),
    );
    signInAs('staff', [5]);
    renderAdmin('/restaurants/branches/5');
    await screen.findByText('Olaya');
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(asked).toBe(0);
  });

  it('the QR sheet’s Print is noted for the checklist', async () => {
    configured();
    let noted = 0;
    server.use(
      http.post('*/api/restaurants/5/setup/qr-sheet-printed', () => {
        noted++;
        return HttpResponse.json({ message: 'Noted' });
      }),
    );
    // The test DOM has no print dialog.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderAdmin('/restaurants/sheet/5');
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    await waitFor(() => expect(noted).toBe(1));
    expect(print).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
