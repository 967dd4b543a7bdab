// /orders: the saved orders, newest first, paged by the server; search by phone or order number, filter by
// restaurant and dates (and by customer, from the App Users screen); a row expands to its item lines.
import { Box } from '@mui/material';
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useGetList,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import type { SavedOrder } from '../../contract/savedOrders';
import { ExportCsvButton } from '../../admin/exports/ExportCsvButton';
import { EmptyText } from '../../admin/lists/EmptyText';
import { money } from '../../admin/lists/format';
import { RowNumber } from '../../admin/lists/RowNumber';
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
      <ExportCsvButton path="/order/export.csv" filter={filterValues} />
    </TopToolbar>
  );
}

export function OrderList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const c = (k: string) => t(`specter.orders.columns.${k}`);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('specter.orders.search')} />,
    <RestaurantFilter key="r" source="restaurantId" alwaysOn label={t('specter.orders.restaurant')} />,
    <DateInput key="from" source="from" alwaysOn label={t('specter.orders.from')} />,
    <DateInput key="to" source="to" alwaysOn label={t('specter.orders.to')} />,
  ];
  return (
    <List
      title={t('specter.orders.title')}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      exporter={false}
      empty={false}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick="expand"
        expand={<OrderItems />}
        empty={<EmptyText text="specter.orders.empty" />}
      >
        <FunctionField label={c('no')} render={() => <RowNumber />} sortable={false} />
        <FunctionField label={c('restaurant')} render={(o: SavedOrder) => o.restaurant.name} sortable={false} />
        <FunctionField label={c('branch')} render={(o: SavedOrder) => o.branch_name} sortable={false} />
        <FunctionField
          label={c('device')}
          render={(o: SavedOrder) => o.device.name ?? o.device.device_id}
          sortable={false}
        />
        <FunctionField label={c('orderNumber')} source="orderNumber" render={(o: SavedOrder) => o.order_number} />
        <FunctionField label={c('checkNumber')} render={(o: SavedOrder) => o.check_number ?? '-'} sortable={false} />
        <FunctionField
          label={c('customer')}
          render={(o: SavedOrder) => <bdi>{o.customer.name}</bdi>}
          sortable={false}
        />
        <FunctionField
          label={c('dateTime')}
          source="createdAt"
          render={(o: SavedOrder) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {o.order_date} {o.order_time}
            </Box>
          )}
        />
        <FunctionField label={c('paymentMethod')} render={(o: SavedOrder) => o.payment_method} sortable={false} />
        <FunctionField
          label={c('total')}
          source="totalPrice"
          render={(o: SavedOrder) => money(o.total_price, o.currency, locale)}
        />
      </Datagrid>
    </List>
  );
}
