// /admins: #, Name, Email, delete; search; 'Add New' to /admins/add; "Admins doesn't exist" when empty.
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { EmptyText } from '../../admin/lists/EmptyText';
import { RowNumber } from '../../admin/lists/RowNumber';

function Actions() {
  const t = useTranslate();
  return (
    <TopToolbar>
      <Button component={Link} to="/admins/add" variant="contained" startIcon={<AddIcon />}>{t('specter.admins.add')}</Button>
    </TopToolbar>
  );
}

export function AdminList() {
  const t = useTranslate();
  const c = (k: string) => t(`specter.admins.columns.${k}`);
  return (
    <List
      title={t('specter.admins.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('specter.common.search')} />]}
      actions={<Actions />}
      empty={<><Actions /><EmptyText text="specter.admins.empty" /></>}
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
