// /admins/edit/{id}: an account's name, role and restaurants (GET /admin/{id}, PATCH /user/{id}); its e-mail is shown,
// not edited. The server decides who may change whom (docs/SECURITY.md, Roles): its refusal is said in a notice.
// Success and Cancel go to /admins. Below it, an admin resets a forgotten password (ResetPassword.tsx).
import { Edit, SimpleForm, TextField, TextInput, Labeled, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { required } from '../../admin/validators';
import { FormToolbar } from '../../admin/forms/FormToolbar';
import { RoleInputs, withoutAdminRestaurants } from './RoleInputs';
import { ResetPassword } from './ResetPassword';

export function AdminEdit() {
  const t = useTranslate();
  const { id } = useParams();
  const navigate = useNavigate();
  const f = (k: string) => t(`resources.admins.fields.${k}`);
  return (
    <>
      <Edit
        resource="admins"
        id={id}
        title={t('specter.admins.editTitle')}
        redirect="/admins"
        mutationMode="pessimistic"
        transform={withoutAdminRestaurants}
      >
        <SimpleForm toolbar={<FormToolbar onCancel={() => navigate('/admins')} />} mode="onTouched">
          <Labeled label={f('email')}>
            <TextField source="email" />
          </Labeled>
          <TextInput source="name" label={f('name')} validate={required} fullWidth />
          <RoleInputs />
        </SimpleForm>
      </Edit>
      <ResetPassword id={id} />
    </>
  );
}
