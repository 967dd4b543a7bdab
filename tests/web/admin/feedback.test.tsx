// Nothing silent: Add Admin says beside the field what is wrong, a refused delete says why, and the
// delete dialog starts on Cancel.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshState, renderAdmin, server, signIn, state } from './harness';
import { onUnhandledRequest } from '../unhandled';

beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  state.current = freshState();
  localStorage.clear();
  signIn();
});
afterEach(async () => {
  server.resetHandlers();
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Save|حفظ)$/ }));
const fieldOf = (input: HTMLElement) => input.closest('.MuiFormControl-root') as HTMLElement;

async function fillAdmin(user: ReturnType<typeof userEvent.setup>, email: string, password: string, confirm: string) {
  await user.type(await screen.findByRole('textbox', { name: /^(Name|الاسم)/ }), 'Layla');
  await user.type(screen.getByRole('textbox', { name: /^(Email|البريد الإلكتروني)/ }), email);
  await user.type(document.querySelector('input[name=password]') as HTMLElement, password);
  await user.type(document.querySelector('input[name=confirmPassword]') as HTMLElement, confirm);
  await user.tab();
}

describe('Add Admin failures are explained beside their field', () => {
  it("a taken e-mail: the icon-only banner, and 'already used' under Email", async () => {
    state.current.createAdminFails = true;
    const user = userEvent.setup();
    renderAdmin('/admins/add');
    await fillAdmin(user, 'nora@specter.sa', 'password-1', 'password-1');
    submit();
    const banner = await screen.findByTestId('admin-error-banner');
    expect(banner.textContent?.trim()).toBe('');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await waitFor(() =>
      expect(within(fieldOf(email)).getByText('This e-mail is already used by another admin')).toBeInTheDocument(),
    );
  });

  it("passwords that differ: 'does not match' under Confirm Password, and nothing is sent", async () => {
    const user = userEvent.setup();
    renderAdmin('/admins/add');
    await fillAdmin(user, 'layla@specter.sa', 'password-1', 'password-2');
    const confirm = document.querySelector('input[name=confirmPassword]') as HTMLElement;
    expect(await within(fieldOf(confirm)).findByText('Does not match the password')).toBeInTheDocument();
    submit();
    await new Promise((r) => setTimeout(r, 200));
    expect(state.current.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('the spec messages still come first: a short confirmation reads "Should not be less than 8 characters"', async () => {
    const user = userEvent.setup();
    renderAdmin('/admins/add');
    await fillAdmin(user, 'layla@specter.sa', 'password-1', 'short');
    const confirm = document.querySelector('input[name=confirmPassword]') as HTMLElement;
    expect(await within(fieldOf(confirm)).findByText('Should not be less than 8 characters')).toBeInTheDocument();
    expect(within(fieldOf(confirm)).queryByText('Does not match the password')).not.toBeInTheDocument();
  });
});

describe('a refused delete says why', () => {
  it("deleting the last admin: the server's refusal is shown in a dialog, in the admin's words", async () => {
    server.use(
      http.patch('*/user/:id', () =>
        HttpResponse.json({ message: 'The last admin cannot be removed' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/admins');
    await user.click(await screen.findByRole('button', { name: 'Delete Omar Admin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not deleted' });
    expect(
      within(dialog).getByText(
        'This is the last admin account. Add another admin first; then this account can be deleted.',
      ),
    ).toBeInTheDocument();
  });

  it('the confirmation dialog opens with the focus on Cancel, not on "Yes, delete"', async () => {
    const user = userEvent.setup();
    renderAdmin('/admins');
    await user.click(await screen.findByRole('button', { name: 'Delete Omar Admin' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });
});

// Last: the language switch is remembered for the rest of this file.
describe('Add Admin in Arabic', () => {
  it('in Arabic: both explanations in Arabic', async () => {
    state.current.createAdminFails = true;
    const user = userEvent.setup();
    renderAdmin('/admins/add');
    await user.click(await screen.findByRole('button', { name: 'العربية' }));
    await fillAdmin(user, 'nora@specter.sa', 'password-1', 'password-2');
    expect(await screen.findByText('لا يطابق كلمة المرور')).toBeInTheDocument();
    await user.clear(document.querySelector('input[name=confirmPassword]') as HTMLElement);
    await user.type(document.querySelector('input[name=confirmPassword]') as HTMLElement, 'password-1');
    submit();
    expect(await screen.findByText('هذا البريد الإلكتروني مستخدم لمشرف آخر')).toBeInTheDocument();
  });
});
