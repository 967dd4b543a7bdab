// /users: All Users, a search box, #, Name, Phone, BirthDate, Gender, Last Login, Created At, delete.
import { Datagrid, FunctionField, List, SearchInput, useLocaleState, useTranslate } from 'react-admin';
import type { AppUser } from '../../contract/appUsers';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { EmptyText } from '../../admin/lists/EmptyText';
import { dash, localDate, localDateTime } from '../../admin/lists/format';
import { RowNumber } from '../../admin/lists/RowNumber';

const fullName = (u: AppUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '-';

export function UserList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const c = (k: string) => t(`specter.users.columns.${k}`);
  return (
    <List
      title={t('specter.users.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('specter.common.search')} />]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={<EmptyText text="specter.users.empty" />}
      exporter={false}
      actions={false}
      storeKey={false}
      disableSyncWithLocation
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyText text="specter.users.empty" />}>
        <FunctionField label={c('no')} render={() => <RowNumber />} sortable={false} />
        <FunctionField label={c('name')} source="firstName" render={(u: AppUser) => fullName(u)} />
        <FunctionField label={c('phone')} source="phone" render={(u: AppUser) => <bdi dir="ltr">{u.phone}</bdi>} />
        <FunctionField label={c('birthDate')} source="birthDate" render={(u: AppUser) => localDate(u.birthDate, locale)} />
        <FunctionField label={c('gender')} source="gender" render={(u: AppUser) => (u.gender ? t(`specter.gender.${u.gender}`, { _: u.gender }) : dash(u.gender))} />
        <FunctionField label={c('lastLogin')} source="lastLogin" render={(u: AppUser) => localDateTime(u.lastLogin, locale)} />
        <FunctionField label={c('createdAt')} source="createdAt" render={(u: AppUser) => localDateTime(u.createdAt, locale)} />
        <FunctionField label="" render={() => <DeleteWithDialogs resource="users" />} />
      </Datagrid>
    </List>
  );
}
