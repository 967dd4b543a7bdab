// An admin deleting their own account (issue 30): the confirm dialog says by name that it is theirs and that they
// will be signed out; once deleted they are signed out and the sign-in page says why; the last admin's refusal
// (409) is said in the admin's language. English and Arabic.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, server, state, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });
beforeEach(() => {
  state.current.me = { id: 1, name: 'Nora Admin', email: 'nora@specter.sa', role: 'admin' };
});

describe('an admin deleting their own account', () => {
  it('is warned by name, then signed out with a message on the sign-in page', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/admins');
    await user.click(await screen.findByRole('button', { name: 'Delete Nora Admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete your own account?')).toBeInTheDocument();
    expect(dialog.textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      'This is your own account, Nora Admin (nora@specter.sa). Deleting it signs you out at once, and it cannot sign in again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(await screen.findByText('Your account was deleted, so you have been signed out.')).toBeInTheDocument();
    expect(state.current.requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: '/user/1' });
    expect(localStorage.getItem('token')).toBeNull();
  }, 60_000);

  it("another admin's row keeps the plain dialog", async () => {
    const user = userEvent.setup();
    renderAdmin('/admins');
    await user.click(await screen.findByRole('button', { name: 'Delete Omar Admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure')).toBeInTheDocument();
    expect(within(dialog).queryByText('Delete your own account?')).not.toBeInTheDocument();
  }, 60_000);

  it('in Arabic, and the last admin is refused in Arabic', async () => {
    server.use(
      http.patch('*/user/:id', () =>
        HttpResponse.json({ message: 'The last admin cannot be removed' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    const router = renderAdmin('/admins');
    await screen.findByText('nora@specter.sa');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await user.click(await screen.findByRole('button', { name: 'حذف Nora Admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('حذف حسابك أنت؟')).toBeInTheDocument();
    expect(dialog.textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      'هذا حسابك أنت، Nora Admin (nora@specter.sa). حذفه يُخرجك من النظام فورًا',
    );
    await user.click(within(dialog).getByRole('button', { name: 'نعم، احذف حسابي' }));
    expect(
      await screen.findByText('هذا آخر حساب مشرف. أضف مشرفًا آخر أولًا، ثم يمكن حذف هذا الحساب.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admins');
  }, 60_000);
});
