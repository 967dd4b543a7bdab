// A Foodics restaurant's connection on its edit page (GET /api/restaurants/{id}/connection): the business, since
// when and by whom, the last sync, the last order read, webhooks in 24 hours, the call budget used in the last
// hour, the last POS error; red with "Reconnect Foodics" after Foodics refused the token, amber when no order
// was read in 24 hours while customers opened its tills' receipts.
import { useEffect, useState } from 'react';
import { Alert, Box, Chip, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { Connection, Restaurant } from '../../contract/restaurants';
import type { SpecterDataProvider } from '../../admin/data';
import { localDateTime } from '../../admin/lists/format';
import { ConnectFoodicsButton } from './FoodicsConnect';

const k = (key: string) => `resources.restaurants.foodics.health.${key}`;
const COLORS = { ok: 'success', refused: 'error', quiet: 'warning', unknown: 'default' } as const;

export function ConnectionPanel() {
  const record = useRecordContext<Restaurant>();
  const t = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const [c, setC] = useState<Connection | null>(null);
  const [failed, setFailed] = useState(false);
  const id = record?.id;
  const foodics = record?.system_type === 'Foodics';
  useEffect(() => {
    if (id === undefined || !foodics) return;
    let live = true;
    dataProvider.connection(id).then(
      (answer) => live && setC(answer),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, foodics, dataProvider]);
  if (!record || !foodics) return null;
  const time = (iso: string | null | undefined) => (iso ? localDateTime(iso, locale) : t(k('never')));
  const rows: [string, string][] = c
    ? [
        [
          t(k('business')),
          c.business.name
            ? `${c.business.name}${c.business.reference ? ` (${c.business.reference})` : ''}`
            : t(k('none')),
        ],
        [
          t(k('connected')),
          c.connected_at
            ? t(k('connectedBy'), { time: time(c.connected_at), name: c.connected_by?.name ?? '-' })
            : t(k('never')),
        ],
        [t(k('lastSync')), time(c.last_sync_ok_at)],
        [
          t(k('lastOrder')),
          c.last_order
            ? t(k('lastOrderValue'), {
                reference: c.last_order.reference ?? '-',
                time: time(c.last_order.at),
                via: t(k(`via.${c.last_order.via}`)),
              })
            : t(k('never')),
        ],
        [t(k('webhooks')), String(c.webhooks_24h)],
        [
          t(k('budget')),
          t(k('budgetValue'), {
            percent: Math.round(c.budget_used_last_hour * 1000) / 10,
            calls: c.calls_last_hour,
            limit: c.budget_per_hour,
          }),
        ],
        [
          t(k('lastError')),
          c.last_error
            ? t(k('lastErrorValue'), { message: c.last_error.message, time: time(c.last_error.at) })
            : t(k('none')),
        ],
      ]
    : [];
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="connection-panel" data-status={c?.status ?? ''}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {t(k('title'))}
        </Typography>
        {c && (
          <Chip
            size="small"
            color={COLORS[c.status]}
            label={t(k(`status.${c.status}`))}
            data-testid="connection-status"
          />
        )}
      </Box>
      {failed && <Alert severity="error">{t(k('loadFailed'))}</Alert>}
      {c && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ mt: 1.5 }}>
        <ConnectFoodicsButton restaurantId={record.id} reconnect={c?.status === 'refused'} />
      </Box>
    </Box>
  );
}
