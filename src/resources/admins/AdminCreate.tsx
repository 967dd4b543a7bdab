// /admins/add: name, email, password, confirmPassword (SPEC.md section 5); errors only after a field is
// touched; a red banner holding only an icon on failure; Cancel -> /users (as the spec says); success -> /admins.
import { Alert, Button } from '@mui/material';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Create, PasswordInput, SaveButton, SimpleForm, TextInput, Toolbar, useTranslate, type Validator } from 'react-admin';
import { ADMIN_PASSWORD_MIN } from '../../contract/admins';
import { required } from '../../admin/validators';

const min8: Validator = (v) => (v && String(v).length < ADMIN_PASSWORD_MIN ? 'specter.validation.adminPasswordMin' : undefined);

function FormToolbar() {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label={t('specter.common.save')} />
      <Button onClick={() => navigate('/users')}>{t('specter.common.cancel')}</Button>
    </Toolbar>
  );
}

export function AdminCreate() {
  const t = useTranslate();
  const [failed, setFailed] = useState(false);
  const f = (k: string) => t(`specter.admins.fields.${k}`);
  return (
    <Create
      resource="admins"
      title={t('specter.admins.addTitle')}
      redirect="/admins"
      mutationOptions={{ onError: () => setFailed(true), onMutate: () => setFailed(false) }}
    >
      <SimpleForm defaultValues={{ role: 'admin' }} toolbar={<FormToolbar />} mode="onTouched" reValidateMode="onChange">
        {failed && (
          <Alert severity="error" variant="filled" icon={<ErrorIcon aria-label={t('specter.admins.failed')} />} sx={{ width: '100%' }} role="alert" data-testid="admin-error-banner">
            {null}
          </Alert>
        )}
        <TextInput source="name" label={f('name')} validate={required} fullWidth />
        <TextInput source="email" label={f('email')} type="email" validate={required} fullWidth />
        <PasswordInput source="password" label={f('password')} validate={[required, min8]} fullWidth />
        <PasswordInput source="confirmPassword" label={f('confirmPassword')} validate={[required, min8]} fullWidth />
      </SimpleForm>
    </Create>
  );
}
