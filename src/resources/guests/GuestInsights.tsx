// /guests/insights: what the owner reads - for a period (today, 7, 30, 90 days or dates) beside the period before
// it: saved receipts, spend and average ticket per currency (never riyals and pounds added together), unique,
// returning (and their share) and new guests; by branch (named with its restaurant) and by day. Every save counts,
// consented or not (counts and sums only): GET /api/guest/insights. A manager or staff opens it on their
// restaurant; a failed request shows the server's sentence (issue 49).
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { Insights, InsightsPeriod } from '../../contract/guests';
import type { SpecterDataProvider } from '../../admin/data';
import { PageHeader } from '../../admin/layout/PageHeader';
import { Amounts, PeriodControls, usePeriod } from '../../admin/period/PeriodControls';
import { useServerMessage } from '../../admin/feedback/serverTexts';
import { localDate, money } from '../../admin/lists/format';

export function GuestInsights() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const dp = useDataProvider<SpecterDataProvider>();
  const reason = useServerMessage();
  const c = (k: string) => t(`resources.guests.fields.${k}`);
  const state = usePeriod('days7');
  const [answer, setAnswer] = useState<Insights | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { restaurantId } = state;
  const { from, to } = state.period;

  useEffect(() => {
    let live = true;
    if (!state.ready) return;
    setFailed(null);
    dp.getGuestInsights({ restaurantId: restaurantId || undefined, from, to }).then(
      (a) => live && setAnswer(a),
      (err) => {
        if (!live) return;
        setAnswer(null);
        setFailed(reason(err));
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's strings are its identity
  }, [dp, state.ready, restaurantId, from, to]);

  const num = (n: number) => n.toLocaleString(`${locale}-u-nu-latn`, { maximumFractionDigits: 2 });
  const pct = (p: InsightsPeriod) => (p.guests ? `${Math.round((p.returning / p.guests) * 100)}%` : '-');
  const rows: [string, (p: InsightsPeriod) => ReactNode][] = [
    ['receipts', (p) => num(p.receipts)],
    ['spend', (p) => <Amounts sums={p.by_currency} locale={locale} />],
    ['average_ticket', (p) => <Amounts sums={p.by_currency} locale={locale} pick="average_ticket" />],
    ['guests', (p) => num(p.guests)],
    ['returning', (p) => num(p.returning)],
    ['returningShare', pct],
    ['new', (p) => num(p.new)],
  ];
  const range = (p: InsightsPeriod) => `${localDate(p.from, locale)} – ${localDate(p.to, locale)}`;

  return (
    <>
      <PageHeader backTo="/guests" title={c('insights')} />
      <PeriodControls id="insights" state={state} label={(k) => c(k === 'restaurant' ? 'restaurant_id' : k)} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {c('anonymous')}
      </Typography>
      {failed && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          {failed}
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
                      <Typography variant="caption" display="block">
                        {range(answer.current)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {c('previous')}
                      <Typography variant="caption" display="block">
                        {range(answer.previous)}
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
          <Card sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={c('byBranch')}>
              <TableHead>
                <TableRow>
                  <TableCell>{c('restaurant_id')}</TableCell>
                  <TableCell>{c('branch')}</TableCell>
                  <TableCell>{c('receipts')}</TableCell>
                  <TableCell>{c('spend')}</TableCell>
                  <TableCell>{c('average_ticket')}</TableCell>
                  <TableCell>{c('guests')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.by_branch.map((b) => (
                  <TableRow key={`${b.restaurant_id}|${b.branch}|${b.currency}`}>
                    <TableCell>{b.restaurant}</TableCell>
                    <TableCell>{b.branch}</TableCell>
                    <TableCell>{num(b.receipts)}</TableCell>
                    <TableCell>{money(b.spend, b.currency, locale)}</TableCell>
                    <TableCell>{money(b.average_ticket, b.currency, locale)}</TableCell>
                    <TableCell>{num(b.guests)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {c('byDay')}
          </Typography>
          <Card sx={{ mb: 2, overflowX: 'auto' }}>
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
                    <TableCell>{localDate(d.day, locale)}</TableCell>
                    <TableCell>{num(d.receipts)}</TableCell>
                    <TableCell>
                      <Amounts sums={d.by_currency} locale={locale} />
                    </TableCell>
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
