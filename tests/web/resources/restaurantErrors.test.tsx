// The restaurant form's failures beside their field, in the admin's language (issue 30): the POS's refusal of the
// token (the saved restaurant's sync_error) under the token, not an English toast; a 400 naming a field ("logo:
// must be an http(s) URL") under that field. English and Arabic, against msw.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderAdmin, server, state, useStandIn } from '../admin/harness';
import { POS_REASONS } from '../../../src/admin/feedback/serverTexts';
import { en as serverEnglish } from '../../../server/i18n/en';
import { specterEn } from '../../../src/admin/i18n/en';

useStandIn({ signedIn: true });
// The language chosen stays with the app's translator for the rest of the file: the tests in Arabic come last.

const REFUSED = "The restaurant's point-of-sale connection is not authorised; the restaurant must renew its token";
/** PATCH /restaurant/5 answers the saved restaurant with the POS's refusal kept in sync_error. */
const refusingPos = () =>
  server.use(
    http.patch('*/restaurant/:id', async ({ request }) => {
      const r = state.current.restaurants[0];
      Object.assign(r, await request.json(), { sync_error: REFUSED });
      return HttpResponse.json(r);
    }),
  );
const badLogo = () =>
  server.use(
    http.patch('*/restaurant/:id', () =>
      HttpResponse.json({ message: 'logo: must be an http(s) URL' }, { status: 400 }),
    ),
  );
/** The helper text under the field labelled `label`. */
const helperOf = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  return input.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;
};

/** The edit page of Najd Grill, its name changed (a form with no change cannot be saved). */
async function openEdit(arabic = false) {
  const user = userEvent.setup();
  const router = renderAdmin('/restaurants/edit/5');
  await waitFor(() => expect(screen.getAllByRole('textbox')[0]).toHaveValue('Najd Grill'));
  if (arabic && !screen.queryByRole('button', { name: 'حفظ' })) {
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await screen.findByRole('button', { name: 'حفظ' });
  }
  await user.type(screen.getAllByRole('textbox')[0], '!');
  return { user, router };
}
/** Save, in either language (user-event's click does not submit react-admin's form in the test DOM: harness.tsx). */
const save = (name = 'Save') => fireEvent.click(screen.getByRole('button', { name }));

describe("the restaurant form's failures, beside their field", () => {
  it('the POS refusing the token: said under the token, the page stays on the form', async () => {
    refusingPos();
    const { router } = await openEdit();
    expect(screen.queryByTestId('pos-refusal')).not.toBeInTheDocument();
    save();
    const refusal = await screen.findByTestId('pos-refusal', {}, { timeout: 10_000 });
    expect(refusal).toHaveTextContent(`Saved, but the point-of-sale system refused it: ${REFUSED}`);
    // Right after the token field.
    const token = screen.getByLabelText(/^Token/).closest('.MuiFormControl-root')!;
    expect(token.nextElementSibling).toBe(refusal);
    expect(router.state.location.pathname).toBe('/restaurants/edit/5');
    expect(screen.queryByText(/Saved, but the point-of-sale system refused the token/)).not.toBeInTheDocument();
  }, 60_000);

  it('a new restaurant the POS refuses opens its edit page with the refusal beside the token', async () => {
    server.use(
      http.post('*/restaurant', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const r = { name: '', ...body, id: 6, sync_error: REFUSED, Branchs: [] };
        state.current.restaurants.push(r as (typeof state.current.restaurants)[number]);
        return HttpResponse.json(r);
      }),
    );
    const user = userEvent.setup();
    const router = renderAdmin('/restaurants/add');
    await user.type(await screen.findByLabelText(/^Name/), 'Nile Kitchen');
    await user.click(screen.getByLabelText(/^Logo/));
    await user.paste('https://cdn.example.com/nile.png');
    await user.type(screen.getByLabelText(/^Token/), 'tok');
    await user.type(screen.getByLabelText(/^Branchs Token/), 'btok');
    await user.click(screen.getByRole('combobox', { name: /System Type/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Foodics' }));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurants/edit/6'), { timeout: 10_000 });
    expect(await screen.findByTestId('pos-refusal', {}, { timeout: 10_000 })).toHaveTextContent(REFUSED);
  }, 60_000);

  it("the server's 400 on the logo: said under the logo, in English and in Arabic", async () => {
    badLogo();
    const { user } = await openEdit();
    save();
    await waitFor(() => expect(helperOf(/^Logo/)).toBe('Must be a web address starting with https:// (or http://)'), {
      timeout: 10_000,
    });
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await user.type(screen.getAllByRole('textbox')[0], '!');
    save('حفظ');
    await waitFor(() => expect(helperOf(/^الشعار/)).toBe('يجب أن يكون عنوان ويب يبدأ بـ https:// أو http://'), {
      timeout: 10_000,
    });
  }, 60_000);

  it("a time zone the server does not know: said under the field, in the admin's language (Arabic here)", async () => {
    server.use(
      http.patch('*/restaurant/:id', () =>
        HttpResponse.json({ message: 'time_zone: must be a time zone name such as Asia/Riyadh' }, { status: 400 }),
      ),
    );
    const { user } = await openEdit(true);
    await user.type(await screen.findByLabelText(/^المنطقة الزمنية/), 'Mars/Olympus');
    save('حفظ');
    await waitFor(() => expect(helperOf(/^المنطقة الزمنية/)).toBe('يجب أن يكون اسم منطقة زمنية مثل Asia/Riyadh'), {
      timeout: 10_000,
    });
    expect(screen.getByLabelText(/^المنطقة الزمنية/)).toHaveValue('Mars/Olympus');
  }, 60_000);

  it('the same in Arabic', async () => {
    refusingPos();
    await openEdit(true);
    save('حفظ');
    expect(await screen.findByTestId('pos-refusal', {}, { timeout: 10_000 })).toHaveTextContent(
      'تم الحفظ، لكن نظام نقاط البيع رفضه: اتصال المطعم بنظام نقاط البيع غير مصرّح به؛ على المطعم تجديد رمز الربط',
    );
  }, 60_000);

  it("every POS reason the server writes has the admin's translation", () => {
    const written = Object.entries(serverEnglish)
      .filter(([k]) => k.startsWith('pos') && k !== 'posNotConnected')
      .map(([, v]) => v);
    for (const sentence of written) expect(Object.keys(POS_REASONS), sentence).toContain(sentence);
    const keys = Object.keys(specterEn.pos);
    for (const key of Object.values(POS_REASONS)) expect(keys).toContain(key);
  });
});
