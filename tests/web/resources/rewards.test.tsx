// Rewards (issue 47) in the back-office: /rewards lists a restaurant's rewards from GET /api/rewards (cheapest first,
// what each gives said in words), Add reward posts the form to /api/rewards and a refusal naming a field is shown
// beside it, Edit sends the changed reward (never its code or restaurant); staff read without Add, Edit or Delete;
// both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { GOOD_TOKEN, renderAdmin, server, signInAs, submit, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

const REWARDS = [
  {
    id: 1,
    code: 'KARAK',
    restaurant_id: 5,
    name_en: 'Free Karak Tea',
    name_ar: 'شاي كرك مجاني',
    cost: 20,
    kind: 'products',
    value: 1,
    max_discount: 6,
    product_ids: ['p-3'],
    active: true,
  },
  {
    id: 2,
    code: 'FIFTEEN',
    restaurant_id: 5,
    name_en: '15% off',
    name_ar: 'خصم 15٪',
    cost: 100,
    kind: 'percent',
    value: 15,
    max_discount: 25,
    product_ids: [],
    active: false,
  },
];

function standIn(refuse?: { status: number; message: string }) {
  const asked: { method: string; url: URL; body?: Record<string, unknown> }[] = [];
  const authed = (r: Request) => (r.headers.get('authorization') ?? '').startsWith(`Bearer ${GOOD_TOKEN}`);
  server.use(
    http.get('*/api/rewards', ({ request }) => {
      if (!authed(request)) return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      asked.push({ method: 'GET', url: new URL(request.url) });
      return HttpResponse.json(REWARDS, { headers: { 'X-Total-Count': String(REWARDS.length) } });
    }),
    http.get('*/api/rewards/:id', ({ params }) => HttpResponse.json(REWARDS.find((r) => r.id === Number(params.id)))),
    http.post('*/api/rewards', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.push({ method: 'POST', url: new URL(request.url), body });
      if (refuse) return HttpResponse.json({ message: refuse.message }, { status: refuse.status });
      return HttpResponse.json({ id: 9, max_discount: null, product_ids: [], active: true, ...body });
    }),
    http.patch('*/api/rewards/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.push({ method: 'PATCH', url: new URL(request.url), body });
      return HttpResponse.json({ ...REWARDS.find((r) => r.id === Number(params.id)), ...body });
    }),
  );
  return asked;
}

describe('rewards', () => {
  it('lists the rewards cheapest first, each with what the member gets and whether it is on offer', async () => {
    const asked = standIn();
    renderAdmin('/rewards');
    const table = await screen.findByRole('table');
    await within(table).findByText('Free Karak Tea');
    expect(asked[0].url.searchParams.get('sort')).toBe('cost');
    expect(asked[0].url.searchParams.get('order')).toBe('ASC');
    const karak = within(table).getByText('KARAK').closest('tr')!;
    expect(within(karak).getByText('1 free: p-3')).toBeInTheDocument();
    expect(within(karak).getByText('Najd Grill')).toBeInTheDocument();
    const fifteen = within(table).getByText('FIFTEEN').closest('tr')!;
    expect(within(fifteen).getByText('15% off, at most 25')).toBeInTheDocument();
    expect(within(fifteen).getByText('No')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Rewards' })).toHaveAttribute('href', '/rewards');
    expect(screen.getByRole('link', { name: 'Add reward' })).toHaveAttribute('href', '/rewards/add');
    expect(screen.getByRole('link', { name: 'Edit Free Karak Tea' })).toHaveAttribute('href', '/rewards/edit/1');
  });

  it('staff read the rewards: no Add reward, Edit or Delete', async () => {
    standIn();
    signInAs('staff', [5]);
    renderAdmin('/rewards');
    await screen.findByText('Free Karak Tea');
    expect(screen.queryByRole('link', { name: 'Add reward' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('Add reward posts the form; a percent reward asks for its largest discount', async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin('/rewards/add');
    await user.click(await screen.findByRole('combobox', { name: /Restaurant/ }));
    await user.click(await screen.findByRole('option', { name: 'Najd Grill' }));
    await user.type(screen.getByLabelText(/^Code/), 'COFFEE');
    await user.type(screen.getByLabelText(/^Name \(English\)/), 'Free coffee');
    await user.type(screen.getByLabelText(/^Name \(Arabic\)/), 'قهوة مجانية');
    await user.type(screen.getByLabelText(/^Cost in points/), '40');
    await user.click(screen.getByRole('combobox', { name: /Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Percent off the order' }));
    await user.type(screen.getByLabelText(/^Value/), '10');
    expect(await screen.findByLabelText(/^Largest discount/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Largest discount/), '25');
    submit();
    await waitFor(() => expect(asked.some((a) => a.method === 'POST')).toBe(true));
    expect(asked.find((a) => a.method === 'POST')!.body).toMatchObject({
      restaurant_id: 5,
      code: 'COFFEE',
      name_en: 'Free coffee',
      name_ar: 'قهوة مجانية',
      cost: 40,
      kind: 'percent',
      value: 10,
      max_discount: 25,
      active: true,
    });
  });

  it("a code the restaurant has had is said beside the code, in the admin's language", async () => {
    const user = userEvent.setup();
    standIn({
      status: 409,
      message: 'code: this restaurant already has (or had) a reward with this code; codes are never reused',
    });
    renderAdmin('/rewards/add');
    await user.click(await screen.findByRole('combobox', { name: /Restaurant/ }));
    await user.click(await screen.findByRole('option', { name: 'Najd Grill' }));
    await user.type(screen.getByLabelText(/^Code/), 'KARAK');
    await user.type(screen.getByLabelText(/^Name \(English\)/), 'Tea');
    await user.type(screen.getByLabelText(/^Name \(Arabic\)/), 'شاي');
    await user.type(screen.getByLabelText(/^Cost in points/), '5');
    await user.click(screen.getByRole('combobox', { name: /Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Amount off the order' }));
    await user.type(screen.getByLabelText(/^Value/), '5');
    submit();
    expect(
      await screen.findByText(
        'This restaurant already has (or had) a reward with this code: codes are never used again',
      ),
    ).toBeInTheDocument();
  });

  it('Edit sends the reward without its code or restaurant; in Arabic the names are the Arabic ones', async () => {
    const user = userEvent.setup();
    const asked = standIn();
    renderAdmin('/rewards/edit/1');
    const cost = await screen.findByLabelText(/^Cost in points/);
    await waitFor(() => expect(cost).toHaveValue(20));
    expect(screen.queryByLabelText(/^Code/)).toBeNull();
    await user.clear(cost);
    await user.type(cost, '25');
    submit();
    await waitFor(() => expect(asked.some((a) => a.method === 'PATCH')).toBe(true));
    const body = asked.find((a) => a.method === 'PATCH')!.body!;
    expect(body).toMatchObject({ cost: 25, kind: 'products', product_ids: ['p-3'] });
    expect(body).not.toHaveProperty('code');
    expect(body).not.toHaveProperty('restaurant_id');
    await screen.findByText('Free Karak Tea');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByText('شاي كرك مجاني')).toBeInTheDocument();
    expect(screen.getByText('1 مجانًا: p-3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByText('Free Karak Tea');
  });
});
