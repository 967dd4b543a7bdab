// Two-step sign-in in the back-office (docs/SECURITY.md, "Two-step sign-in"): the login's code step for an account
// with it on (the password step's texts unchanged), the Two-step sign-in page (the password first, QR and key,
// confirm with a code - the session's new token kept -, recovery codes once, turn off with the password), a locked
// second step said, and ADMIN_TOTP_REQUIRED keeping an account on that page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from '../../../src/authProvider';
import { freshState, GOOD_TOKEN, renderAdmin, server, signIn, state } from './harness';
import { onUnhandledRequest } from '../unhandled';

beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  state.current = freshState();
  authProvider.forget();
});
afterEach(() => server.resetHandlers());

const RIGHT_CODE = '246810';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The session's new token after turning it on (every session issued before ends: docs/SECURITY.md). */
const RENEWED = `${GOOD_TOKEN}.admin.`;

describe('the login code step', () => {
  beforeEach(() => {
    server.use(
      http.post('*/admin/login', async ({ request }) => {
        const { email, password, code } = (await request.json()) as Record<string, string | undefined>;
        if (email !== 'totp@specter.sa' || password !== 'secret-123')
          return HttpResponse.json({ message: 'Invalid Email or Password' }, { status: 401 });
        if (code === undefined)
          return HttpResponse.json({ message: 'Enter the code from your authenticator app' }, { status: 401 });
        if (code === 'locked')
          return HttpResponse.json(
            { message: 'Two-step sign-in is locked after too many wrong codes: ask an administrator to reset it' },
            { status: 401 },
          );
        if (code !== RIGHT_CODE) return HttpResponse.json({ message: 'The code is wrong' }, { status: 401 });
        return HttpResponse.json({ data: { token: GOOD_TOKEN } });
      }),
    );
  });

  it('a right password asks for the code; a wrong code is said; the right one signs in', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/login');
    await user.type(await screen.findByLabelText('Email'), 'totp@specter.sa');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Invalid Email or Password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();

    await user.type(screen.getByLabelText('Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();

    await user.type(screen.getByLabelText('Code'), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('token')).toBe(GOOD_TOKEN);
  });

  it('a locked second step is said as such (issue 48)', async () => {
    const user = userEvent.setup();
    renderAdmin('/login');
    await user.type(await screen.findByLabelText('Email'), 'totp@specter.sa');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Code'), 'locked');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Two-step sign-in is locked after too many wrong codes: ask an administrator to reset it',
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('Back returns to the password step with the spec texts; a wrong password is still "Invalid Email or Password"', async () => {
    const user = userEvent.setup();
    renderAdmin('/login');
    await user.type(await screen.findByLabelText('Email'), 'totp@specter.sa');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid Email or Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

describe('the Two-step sign-in page', () => {
  const totp = { enabled: false, required: false, recoveryCodesLeft: 0 };
  const sent: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    signIn();
    Object.assign(totp, { enabled: false, required: false, recoveryCodesLeft: 0 });
    sent.length = 0;
    server.use(
      http.get('*/admin/totp', () => HttpResponse.json(totp)),
      http.post('*/admin/totp/enrol', async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        sent.push({ url: 'enrol', body });
        if (body.password !== 'secret-123')
          return HttpResponse.json({ message: 'The current password is wrong' }, { status: 400 });
        return HttpResponse.json({ secret: SECRET, uri: `otpauth://totp/Specter:nora%40specter.sa?secret=${SECRET}` });
      }),
      http.post('*/admin/totp/confirm', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push({ url: 'confirm', body });
        if (body.code !== RIGHT_CODE) return HttpResponse.json({ message: 'The code is wrong' }, { status: 400 });
        Object.assign(totp, { enabled: true, recoveryCodesLeft: 10 });
        return HttpResponse.json({ recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'], data: { token: RENEWED } });
      }),
      http.post('*/admin/totp/disable', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push({ url: 'disable', body });
        if (body.password !== 'secret-123')
          return HttpResponse.json({ message: 'The current password is wrong' }, { status: 400 });
        Object.assign(totp, { enabled: false, recoveryCodesLeft: 0 });
        return HttpResponse.json({ message: 'Two-step sign-in is off' });
      }),
    );
  });

  it('turns it on with the password: QR and key, a wrong code said, the right one shows the recovery codes once and keeps the new token; then off with the password', async () => {
    const user = userEvent.setup();
    renderAdmin('/two-step');
    // The password first (a token alone turns nothing on); a wrong one is said.
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeDisabled();
    await user.type(screen.getByLabelText('Your password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByTestId('totp-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByTestId('two-step').querySelector('svg')).not.toBeNull();

    await user.type(screen.getByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is wrong')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('AAAAA-BBBBB')).toBeInTheDocument();
    expect(screen.getByText('CCCCC-DDDDD')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(RENEWED);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('AAAAA-BBBBB')).not.toBeInTheDocument();
    expect(await screen.findByText('Recovery codes left: 10')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual(['enrol', 'enrol', 'confirm', 'confirm', 'disable', 'disable']);
  });

  it('ADMIN_TOTP_REQUIRED: an account without it is sent to the page from /home, which says why', async () => {
    totp.required = true;
    server.use(
      http.post('*/user/isVerify', () =>
        HttpResponse.json({ verify: true, id: 1, name: 'Nora', role: 'admin', totpSetupNeeded: true }),
      ),
    );
    const router = renderAdmin('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/two-step'));
    expect(
      await screen.findByText('Two-step sign-in is required for every account here: turn it on to continue.'),
    ).toBeInTheDocument();
  });
});
