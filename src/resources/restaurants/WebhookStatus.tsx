// On a Foodics restaurant's edit page: whether Foodics' order webhooks are arriving (the last event's time)
// and the URL to give Foodics for them (docs/DEPLOYMENT.md, "Foodics webhooks"), its secret masked. Admins (those
// who configure the Foodics app) may show the address with its secret and replace the secret
// (docs/SECURITY.md, "Foodics webhooks").
import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import {
  useDataProvider,
  useLocaleState,
  useNotify,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Restaurant } from '../../contract/restaurants';
import type { SpecterDataProvider, WebhookSecret } from '../../admin/data';
import type { Permissions } from '../../permissions';
import { localDateTime } from '../../admin/lists/format';
import { ConfirmDialog } from '../../admin/dialogs/ConfirmDialog';

export function WebhookStatus() {
  const record = useRecordContext<Restaurant>();
  const t = useTranslate();
  const [locale] = useLocaleState();
  if (!record || record.system_type !== 'Foodics') return null;
  const w = (k: string, o?: object) => t(`specter.restaurants.webhooks.${k}`, o);
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="webhook-status">
      <Typography variant="subtitle1" component="h2">
        {w('title')}
      </Typography>
      {record.webhook_url ? (
        <>
          <Typography variant="body2">{w('url')}</Typography>
          <Typography
            variant="body2"
            component="code"
            dir="ltr"
            sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all', my: 0.5 }}
          >
            {record.webhook_url}
          </Typography>
        </>
      ) : (
        <Typography variant="body2">{w('off')}</Typography>
      )}
      <Typography variant="body2" data-testid="webhook-last">
        {record.webhook_at ? w('last', { time: localDateTime(record.webhook_at, locale) }) : w('never')}
      </Typography>
      <WebhookSecretControls />
    </Box>
  );
}

/** Admins only: the address with its secret on demand, and Replace the secret (confirmed first). */
function WebhookSecretControls() {
  const t = useTranslate();
  const w = (k: string, o?: object) => t(`specter.restaurants.webhooks.${k}`, o);
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { permissions } = usePermissions<Permissions>();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const [shown, setShown] = useState<(WebhookSecret & { fresh?: boolean }) | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (permissions?.role !== 'admin') return null;

  const act = async (load: () => Promise<WebhookSecret>, fresh: boolean) => {
    setBusy(true);
    try {
      setShown({ ...(await load()), fresh });
    } catch {
      notify(w('failed'), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }} data-testid="webhook-secret">
      {shown?.fresh && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {w('rotated')}
        </Alert>
      )}
      {shown?.webhook_url && (
        <>
          <Typography
            variant="body2"
            component="code"
            dir="ltr"
            data-testid="webhook-secret-url"
            sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all', my: 0.5 }}
          >
            {shown.webhook_url}
          </Typography>
          {shown.rotated_at && (
            <Typography variant="body2" color="text.secondary">
              {w('rotatedAt', { time: localDateTime(shown.rotated_at, locale) })}
            </Typography>
          )}
        </>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {shown ? (
          <Button size="small" onClick={() => setShown(null)}>
            {w('hide')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => act(dataProvider.webhookSecret, false)}
          >
            {w('show')}
          </Button>
        )}
        <Button size="small" color="warning" variant="outlined" disabled={busy} onClick={() => setConfirming(true)}>
          {w('rotate')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={w('rotateTitle')}
        text={w('rotateText')}
        confirmLabel={w('rotate')}
        cancelLabel={t('specter.common.cancel')}
        busy={busy}
        onConfirm={() => act(dataProvider.rotateWebhookSecret, true)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
