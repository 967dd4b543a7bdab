// Dashboard: receipts opened, codes requested, saved and the conversion over the last 30 days, with a
// small chart by day. The chart's library (recharts) is loaded only here, in its own chunk, on demand.
import { Box, Card, CardContent, CircularProgress, Grid, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ExportCsvButton } from '../exports/ExportCsvButton';
import { conversion, useFunnelSummary } from './useFunnel';

const FunnelChart = lazy(() => import('./FunnelChart'));

function Figure({ label, value, id }: { label: string; value: string | number; id: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-testid={`funnel-${id}`}>
        {value}
      </Typography>
    </Grid>
  );
}

export function FunnelCard() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending } = useFunnelSummary();
  const f = (k: string) => t(`specter.funnel.${k}`);
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label={f('title')}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {f('title')}
          </Typography>
          <Box sx={{ marginInlineStart: 'auto' }}>
            <ExportCsvButton resource="funnel" path="/funnel/export.csv" filter={{ days: 30 }} />
          </Box>
        </Box>
        {isPending || !data ? (
          <CircularProgress size={20} aria-label="Loading" />
        ) : (
          <>
            <Grid container spacing={2}>
              <Figure id="views" label={f('views')} value={data.totals.views} />
              <Figure id="codes" label={f('codes')} value={data.totals.codes} />
              <Figure id="saves" label={f('saves')} value={data.totals.saves} />
              <Figure
                id="conversion"
                label={f('conversion')}
                value={conversion(data.totals.saves, data.totals.views, locale)}
              />
            </Grid>
            <Suspense fallback={<Box sx={{ height: 160 }} />}>
              <FunnelChart
                days={data.days}
                labels={{ views: f('views'), codes: f('codes'), saves: f('saves'), chart: f('chart') }}
                rtl={locale === 'ar'}
                locale={locale}
              />
            </Suspense>
          </>
        )}
      </CardContent>
    </Card>
  );
}
