// /users: All Users, a search box, #, Name, Phone, BirthDate, Gender, Last Login, Created At, the phone's
// code lock (with Lift lock) when there is one, a link to the user's orders, delete.
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { FunctionField, TopToolbar, useListContext, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { ExportCsvButton } from '../../admin/exports/ExportCsvButton';
import type { AppUser } from '../../contract/appUsers';
import type { Permissions } from '../../permissions';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { dash, localDate, localDateTime } from '../../admin/lists/format';
import { SpecterList } from '../../admin/lists/SpecterList';
import { PhoneLock } from './PhoneLock';

const fullName = (u: AppUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '-';

/** The user's saved orders: the Orders screen filtered to them. */
const ordersOf = (u: AppUser) => `/orders?${new URLSearchParams({ filter: JSON.stringify({ appUserId: u.id }) })}`;

function Actions() {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <ExportCsvButton resource="users" path="/user/export.csv" filter={{ q: filterValues.q }} />
    </TopToolbar>
  );
}

export function UserList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const c = (k: string) => t(`resources.users.fields.${k}`);
  // A manager sees only the customers who said yes to one of its restaurants (issue 48, docs/SECURITY.md).
  const scoped = usePermissions<Permissions>().permissions?.role === 'manager';
  return (
    <SpecterList
      title={t('specter.users.title')}
      empty={scoped ? 'specter.users.scopedEmpty' : 'resources.users.empty'}
      rowNumberLabel={c('no')}
      search
      searchMinChars
      searchHelp={scoped ? 'specter.users.scopedHelp' : undefined}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
    >
      <FunctionField label={c('firstName')} source="firstName" render={(u: AppUser) => fullName(u)} />
      <FunctionField label={c('phone')} source="phone" render={(u: AppUser) => <bdi dir="ltr">{u.phone}</bdi>} />
      <FunctionField
        label={c('birthDate')}
        source="birthDate"
        render={(u: AppUser) => localDate(u.birthDate, locale)}
      />
      <FunctionField
        label={c('gender')}
        source="gender"
        render={(u: AppUser) => (u.gender ? t(`specter.gender.${u.gender}`, { _: u.gender }) : dash(u.gender))}
      />
      <FunctionField
        label={c('lastLogin')}
        source="lastLogin"
        render={(u: AppUser) => localDateTime(u.lastLogin, locale)}
      />
      <FunctionField
        label={c('createdAt')}
        source="createdAt"
        render={(u: AppUser) => localDateTime(u.createdAt, locale)}
      />
      <FunctionField label={c('lock')} render={() => <PhoneLock />} sortable={false} />
      <FunctionField
        label=""
        render={(u: AppUser) => (
          <Button size="small" component={Link} to={ordersOf(u)}>
            {t('specter.orders.userOrders')}
          </Button>
        )}
      />
      <FunctionField label="" render={() => <DeleteWithDialogs resource="users" />} />
    </SpecterList>
  );
}
