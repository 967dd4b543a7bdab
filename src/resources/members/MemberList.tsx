// /members: a restaurant's loyalty members - name, phone (masked for staff by the server), restaurant, balance,
// lifetime points, last activity, expiry - the latest activity first, searched by name or phone, filtered by
// restaurant (GET /api/loyalty/members, paged by the server); Export CSV with the same filters; per member its
// Ledger, and Adjust for the roles the declaration lets adjust.
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { FunctionField, TextField, TopToolbar, useListContext, useLocaleState, useTranslate } from 'react-admin';
import type { Member } from '../../contract/resources';
import { ExportCsvButton } from '../../admin/exports/ExportCsvButton';
import { localDate } from '../../admin/lists/format';
import { RestaurantFilter } from '../../admin/lists/restaurants';
import { SpecterList } from '../../admin/lists/SpecterList';
import { AdjustBalance } from './AdjustBalance';

function Actions() {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <ExportCsvButton resource="members" path="/api/loyalty/members/export.csv" filter={filterValues} />
    </TopToolbar>
  );
}

/** The ledger filtered to one member. */
export const ledgerOf = (memberId: number) => `/ledger?filter=${encodeURIComponent(JSON.stringify({ memberId }))}`;

export function MemberList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const c = (k: string) => t(`resources.members.fields.${k}`);
  return (
    <SpecterList
      title={t('resources.members.name')}
      empty="resources.members.empty"
      rowNumberLabel={c('no')}
      search="resources.members.search"
      searchMinChars
      filters={[<RestaurantFilter key="r" source="restaurantId" alwaysOn label={c('restaurant_id')} />]}
      sort={{ field: 'last_activity_at', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      emptyPage={false}
    >
      <FunctionField source="name" sortable={false} render={(m: Member) => <bdi>{m.name ?? '-'}</bdi>} />
      <FunctionField source="phone" sortable={false} render={(m: Member) => <bdi dir="ltr">{m.phone}</bdi>} />
      <TextField source="restaurant" label={c('restaurant_id')} sortable={false} />
      <TextField source="balance" />
      <TextField source="lifetime_points" sortable={false} />
      <FunctionField source="last_activity_at" render={(m: Member) => localDate(m.last_activity_at, locale)} />
      <FunctionField source="expires_at" sortable={false} render={(m: Member) => localDate(m.expires_at, locale)} />
      <FunctionField
        label=""
        render={(m: Member) => (
          <>
            <Button
              size="small"
              component={Link}
              to={ledgerOf(m.id)}
              aria-label={t('resources.members.ledgerOf', { name: m.name ?? m.phone })}
            >
              {t('resources.members.ledger')}
            </Button>
            <AdjustBalance />
          </>
        )}
      />
    </SpecterList>
  );
}
