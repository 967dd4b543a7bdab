// /orders: the saved orders, newest first, paged by the server; search by phone or order number, filter by
// restaurant and dates (and by customer, from the App Users screen); a row expands to its item lines. On a phone
// the table shows Customer, Total and Date and Time; the expansion adds the order's restaurant, branch, till,
// numbers and payment.
import { paymentMethodIn } from '../../contract/receiptLabels';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  DateInput,
  FunctionField,
  SelectInput,
  TopToolbar,
  useGetList,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import type { SavedOrder } from '../../contract/savedOrders';
import { ExportCsvButton } from '../../admin/exports/ExportCsvButton';
import { money, wallDateTime } from '../../admin/lists/format';
import { SpecterList } from '../../admin/lists/SpecterList';
import { OrderItems } from './OrderItems';

function RestaurantFilter(props: { source: string; alwaysOn?: boolean; label: string }) {
  const { data } = useGetList('restaurants', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  return <SelectInput {...props} choices={(data ?? []).map((r) => ({ id: r.id, name: r.name }))} />;
}

function Actions() {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <ExportCsvButton resource="orders" path="/order/export.csv" filter={filterValues} />
    </TopToolbar>
  );
}

export function OrderList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const c = (k: string) => t(`resources.orders.fields.${k}`);
  // A phone (narrower than MUI's `sm`) shows who, how much and when first; the rest is in the row's expansion.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <SpecterList
      title={t('specter.orders.title')}
      empty="resources.orders.empty"
      rowNumberLabel={c('no')}
      search="specter.orders.search"
      searchMinChars
      searchHelp="specter.orders.searchHelp"
      filters={[
        <RestaurantFilter key="r" source="restaurantId" alwaysOn label={t('specter.orders.restaurant')} />,
        <DateInput key="from" source="from" alwaysOn label={t('specter.orders.from')} />,
        <DateInput key="to" source="to" alwaysOn label={t('specter.orders.to')} />,
      ]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      emptyPage={false}
      expand={<OrderItems details={narrow} />}
    >
      {!narrow && (
        <FunctionField label={c('restaurant')} render={(o: SavedOrder) => o.restaurant.name} sortable={false} />
      )}
      {!narrow && <FunctionField label={c('branch')} render={(o: SavedOrder) => o.branch_name} sortable={false} />}
      {!narrow && (
        <FunctionField
          label={c('device')}
          render={(o: SavedOrder) => o.device.name ?? o.device.device_id}
          sortable={false}
        />
      )}
      {!narrow && (
        <FunctionField label={c('orderNumber')} source="orderNumber" render={(o: SavedOrder) => o.order_number} />
      )}
      {!narrow && (
        <FunctionField label={c('checkNumber')} render={(o: SavedOrder) => o.check_number ?? '-'} sortable={false} />
      )}
      <FunctionField label={c('customer')} render={(o: SavedOrder) => <bdi>{o.customer.name}</bdi>} sortable={false} />
      {narrow && (
        <FunctionField
          label={c('totalPrice')}
          source="totalPrice"
          render={(o: SavedOrder) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {money(o.total_price, o.currency, locale)}
            </Box>
          )}
        />
      )}
      <FunctionField
        label={c('createdAt')}
        source="createdAt"
        render={(o: SavedOrder) => (
          <Box component="span" sx={{ whiteSpace: narrow ? 'normal' : 'nowrap' }}>
            {wallDateTime(o.order_date, o.order_time, locale)}
          </Box>
        )}
      />
      {!narrow && (
        <FunctionField
          label={c('paymentMethod')}
          render={(o: SavedOrder) => paymentMethodIn(locale, o.payment_method)}
          sortable={false}
        />
      )}
      {!narrow && (
        <FunctionField
          label={c('totalPrice')}
          source="totalPrice"
          render={(o: SavedOrder) => money(o.total_price, o.currency, locale)}
        />
      )}
    </SpecterList>
  );
}
