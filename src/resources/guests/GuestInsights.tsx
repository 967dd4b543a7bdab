// /guests/insights: what the owner reads - for a period (today, 7, 30, 90 days or dates) beside the period before
// it: saved receipts, saved spend, average ticket, unique, returning (and their share) and new guests; by branch
// and by day. Every save counts, consented or not (counts and sums only): GET /api/guest/insights.
import {
  Box,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetList, useLocaleState, useTranslate } from 'react-admin';
import type { Insights, InsightsPeriod } from '../../contract/guests';
import type { SpecterDataProvider } from '../../admin/data';
import { PageHeader } from '../../admin/layout/PageHeader';

type Preset = 'today' | 'days7' | 'days30' | 'days90' | 'dates';
const LENGTH: Record<Exclude<Preset, 'dates'>, number> = { today: 1, days7: 7, days30: 30, days90: 90 };

/** Today in the browser's calendar (the server's `today`, in the restaurants' time zone, is the default). */
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

export function GuestInsights() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const dp = useDataProvider<SpecterDataProvider>();
  const c = (k: string) => t(`resources.guests.fields.${k}`);
  const { data: restaurants } = useGetList('restaurants', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [restaurantId, setRestaurantId] = useState<string>('');
  const [preset, setPreset] = useState<Preset>('days7');
  const [dates, setDates] = useState({ from: daysAgo(6), to: daysAgo(0) });
  const [answer, setAnswer] = useState<Insights | null>(null);
  const [failed, setFailed] = useState(false);

  const period = preset === 'dates' ? dates : { from: daysAgo(LENGTH[preset] - 1), to: daysAgo(0) };
  useEffect(() => {
    let live = true;
    if (!period.from || !period.to || period.from > period.to) return;
    setFailed(false);
    dp.getGuestInsights({ restaurantId: restaurantId || undefined, ...period }).then(
      (a) => live && setAnswer(a),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's two strings are its identity
  }, [dp, restaurantId, period.from, period.to]);

  const num = (n: number) => n.toLocaleString(`${locale}-u-nu-latn`, { maximumFractionDigits: 2 });
  const pct = (p: InsightsPeriod) => (p.guests ? `${Math.round((p.returning / p.guests) * 100)}%` : '-');
  const rows: [string, (p: InsightsPeriod) => string][] = [
    ['receipts', (p) => num(p.receipts)],
    ['spend', (p) => num(p.spend)],
    ['average_ticket', (p) => num(p.average_ticket)],
    ['guests', (p) => num(p.guests)],
    ['returning', (p) => num(p.returning)],
    ['returningShare', pct],
    ['new', (p) => num(p.new)],
  ];

  return (
    <>
      <PageHeader backTo="/guests" title={c('insights')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="insights-restaurant">{c('restaurant_id')}</InputLabel>
          <Select
            labelId="insights-restaurant"
            label={c('restaurant_id')}
            value={restaurantId}
            onChange={(e) => setRestaurantId(String(e.target.value))}
          >
            <MenuItem value="">{c('allRestaurants')}</MenuItem>
            {(restaurants ?? []).map((r) => (
              <MenuItem key={r.id} value={String(r.id)}>
                {r.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="insights-period">{c('period')}</InputLabel>
          <Select
            labelId="insights-period"
            label={c('period')}
            value={preset}
            onChange={(e) => setPreset(e.target.value as Preset)}
          >
            {(['today', 'days7', 'days30', 'days90', 'dates'] as const).map((p) => (
              <MenuItem key={p} value={p}>
                {c(p)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {preset === 'dates' && (
          <>
            <TextField
              size="small"
              type="date"
              label={c('from')}
              value={dates.from}
              onChange={(e) => setDates({ ...dates, from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label={c('to')}
              value={dates.to}
              onChange={(e) => setDates({ ...dates, to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {c('anonymous')}
      </Typography>
      {failed && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          {t('ra.notification.http_error')}
        </Typography>
      )}
      {answer && (
        <>
          <Card sx={{ mt: 2 }}>
            <CardContent>
              <Table size="small" aria-label={c('insights')}>
                <TableHead>
                  <TableRow>
                    <TableCell />
                    <TableCell>
                      {c('current')}
                      <Typography variant="caption" display="block" dir="ltr">
                        {answer.current.from} – {answer.current.to}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {c('previous')}
                      <Typography variant="caption" display="block" dir="ltr">
                        {answer.previous.from} – {answer.previous.to}
                      </Typography>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map(([k, show]) => (
                    <TableRow key={k} data-testid={`insights-${k}`}>
                      <TableCell component="th" scope="row">
                        {c(k)}
                      </TableCell>
                      <TableCell>{show(answer.current)}</TableCell>
                      <TableCell>{show(answer.previous)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {c('byBranch')}
          </Typography>
          <Card>
            <Table size="small" aria-label={c('byBranch')}>
              <TableHead>
                <TableRow>
                  <TableCell>{c('branch')}</TableCell>
                  <TableCell>{c('receipts')}</TableCell>
                  <TableCell>{c('spend')}</TableCell>
                  <TableCell>{c('average_ticket')}</TableCell>
                  <TableCell>{c('guests')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.by_branch.map((b) => (
                  <TableRow key={b.branch}>
                    <TableCell>{b.branch}</TableCell>
                    <TableCell>{num(b.receipts)}</TableCell>
                    <TableCell>{num(b.spend)}</TableCell>
                    <TableCell>{num(b.average_ticket)}</TableCell>
                    <TableCell>{num(b.guests)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {c('byDay')}
          </Typography>
          <Card sx={{ mb: 2 }}>
            <Table size="small" aria-label={c('byDay')}>
              <TableHead>
                <TableRow>
                  <TableCell>{c('day')}</TableCell>
                  <TableCell>{c('receipts')}</TableCell>
                  <TableCell>{c('spend')}</TableCell>
                  <TableCell>{c('guests')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.by_day.map((d) => (
                  <TableRow key={d.day}>
                    <TableCell dir="ltr">{d.day}</TableCell>
                    <TableCell>{num(d.receipts)}</TableCell>
                    <TableCell>{num(d.spend)}</TableCell>
                    <TableCell>{num(d.guests)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </>
      )}
    </>
  );
}
