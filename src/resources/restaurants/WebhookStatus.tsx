// On a Foodics restaurant's edit page: whether Foodics' order webhooks are arriving (the last event's time)
// and the URL to give Foodics for them (docs/DEPLOYMENT.md, "Foodics webhooks").
import { Box, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { Restaurant } from '../../contract/restaurants';
import { localDateTime } from '../../admin/lists/format';

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
    </Box>
  );
}
