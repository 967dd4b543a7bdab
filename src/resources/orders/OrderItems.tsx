// A saved order's item lines, shown when its row is expanded (GET /order/{id}).
import { Fragment } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetOne, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { SavedOrder, SavedOrderDetail } from '../../contract/savedOrders';
import { money } from '../../admin/lists/format';
import { paymentMethodIn } from '../../contract/receiptLabels';

/** `details`: the columns a phone's table leaves out (restaurant, branch, till, numbers, payment), above the lines. */
export function OrderItems({ details = false }: { details?: boolean }) {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext<SavedOrder>();
  const f = (k: string) => t(`resources.orders.fields.${k}`);
  const about = details && record && (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, m: 0, p: 1 }}>
      {(
        [
          ['restaurant', record.restaurant.name],
          ['branch', record.branch_name],
          ['device', record.device.name ?? record.device.device_id],
          ['orderNumber', record.order_number],
          ['checkNumber', record.check_number ?? '-'],
          ['paymentMethod', paymentMethodIn(locale, record.payment_method)],
        ] as const
      ).map(([k, v]) => (
        <Fragment key={k}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f(k)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {v}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
  const { data } = useGetOne<SavedOrderDetail>('orders', { id: record?.id ?? 0 }, { enabled: !!record });
  // Until the detail arrives, react-admin may hand back the list's row (it has no item lines).
  if (!data?.order_items) return about || null;
  if (!data.order_items.length)
    return (
      <>
        {about}
        <Typography color="text.secondary" sx={{ p: 1 }}>
          {t('specter.orders.items.none')}
        </Typography>
      </>
    );
  const c = (k: string) => t(`specter.orders.items.${k}`);
  return (
    <>
      {about}
      <Table size="small" aria-label={t('resources.orders.fields.orderNumber') + ' ' + data.order_number}>
        <TableHead>
          <TableRow>
            <TableCell>{c('name')}</TableCell>
            <TableCell>{c('quantity')}</TableCell>
            <TableCell>{c('total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.order_items.map((i, n) => (
            <TableRow key={n}>
              <TableCell>{i.item_name}</TableCell>
              <TableCell>{i.item_quantity}</TableCell>
              <TableCell>{money(i.total_price, data.currency, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
