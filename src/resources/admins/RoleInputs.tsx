// The role select and, for a manager or staff, the restaurants picker (issue 26, docs/SECURITY.md "Roles"): on the
// Add Admin form and an account's edit page. An admin gives any role; a manager gives staff only (its own account,
// edited, keeps its role among the choices); the picker lists the restaurants the signed-in account sees.
import {
  AutocompleteArrayInput,
  FormDataConsumer,
  ReferenceArrayInput,
  SelectInput,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Role } from '../../contract/admins';
import type { Permissions } from '../../permissions';
import { required } from '../../admin/validators';

export function RoleInputs() {
  const t = useTranslate();
  const { permissions } = usePermissions<Permissions>();
  const current = useRecordContext<{ role?: Role }>()?.role;
  const given: Role[] = permissions?.role === 'manager' ? ['staff'] : ['admin', 'manager', 'staff'];
  const roles = current && !given.includes(current) ? [current, ...given] : given;
  return (
    <>
      <SelectInput
        source="role"
        label={t('specter.roles.role')}
        choices={roles.map((r) => ({ id: r, name: t(`specter.roles.${r}`) }))}
        validate={required}
        fullWidth
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData.role && formData.role !== 'admin' ? (
            <ReferenceArrayInput source="restaurantIds" reference="restaurants">
              <AutocompleteArrayInput
                label={t('specter.roles.restaurants')}
                optionText="name"
                validate={required}
                fullWidth
              />
            </ReferenceArrayInput>
          ) : null
        }
      </FormDataConsumer>
    </>
  );
}

/** An admin sees every restaurant: the server refuses restaurants given with the admin role, so none are sent. */
export function withoutAdminRestaurants<T extends { role?: Role; restaurantIds?: unknown }>(data: T) {
  if (data.role !== 'admin') return data;
  const { restaurantIds: _none, ...rest } = data;
  return rest;
}
