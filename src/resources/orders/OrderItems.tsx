// A saved order's item lines, shown when its row is expanded (GET /order/{id}).
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetOne, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { SavedOrder, SavedOrderDetail } from '../../contract/savedOrders';
import { money } from '../../admin/lists/format';

export function OrderItems() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext<SavedOrder>();
  const { data } = useGetOne<SavedOrderDetail>('orders', { id: record?.id ?? 0 }, { enabled: !!record });
  // Until the detail arrives, react-admin may hand back the list's row (it has no item lines).
  if (!data?.order_items) return null;
  if (!data.order_items.length)
    return (
      <Typography color="text.secondary" sx={{ p: 1 }}>
        {t('specter.orders.items.none')}
      </Typography>
    );
  const c = (k: string) => t(`specter.orders.items.${k}`);
  return (
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
  );
}
