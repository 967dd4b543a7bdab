// The Specter POS push key on a restaurant's edit page: when it was last rotated, and a button that makes a
// new one (the old one stops working) and shows it this once - the server keeps only its hash.
import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { SpecterDataProvider } from '../../admin/data';
import { localDateTime } from '../../admin/lists/format';
import { useAllows } from '../../admin/access/useAllows';

export function PushKeyPanel() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const record = useRecordContext<{ id: number; system_type: string; push_key_rotated_at: string | null }>();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const [shown, setShown] = useState<{ key: string; at: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = useAllows('restaurants', 'connect');
  if (!record || record.system_type !== 'Specter' || !allowed) return null;
  const rotatedAt = shown?.at ?? record.push_key_rotated_at;

  const rotate = async () => {
    setBusy(true);
    try {
      const answer = await dataProvider.rotatePushKey(record.id);
      setShown({ key: answer.push_key, at: answer.push_key_rotated_at });
    } catch {
      notify('specter.pushKey.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2, mb: 1 }} data-testid="push-key">
      <Typography variant="subtitle1">{t('specter.pushKey.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {rotatedAt
          ? t('specter.pushKey.rotatedAt', { at: localDateTime(rotatedAt, locale) })
          : t('specter.pushKey.none')}
      </Typography>
      {shown && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('specter.pushKey.showOnce')}
          <Box
            component="code"
            dir="ltr"
            data-testid="push-key-value"
            sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}
          >
            {shown.key}
          </Box>
        </Alert>
      )}
      <Button variant="outlined" onClick={rotate} disabled={busy} sx={{ mt: 1 }}>
        {t('specter.pushKey.rotate')}
      </Button>
    </Box>
  );
}
