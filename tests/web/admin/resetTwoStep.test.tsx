// Issue 48 item 1: an admin resets another account's two-step sign-in from its edit page (/admins/edit/{id}), behind a
// confirmation, in English and Arabic (DELETE /admin/{id}/totp); the button shows only to admins, only for an account
// whose two-step sign-in is on, and never on their own account. Turning it on asks for the password first.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, server, signInAs, state, useStandIn } from './harness';

useStandIn({ signedIn: true });

const resets: string[] = [];
beforeEach(() => {
  resets.length = 0;
  state.current.admins.push({ id: 3, name: 'Huda', email: 'huda@najd.sa', role: 'staff', restaurantIds: [5] } as never);
  const totpOn = new Set([1, 3]);
  server.use(
    http.get('*/admin/:id', ({ params }) => {
      const a = state.current.admins.find((x) => x.id === Number(params.id));
      if (!a) return HttpResponse.json({ message: 'Admin not found' }, { status: 404 });
      return HttpResponse.json({ role: 'admin', restaurantIds: [], ...a, totpOn: totpOn.has(a.id) });
    }),
    http.delete('*/admin/:id/totp', ({ params }) => {
      resets.push(String(params.id));
      totpOn.delete(Number(params.id));
      return HttpResponse.json({ message: 'Two-step sign-in is reset' });
    }),
  );
});

describe("resetting another account's two-step sign-in", () => {
  it('an admin resets it after confirming; the page then shows it off', async () => {
    const user = userEvent.setup();
    renderAdmin('/admins/edit/3');
    expect(await screen.findByText('Two-step sign-in is on for this account.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset two-step sign-in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Two-step sign-in is turned off for huda@najd\.sa/)).toBeInTheDocument();
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resets).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-step sign-in reset')).toBeInTheDocument();
    expect(resets).toEqual(['3']);
    await waitFor(() => expect(screen.queryByTestId('reset-two-step')).not.toBeInTheDocument());
  });

  it('in Arabic', async () => {
    const user = userEvent.setup();
    renderAdmin('/admins/edit/3');
    await screen.findByText('Two-step sign-in is on for this account.');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await user.click(await screen.findByRole('button', { name: 'إعادة ضبط الدخول بخطوتين' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('إعادة ضبط الدخول بخطوتين؟')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'إعادة الضبط' }));
    expect(await screen.findByText('أُعيد ضبط الدخول بخطوتين')).toBeInTheDocument();
    expect(resets).toEqual(['3']);
  });

  it('not on their own account (their Two-step sign-in page turns theirs off)', async () => {
    renderAdmin('/admins/edit/1');
    expect(await screen.findByText('nora@specter.sa')).toBeInTheDocument();
    expect(screen.queryByTestId('reset-two-step')).not.toBeInTheDocument();
  });

  it('a manager never sees it', async () => {
    signInAs('manager', [5]);
    renderAdmin('/admins/edit/3');
    expect(await screen.findByText('huda@najd.sa')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Huda'));
    expect(screen.queryByTestId('reset-two-step')).not.toBeInTheDocument();
  });
});
