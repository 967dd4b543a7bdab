// Loyalty members (issue 47) in the back-office: /members lists the members from GET /api/loyalty/members (latest
// activity first, searched by name or phone), each with its Ledger and, for admins and managers, Adjust: points and
// a reason posted to /api/loyalty/members/{id}/adjust, the server's refusal said under the field in the admin's
// language; staff read without Adjust or Export; both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { GOOD_TOKEN, renderAdmin, server, signInAs, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

const MEMBERS = [
  {
    id: 31,
    restaurant_id: 5,
    restaurant: 'Najd Grill',
    name: 'Sara Saleh',
    phone: '+966501234567',
    balance: 120,
    lifetime_points: 180,
    last_activity_at: '2026-11-20T10:00:00.000Z',
    joined_at: '2026-10-01T10:00:00.000Z',
    expires_at: '2027-02-18T10:00:00.000Z',
  },
  {
    id: 32,
    restaurant_id: 5,
    restaurant: 'Najd Grill',
    name: null,
    phone: '+966509990001',
    balance: 5,
    lifetime_points: 5,
    last_activity_at: '2026-11-18T10:00:00.000Z',
    joined_at: '2026-11-18T10:00:00.000Z',
    expires_at: null,
  },
];

function standIn(refuse?: string) {
  const asked: { url: URL; body?: Record<string, unknown> }[] = [];
  server.use(
    http.get('*/api/loyalty/members', ({ request }) => {
      if (!(request.headers.get('authorization') ?? '').startsWith(`Bearer ${GOOD_TOKEN}`))
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      asked.push({ url: new URL(request.url) });
      return HttpResponse.json(MEMBERS, { headers: { 'X-Total-Count': '2' } });
    }),
    http.post('*/api/loyalty/members/:id/adjust', async ({ request, params }) => {
      const body = (await request.json()) as { points: number };
      asked.push({ url: new URL(request.url), body });
      if (refuse) return HttpResponse.json({ message: refuse }, { status: 400 });
      const m = MEMBERS.find((x) => x.id === Number(params.id))!;
      return HttpResponse.json({ ...m, balance: m.balance + body.points });
    }),
  );
  return asked;
}

describe('members', () => {
  it('lists the members, latest activity first, each with its balance, expiry and ledger', async () => {
    const asked = standIn();
    renderAdmin('/members');
    const table = await screen.findByRole('table');
    const sara = (await within(table).findByText('Sara Saleh')).closest('tr')!;
    expect(asked[0].url.searchParams.get('sort')).toBe('last_activity_at');
    expect(asked[0].url.searchParams.get('order')).toBe('DESC');
    expect(within(sara).getByText('+966501234567')).toBeInTheDocument();
    expect(within(sara).getByText('120')).toBeInTheDocument();
    expect(within(sara).getByText('18 Feb 2027')).toBeInTheDocument();
    expect(within(sara).getByRole('link', { name: 'Ledger of Sara Saleh' })).toHaveAttribute(
      'href',
      `/ledger?filter=${encodeURIComponent('{"memberId":31}')}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Members' })).toHaveAttribute('href', '/members');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('Adjust posts the points and the reason, and the list shows the new balance', async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin('/members');
    await user.click(await screen.findByRole('button', { name: 'Adjust the balance of Sara Saleh' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Balance now: 120 points/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Points'), '-20');
    await user.type(within(dialog).getByLabelText('Reason'), 'A returned dish');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(asked.some((a) => a.body)).toBe(true));
    expect(asked.find((a) => a.body)!.body).toEqual({ points: -20, reason: 'A returned dish' });
    expect(asked.find((a) => a.body)!.url.pathname).toBe('/api/loyalty/members/31/adjust');
    expect(await screen.findByText('Balance adjusted: 100 points')).toBeInTheDocument();
  });

  it("the server's refusal is said under the points, in Arabic too; nothing is sent without a reason", async () => {
    const user = userEvent.setup();
    const asked = standIn('points: the balance cannot go below zero');
    renderAdmin('/members');
    await user.click(await screen.findByRole('button', { name: 'Adjust the balance of +966509990001' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Points'), '-50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(asked.some((a) => a.body)).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Too many');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The balance cannot go below zero')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await user.click(await screen.findByRole('button', { name: 'تعديل رصيد +966509990001' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('النقاط'), '-50');
    await user.type(within(dialog).getByLabelText('السبب'), 'كثير');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('لا يمكن أن ينزل الرصيد تحت الصفر')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByText('Sara Saleh');
  });

  it('staff read the members: no Adjust, no Export CSV', async () => {
    standIn();
    signInAs('staff', [5]);
    renderAdmin('/members');
    await screen.findByText('Sara Saleh');
    expect(screen.queryByRole('button', { name: /^Adjust the balance/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
