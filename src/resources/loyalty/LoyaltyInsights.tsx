// The program's figures on the Loyalty page (GET /api/loyalty/insights): for the period picked beside the period
// before it - members (at the end, new, active), points issued, redeemed, expired, forfeited, the redemption rate,
// the points outstanding and what they are worth at the rewards' value per currency (the liability), and the lift:
// members' receipts (those that earned) beside everyone else's, visits per guest and average ticket. A failed
// request shows the server's sentence.
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { LoyaltyInsights as Insights, LoyaltyPeriod } from '../../contract/resources';
import type { SpecterDataProvider } from '../../admin/data';
import type { PeriodState } from '../../admin/period/PeriodControls';
import { Amounts } from '../../admin/period/PeriodControls';
import { useServerMessage } from '../../admin/feedback/serverTexts';
import { localDate, money } from '../../admin/lists/format';

export function LoyaltyInsights({ state }: { state: PeriodState }) {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const dp = useDataProvider<SpecterDataProvider>();
  const say = useServerMessage();
  const c = (k: string, o?: object) => t(`resources.loyalty.insights.${k}`, o);
  const { restaurantId } = state;
  const { from, to } = state.period;
  // The figures are shown under the restaurant and period they were asked for only: while another selection's answer
  // is on its way, the one before it is not shown under the new name.
  const asked = `${restaurantId}|${from}|${to}`;
  const [got, setGot] = useState<{ asked: string; insights: Insights } | null>(null);
  const answer = got?.asked === asked ? got.insights : null;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!state.ready) return;
    setFailed(null);
    dp.getLoyaltyInsights({ restaurantId: restaurantId || undefined, from, to }).then(
      (a) => live && setGot({ asked, insights: a }),
      (err) => {
        if (!live) return;
        setGot(null);
        setFailed(say(err));
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's strings are its identity
  }, [dp, state.ready, restaurantId, from, to]);

  const num = (n: number) => n.toLocaleString(`${locale}-u-nu-latn`, { maximumFractionDigits: 2 });
  const pct = (r: number | null) => (r === null ? '-' : `${num(Math.round(r * 1000) / 10)}%`);
  const liability = (p: LoyaltyPeriod) => (
    <>
      {p.liability.length
        ? p.liability.map((l) => (
            <span key={l.currency} style={{ display: 'block', whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>
              {money(l.value, l.currency, locale)}
            </span>
          ))
        : '-'}
      {p.unvalued_points > 0 && (
        <Typography variant="caption" display="block">
          {c('unvalued', { points: num(p.unvalued_points) })}
        </Typography>
      )}
    </>
  );
  const rows: [string, (p: LoyaltyPeriod) => ReactNode][] = [
    ['members', (p) => num(p.members)],
    ['new_members', (p) => num(p.new_members)],
    ['active_members', (p) => num(p.active_members)],
    ['points_issued', (p) => num(p.points_issued)],
    ['points_redeemed', (p) => num(p.points_redeemed)],
    ['points_expired', (p) => num(p.points_expired)],
    ['points_forfeited', (p) => num(p.points_forfeited)],
    ['redemption_rate', (p) => pct(p.redemption_rate)],
    ['outstanding_points', (p) => num(p.outstanding_points)],
    ['liability', liability],
  ];
  const range = (p: LoyaltyPeriod) => `${localDate(p.from, locale)} – ${localDate(p.to, locale)}`;
  const groups = answer
    ? ([
        ['membersGroup', answer.current.members_group, answer.previous.members_group],
        ['othersGroup', answer.current.others_group, answer.previous.others_group],
      ] as const)
    : [];

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {c('title')}
      </Typography>
      {failed && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          {failed}
        </Typography>
      )}
      {answer && (
        <>
          <Card sx={{ mt: 1, overflowX: 'auto' }}>
            <CardContent>
              <Table size="small" aria-label={c('title')}>
                <TableHead>
                  <TableRow>
                    <TableCell />
                    {(['current', 'previous'] as const).map((k) => (
                      <TableCell key={k}>
                        {c(k)}
                        <Typography variant="caption" display="block">
                          {range(answer[k])}
                        </Typography>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map(([k, show]) => (
                    <TableRow key={k} data-testid={`loyalty-${k}`}>
                      <TableCell component="th" scope="row">
                        {c(k)}
                      </TableCell>
                      <TableCell>{show(answer.current)}</TableCell>
                      <TableCell>{show(answer.previous)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {c('pointValue')}
              </Typography>
            </CardContent>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {c('lift')}
          </Typography>
          <Card sx={{ mb: 2, overflowX: 'auto' }}>
            <Table size="small" aria-label={c('lift')}>
              <TableHead>
                <TableRow>
                  <TableCell>{c('group')}</TableCell>
                  <TableCell>{c('receipts')}</TableCell>
                  <TableCell>{c('guests')}</TableCell>
                  <TableCell>{c('visits_per_guest')}</TableCell>
                  <TableCell>{c('average_ticket')}</TableCell>
                  <TableCell>{c('previous')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map(([k, now, before]) => (
                  <TableRow key={k} data-testid={`loyalty-${k}`}>
                    <TableCell component="th" scope="row">
                      {c(k)}
                    </TableCell>
                    <TableCell>{num(now.receipts)}</TableCell>
                    <TableCell>{num(now.guests)}</TableCell>
                    <TableCell>{now.visits_per_guest === null ? '-' : num(now.visits_per_guest)}</TableCell>
                    <TableCell>
                      <Amounts sums={now.by_currency} locale={locale} pick="average_ticket" />
                    </TableCell>
                    <TableCell>
                      {before.visits_per_guest === null ? '-' : num(before.visits_per_guest)} ·{' '}
                      <Amounts sums={before.by_currency} locale={locale} pick="average_ticket" />
                    </TableCell>
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
