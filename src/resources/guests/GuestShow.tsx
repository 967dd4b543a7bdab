// /guests/show/{id}: one guest of the guestbook - what the restaurant knows of them - and their saved receipts
// at that restaurant, newest first (GET /api/guest/{id}). A guest who withdrew is not found.
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { GuestDetail } from '../../contract/guests';
import { PageHeader } from '../../admin/layout/PageHeader';
import { localDate, money, wallDateTime } from '../../admin/lists/format';

export function GuestShow() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const { id } = useParams();
  const { data, error, isPending } = useGetOne<GuestDetail>('guests', { id: Number(id) }, { retry: false });
  const c = (k: string) => t(`resources.guests.fields.${k}`);
  const g = data?.orders ? data : undefined;
  const facts: [string, string][] = g
    ? [
        ['phone', g.phone],
        ['visits', String(g.visits)],
        ['spend', money(g.spend, g.currency, locale)],
        ['average_ticket', money(g.average_ticket, g.currency, locale)],
        ['first_visit_at', localDate(g.first_visit_at, locale)],
        ['last_visit_at', localDate(g.last_visit_at, locale)],
        ['favourite_item', g.favourite_item ?? '-'],
        ['top_branch', g.top_branch ?? '-'],
      ]
    : [];
  return (
    <>
      <PageHeader backTo="/guests" title={g ? (g.name ?? g.phone) : t('resources.guests.name')} />
      {error && !isPending && (
        <Typography role="alert" sx={{ mt: 2 }}>
          {c('notFound')}
        </Typography>
      )}
      {g && (
        <>
          <Card sx={{ mt: 2 }}>
            <CardContent>
              <Table size="small" aria-label={g.name ?? g.phone}>
                <TableBody>
                  {facts.map(([k, v]) => (
                    <TableRow key={k}>
                      <TableCell component="th" scope="row">
                        {c(k)}
                      </TableCell>
                      <TableCell>
                        <bdi>{v}</bdi>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {c('orders')}
          </Typography>
          <Card>
            <Table size="small" aria-label={c('orders')}>
              <TableHead>
                <TableRow>
                  <TableCell>{c('orderNumber')}</TableCell>
                  <TableCell>{c('branch')}</TableCell>
                  <TableCell>{c('date')}</TableCell>
                  <TableCell>{c('total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {g.orders.map((o) => (
                  <TableRow key={o.id}>
                    <TableCell>{o.order_number}</TableCell>
                    <TableCell>{o.branch_name}</TableCell>
                    <TableCell>
                      <bdi>{wallDateTime(o.order_date, o.order_time, locale)}</bdi>
                    </TableCell>
                    <TableCell>{money(o.total_price, o.currency, locale)}</TableCell>
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
