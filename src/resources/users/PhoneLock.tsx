// The App Users row's lock: when too many wrong one-time codes locked the user's phone, a "Locked until ..."
// mark and a "Lift lock" action (DELETE /user/{id}/lock) behind a confirmation; after it, a notice and a
// refetch. Nothing shows for a phone that is not locked.
import { Button, Chip, Stack } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AppUser } from '../../contract/appUsers';
import type { SpecterDataProvider } from '../../admin/data';
import { useAllows } from '../../admin/access/useAllows';
import { ConfirmDialog } from '../../admin/dialogs/ConfirmDialog';
import { useNoticeDialog } from '../../admin/dialogs/NoticeDialog';
import { localDateTime } from '../../admin/lists/format';

export function PhoneLock() {
  const user = useRecordContext<AppUser>();
  const t = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const refresh = useRefresh();
  const notice = useNoticeDialog();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const mayLift = useAllows('users', 'unlock');
  if (!user?.lockedUntil) return null;
  const l = (key: string, args?: object) => t(`specter.users.lock.${key}`, args);

  const lift = async () => {
    setBusy(true);
    try {
      await dataProvider.unlockAppUser(user.id);
      notice(l('liftedTitle'), l('liftedText'));
    } catch (err) {
      console.error(err);
    } finally {
      setBusy(false);
      setConfirming(false);
      refresh();
    }
  };

  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Chip
        icon={<LockIcon />}
        color="warning"
        size="small"
        label={l('lockedUntil', { time: localDateTime(user.lockedUntil, locale) })}
      />
      {mayLift && (
        <Button
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            setConfirming(true);
          }}
          aria-label={`${l('lift')} ${user.phone}`}
        >
          {l('lift')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        rtl={false}
        busy={busy}
        title={l('confirmTitle')}
        text={l('confirmText')}
        confirmLabel={l('confirmYes')}
        cancelLabel={t('specter.dialogs.cancel')}
        onConfirm={lift}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
