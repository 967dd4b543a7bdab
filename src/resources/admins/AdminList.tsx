// /admins: #, Name, Email, delete; search; 'Add New' to /admins/add; "Admins doesn't exist" when empty.
// After the spec's columns (issue 26): an Edit link to /admins/edit/{id} and the account's role and restaurants, for
// the roles that may edit accounts (src/permissions.ts).
import { IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import { FunctionField, TextField, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../../permissions';
import type { Admin } from '../../contract/admins';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { SpecterList } from '../../admin/lists/SpecterList';
import { useAllows } from '../../admin/access/useAllows';

export function AdminList() {
  const t = useTranslate();
  const c = (k: string) => t(`resources.admins.fields.${k}`);
  const mayEdit = useAllows('admins', 'edit');
  // A manager removes its staff, never itself (the server answers 403): no Delete on its own row.
  const { identity } = useGetIdentity();
  const isAdmin = usePermissions<Permissions>().permissions?.role === 'admin';
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
      <FunctionField
        label=""
        render={(a: Admin) => (
          <>
            {mayEdit && (
              <Tooltip title={t('specter.admins.edit')}>
                <IconButton
                  component={Link}
                  to={`/admins/edit/${a.id}`}
                  aria-label={`${t('specter.admins.edit')} ${a.name}`}
                >
                  <EditIcon />
                </IconButton>
              </Tooltip>
            )}
            {(isAdmin || a.id !== identity?.id) && <DeleteWithDialogs resource="admins" />}
          </>
        )}
      />
      <FunctionField
        label={t('specter.roles.role')}
        sortable={false}
        render={(a: Admin) => (a.role ? t(`specter.roles.${a.role}`) : '')}
      />
    </SpecterList>
  );
}
