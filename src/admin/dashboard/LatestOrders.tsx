// Latest Orders: #, Restaurant, Branch, Username, Order Date, Order Time, Payment Method, Total, with the
// totals row per currency; a spinner while loading; "Doesn't exist Orders" when empty.
import {
  Box,
  Card,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { localDate, money, wallTime } from '../lists/format';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { totalsByCurrency } from './totals';
import { paymentMethodIn } from '../../contract/receiptLabels';
import { useLatestOrders } from './useDashboard';

const COLUMNS = ['no', 'restaurant', 'branch', 'username', 'orderDate', 'orderTime', 'paymentMethod', 'total'] as const;

export function LatestOrders() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, isError } = useLatestOrders();
  // The Specter Orders tile links here (/home#latest-orders): bring the table into view.
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#latest-orders' && !isPending) card.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, isPending]);
  return (
    <Card sx={{ mt: 3 }} id="latest-orders" ref={card}>
      <Typography variant="h6" component="h2" sx={{ p: 2 }}>
        {t('specter.dashboard.latestOrders')}
      </Typography>
      {isPending ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : isError || !data?.length ? (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          {t('specter.dashboard.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('specter.dashboard.latestOrders')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c}>{t(`specter.dashboard.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((o, i) => (
                <TableRow key={o.id}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{o.restaurant?.name}</TableCell>
                  <TableCell>{o.branch_name}</TableCell>
                  <TableCell>
                    <bdi>{o.user?.name}</bdi>
                  </TableCell>
                  <TableCell>{localDate(o.order_date, locale)}</TableCell>
                  <TableCell>{wallTime(o.order_time)}</TableCell>
                  <TableCell>{paymentMethodIn(locale, o.payment_method)}</TableCell>
                  <TableCell>{money(o.total_price, o.currency, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              {totalsByCurrency(data).map((s) => (
                <TableRow key={s.currency} data-testid={`total-${s.currency}`}>
                  <TableCell colSpan={7} sx={{ fontWeight: 'bold' }}>
                    {t('specter.dashboard.total')} {s.currency}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 'bold' }}>{money(s.total, s.currency, locale)}</TableCell>
                </TableRow>
              ))}
            </TableFooter>
          </Table>
        </Box>
      )}
    </Card>
  );
}
