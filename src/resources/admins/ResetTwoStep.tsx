// The edit page's "Reset two-step sign-in" (docs/SECURITY.md, "Two-step sign-in"): for an account whose two-step
// sign-in is on (or pending), an admin turns it off behind a confirmation (DELETE /admin/{id}/totp: a lost phone, or
// a sign-in locked after too many wrong codes); the account is signed out everywhere and signs in with its password
// alone. Shown to admins only (src/permissions.ts `resetTotp`), never on their own account (their Two-step sign-in
// page turns theirs off with their password).
import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AdminDetail } from '../../contract/admins';
import type { SpecterDataProvider } from '../../admin/data';
import { useAllows } from '../../admin/access/useAllows';
import { ConfirmDialog } from '../../admin/dialogs/ConfirmDialog';
import { useNoticeDialog } from '../../admin/dialogs/NoticeDialog';

export function ResetTwoStep() {
  const account = useRecordContext<AdminDetail>();
  const { identity } = useGetIdentity();
  const t = useTranslate();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const refresh = useRefresh();
  const notice = useNoticeDialog();
  const mayReset = useAllows('admins', 'resetTotp');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!account?.totpOn || !mayReset || !identity || identity.id === account.id) return null;
  const k = (key: string) => t(`specter.admins.resetTotp.${key}`, { email: account.email });

  const reset = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await dataProvider.resetTotp(account.id);
      notice(k('doneTitle'), k('doneText'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      setConfirming(false);
      refresh();
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start', mt: 1 }} data-testid="reset-two-step">
      <Alert severity="info">{k('on')}</Alert>
      {failed && <Alert severity="error">{k('failed')}</Alert>}
      <Button variant="outlined" color="warning" onClick={() => setConfirming(true)} disabled={busy}>
        {k('button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={busy}
        title={k('confirmTitle')}
        text={k('confirmText')}
        confirmLabel={k('confirmYes')}
        cancelLabel={t('specter.dialogs.cancel')}
        onConfirm={reset}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
