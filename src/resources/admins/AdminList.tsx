// /admins: #, Name, Email, delete; search; 'Add New' to /admins/add; "Admins doesn't exist" when empty.
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { SpecterList } from '../../admin/lists/SpecterList';

export function AdminList() {
  const t = useTranslate();
  const c = (k: string) => t(`resources.admins.fields.${k}`);
  return (
    <SpecterList
      title={t('specter.admins.title')}
      empty="resources.admins.empty"
      rowNumberLabel={c('no')}
      search
      add={{ to: '/admins/add', label: 'specter.admins.add' }}
    >
      <TextField label={c('name')} source="name" />
      <TextField label={c('email')} source="email" />
      <FunctionField label="" render={() => <DeleteWithDialogs resource="admins" />} />
    </SpecterList>
  );
}
