// /guests: the guestbook - guests who let a restaurant know them, one row per restaurant, the latest visit first;
// searched by name or phone, filtered by restaurant, visits and visit dates (GET /api/guest); Export CSV with the
// same filters; Insights opens the owner's figures. A row opens the guest with their saved receipts.
import InsightsIcon from '@mui/icons-material/Insights';
import { Button } from '@mui/material';
import {
  DateInput,
  FunctionField,
  NumberInput,
  SelectInput,
  TextField,
  TopToolbar,
  useGetList,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { Guest } from '../../contract/guests';
import { ExportCsvButton } from '../../admin/exports/ExportCsvButton';
import { localDate, money } from '../../admin/lists/format';
import { SpecterList } from '../../admin/lists/SpecterList';

export function RestaurantFilter(props: { source: string; alwaysOn?: boolean; label: string }) {
  const { data } = useGetList('restaurants', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  return <SelectInput {...props} choices={(data ?? []).map((r) => ({ id: r.id, name: r.name }))} />;
}

/** The restaurants' names by id, for the column. */
function useRestaurantNames(): Map<unknown, string> {
  const { data } = useGetList('restaurants', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  return new Map((data ?? []).map((r) => [r.id, String(r.name)]));
}

function Actions() {
  const t = useTranslate();
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <Button size="small" component={Link} to="/guests/insights" startIcon={<InsightsIcon />}>
        {t('resources.guests.fields.insights')}
      </Button>
      <ExportCsvButton resource="guests" path="/api/guest/export.csv" filter={filterValues} />
    </TopToolbar>
  );
}

export function GuestList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const names = useRestaurantNames();
  const c = (k: string) => t(`resources.guests.fields.${k}`);
  return (
    <SpecterList
      title={t('resources.guests.name')}
      empty="resources.guests.empty"
      rowNumberLabel={c('no')}
      search="resources.guests.search"
      filters={[
        <RestaurantFilter key="r" source="restaurantId" alwaysOn label={c('restaurant_id')} />,
        <NumberInput key="v" source="minVisits" label={c('minVisits')} min={0} />,
        <DateInput key="l" source="lastVisitBefore" label={c('lastVisitBefore')} />,
        <DateInput key="f" source="firstVisitAfter" label={c('firstVisitAfter')} />,
      ]}
      sort={{ field: 'last_visit_at', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      emptyPage={false}
    >
      <FunctionField
        source="name"
        render={(g: Guest) => (
          <Link to={`/guests/show/${g.id}`} aria-label={`${c('open')}: ${g.name ?? g.phone}`}>
            <bdi>{g.name ?? '-'}</bdi>
          </Link>
        )}
      />
      <FunctionField source="phone" render={(g: Guest) => <bdi dir="ltr">{g.phone}</bdi>} />
      <FunctionField
        source="restaurant_id"
        sortable={false}
        render={(g: Guest) => names.get(g.restaurant_id) ?? g.restaurant_id}
      />
      <TextField source="visits" />
      <FunctionField source="spend" render={(g: Guest) => money(g.spend, g.currency, locale)} />
      <FunctionField source="average_ticket" render={(g: Guest) => money(g.average_ticket, g.currency, locale)} />
      <FunctionField source="first_visit_at" render={(g: Guest) => localDate(g.first_visit_at, locale)} />
      <FunctionField source="last_visit_at" render={(g: Guest) => localDate(g.last_visit_at, locale)} />
      <FunctionField source="favourite_item" sortable={false} render={(g: Guest) => g.favourite_item ?? '-'} />
      <FunctionField source="top_branch" sortable={false} render={(g: Guest) => g.top_branch ?? '-'} />
    </SpecterList>
  );
}
