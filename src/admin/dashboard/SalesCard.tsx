// The dashboard's Sales card (issue 49, what an owner asks first): saved receipts, revenue and average ticket per
// currency for a period (today, 7, 30, 90 days or dates) beside the period before, then by branch (named with its
// restaurant) and by day - over the caller's restaurants (a manager's or staff's own). GET /api/dashboard/sales,
// read from the per-day rows the database keeps; the sums equal the Orders screen's for the same dates.
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { SalesPeriod } from '../../contract/guests';
import type { SpecterDataProvider } from '../data';
import { useServerMessage } from '../feedback/serverTexts';
import { localDate, money } from '../lists/format';
import { isoCurrency } from '../../contract/currency';
import { Amounts, PeriodControls, usePeriod } from '../period/PeriodControls';

/** Every currency of the two periods, the current period's order first. */
const currenciesOf = (a: SalesPeriod, b: SalesPeriod) => [
  ...new Set([...a.by_currency, ...b.by_currency].map((c) => c.currency)),
];

export function SalesCard() {
  const t = useTranslate();
  const s = (k: string, o?: object) => t(`specter.sales.${k}`, o);
  const [locale] = useLocaleState();
  const dp = useDataProvider<SpecterDataProvider>();
  const reason = useServerMessage();
  const state = usePeriod('days7');
  const { restaurantId } = state;
  const { from, to } = state.period;
  const sales = useQuery({
    queryKey: ['specter', 'sales', restaurantId, from, to],
    queryFn: () => dp.getSales({ restaurantId: restaurantId || undefined, from, to }),
    enabled: state.ready,
    retry: false,
  });
  const num = (n: number) => n.toLocaleString(`${locale}-u-nu-latn`);
  const data = sales.data;
  const range = (p: SalesPeriod) => `${localDate(p.from, locale)} – ${localDate(p.to, locale)}`;

  return (
    <Card sx={{ mt: 3 }} component="section" aria-labelledby="sales-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="sales-title" sx={{ mb: 2 }}>
          {s('title')}
        </Typography>
        <PeriodControls id="sales" state={state} label={s} />
        {sales.isError && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {reason(sales.error)}
          </Typography>
        )}
        {data && !data.current.receipts && !data.previous.receipts && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {s('none')}
          </Typography>
        )}
        {data && (data.current.receipts > 0 || data.previous.receipts > 0) && (
          <>
            <Box sx={{ overflowX: 'auto', mt: 2 }}>
              <Table size="small" aria-label={s('title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{s('currency')}</TableCell>
                    <TableCell />
                    <TableCell>
                      {s('current')}
                      <Typography variant="caption" display="block">
                        {range(data.current)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {s('previous')}
                      <Typography variant="caption" display="block">
                        {range(data.previous)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {currenciesOf(data.current, data.previous).flatMap((currency) => {
                    const now = data.current.by_currency.find((c) => c.currency === currency);
                    const before = data.previous.by_currency.find((c) => c.currency === currency);
                    const lines: [string, (c: typeof now) => string][] = [
                      ['revenue', (c) => (c ? money(c.spend, currency, locale) : '-')],
                      ['receipts', (c) => num(c?.receipts ?? 0)],
                      ['averageTicket', (c) => (c ? money(c.average_ticket, currency, locale) : '-')],
                    ];
                    return lines.map(([k, show], i) => (
                      <TableRow key={`${currency}-${k}`} data-testid={`sales-${currency}-${k}`}>
                        {i === 0 && (
                          <TableCell component="th" scope="rowgroup" rowSpan={3} sx={{ fontWeight: 'bold' }}>
                            {isoCurrency(currency)}
                          </TableCell>
                        )}
                        <TableCell component="th" scope="row">
                          {s(k)}
                        </TableCell>
                        <TableCell>{show(now)}</TableCell>
                        <TableCell>{show(before)}</TableCell>
                      </TableRow>
                    ));
                  })}
                </TableBody>
              </Table>
            </Box>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
              {s('byBranch')}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={s('byBranch')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{s('restaurant')}</TableCell>
                    <TableCell>{s('branch')}</TableCell>
                    <TableCell>{s('receipts')}</TableCell>
                    <TableCell>{s('revenue')}</TableCell>
                    <TableCell>{s('averageTicket')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.by_branch.map((b) => (
                    <TableRow key={`${b.restaurant_id}|${b.branch}|${b.currency}`}>
                      <TableCell>{b.restaurant}</TableCell>
                      <TableCell>{b.branch}</TableCell>
                      <TableCell>{num(b.receipts)}</TableCell>
                      <TableCell>{money(b.spend, b.currency, locale)}</TableCell>
                      <TableCell>{money(b.average_ticket, b.currency, locale)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
              {s('byDay')}
            </Typography>
            <Box sx={{ overflowX: 'auto', maxHeight: 360, overflowY: 'auto' }} tabIndex={0} aria-label={s('byDay')}>
              <Table size="small" aria-label={s('byDay')} stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{s('day')}</TableCell>
                    <TableCell>{s('receipts')}</TableCell>
                    <TableCell>{s('revenue')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.by_day.map((d) => (
                    <TableRow key={d.day}>
                      <TableCell>{localDate(d.day, locale)}</TableCell>
                      <TableCell>{num(d.receipts)}</TableCell>
                      <TableCell>
                        <Amounts sums={d.by_currency} locale={locale} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
