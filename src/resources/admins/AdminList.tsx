// /admins: #, Name, Email, delete; search; 'Add New' to /admins/add; "Admins doesn't exist" when empty.
import { Datagrid, FunctionField, List, SearchInput, TextField, useTranslate } from 'react-admin';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { EmptyText } from '../../admin/lists/EmptyText';
import { RowNumber } from '../../admin/lists/RowNumber';
import { AddNewActions } from '../../admin/lists/AddNewActions';

export function AdminList() {
  const t = useTranslate();
  const c = (k: string) => t(`specter.admins.columns.${k}`);
  return (
    <List
      title={t('specter.admins.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('specter.common.search')} />]}
      actions={<AddNewActions to="/admins/add" label="specter.admins.add" />}
      empty={<><AddNewActions to="/admins/add" label="specter.admins.add" /><EmptyText text="specter.admins.empty" /></>}
      exporter={false}
      storeKey={false}
      disableSyncWithLocation
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyText text="specter.admins.empty" />}>
        <FunctionField label={c('no')} render={() => <RowNumber />} sortable={false} />
        <TextField label={c('name')} source="name" />
        <TextField label={c('email')} source="email" />
        <FunctionField label="" render={() => <DeleteWithDialogs resource="admins" />} />
      </Datagrid>
    </List>
  );
}
