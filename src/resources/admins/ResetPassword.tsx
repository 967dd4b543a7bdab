// "Forgot password" for a back-office account (issue 49): there is no e-mail, so an admin sets a new password on
// the account's edit page (POST /api/admins/{id}/password) and hands it over. The account's sessions end and the
// activity trail records who did it. Shown to admins only, never on their own account (that is a change of their
// own password, with the current one).
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import type { SpecterDataProvider } from '../../admin/data';
import { useAllows } from '../../admin/access/useAllows';
import { useServerMessage } from '../../admin/feedback/serverTexts';

export function ResetPassword({ id }: { id: string | undefined }) {
  const t = useTranslate();
  const a = (k: string) => t(`specter.admins.${k}`);
  const dp = useDataProvider<SpecterDataProvider>();
  const reason = useServerMessage();
  // The declaration's resetPassword action (src/contract/resources/admins.ts): admins only.
  const mayReset = useAllows('admins', 'resetPassword');
  const { identity } = useGetIdentity();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (!mayReset || !id || String(identity?.id) === id) return null;
  const short = password.length > 0 && password.length < 8;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 8 || busy) return;
    setBusy(true);
    try {
      await dp.resetPassword(id, password);
      setPassword('');
      setOutcome({ ok: true, text: a('resetDone') });
    } catch (err) {
      setOutcome({ ok: false, text: reason(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 600 }} component="section" aria-labelledby="reset-title">
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography variant="h6" component="h2" id="reset-title">
          {a('resetTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {a('resetHelp')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            type="password"
            autoComplete="new-password"
            label={a('newPassword')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={short}
            helperText={short ? t('specter.validation.adminPasswordMin') : ' '}
          />
          <Button type="submit" variant="outlined" disabled={busy || password.length < 8}>
            {a('resetSubmit')}
          </Button>
        </Box>
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} sx={{ mt: 1 }}>
            {outcome.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
