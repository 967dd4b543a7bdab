// Two-step sign-in for your own account (docs/SECURITY.md, "Two-step sign-in"): turn it on with your password (the
// QR and the key to type, shown this once; a first code confirms it, signs out your other sessions and gives this
// one a new token; the recovery codes, shown this once), or off with your password.
// With ADMIN_TOTP_REQUIRED an account without it is kept on this page until it is on (useTwoStepGate).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TotpEnrolment, TotpStatus } from '../../contract/auth';
import type { SpecterDataProvider } from '../data';
import { authProvider } from '../../authProvider';

export const TWO_STEP_PATH = '/two-step';

/** ADMIN_TOTP_REQUIRED: an account that must still turn on two-step sign-in is sent to its page from anywhere. */
export function useTwoStepGate() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    if (pathname !== TWO_STEP_PATH)
      authProvider.totpSetupNeeded().then((needed) => {
        if (needed && live) navigate(TWO_STEP_PATH, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [pathname, navigate]);
}

const errorStatus = (e: unknown) => (e as { status?: number })?.status;

export function TwoStepPage() {
  const t = useTranslate();
  const k = (key: string, o?: object) => t(`specter.twoStep.${key}`, o);
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const [status, setStatus] = useState<TotpStatus | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => dataProvider.totpStatus().then(setStatus), [dataProvider]);
  useEffect(() => {
    load().catch(() => setError('failed'));
  }, [load]);

  const run = async (action: () => Promise<void>, on400: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorStatus(e) === 400 ? on400 : 'failed');
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      setEnrolment(await dataProvider.totpEnrol(password));
      setPassword('');
    }, 'passwordWrong');
  const confirm = () =>
    run(async () => {
      const answer = await dataProvider.totpConfirm(code.trim());
      setRecoveryCodes(answer.recoveryCodes);
      setEnrolment(null);
      setCode('');
      // The account may now do what its role allows (ADMIN_TOTP_REQUIRED): forget "setup needed". Only the auth
      // provider's memory: resetting react-admin's auth queries would draw this page anew, and the recovery codes,
      // shown this once, with it.
      authProvider.forget();
      await load();
    }, 'codeWrong');
  const disable = () =>
    run(async () => {
      await dataProvider.totpDisable(password);
      setPassword('');
      authProvider.forget();
      await load();
    }, 'passwordWrong');

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }} data-testid="two-step">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h1">
          {k('title')}
        </Typography>
        {error && <Alert severity="error">{k(error)}</Alert>}
        {status?.required && !status.enabled && <Alert severity="warning">{k('required')}</Alert>}
        {recoveryCodes ? (
          <Box data-testid="recovery-codes">
            <Typography variant="subtitle1">{k('recoveryTitle')}</Typography>
            <Alert severity="warning" sx={{ my: 1 }}>
              {k('recoveryHelp')}
            </Alert>
            <Box
              component="ul"
              dir="ltr"
              sx={{ fontFamily: 'monospace', columns: 2, listStyle: 'none', p: 0, m: 0, fontSize: '1.1rem' }}
            >
              {recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </Box>
            <Button variant="contained" sx={{ mt: 2 }} onClick={() => setRecoveryCodes(null)}>
              {k('done')}
            </Button>
          </Box>
        ) : enrolment ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <Typography variant="body2">{k('scan')}</Typography>
            <Box sx={{ bgcolor: '#fff', p: 1 }}>
              <QRCodeSVG value={enrolment.uri} size={192} title={k('title')} />
            </Box>
            <Typography variant="body2">
              {k('key')}:{' '}
              <Box component="code" dir="ltr" data-testid="totp-key" sx={{ wordBreak: 'break-all' }}>
                {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Box>
            </Typography>
            <TextField
              label={k('confirmCode')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
            />
            <Button variant="contained" onClick={confirm} disabled={busy || !code.trim()}>
              {k('confirm')}
            </Button>
          </Box>
        ) : status?.enabled ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <Alert severity="success">{k('on')}</Alert>
            <Typography variant="body2">{k('recoveryLeft', { count: status.recoveryCodesLeft })}</Typography>
            <TextField
              label={k('password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button variant="outlined" color="error" onClick={disable} disabled={busy || !password}>
              {k('disable')}
            </Button>
          </Box>
        ) : status ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <Typography variant="body2">{k('off')}</Typography>
            <Typography variant="body2">{k('startHelp')}</Typography>
            <TextField
              label={k('password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button variant="contained" onClick={start} disabled={busy || !password}>
              {k('start')}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
