// /admins/add: name, email, password, confirmPassword (docs/PRODUCT.md, Validation messages); errors only after a field
// is touched; a red banner holding only an icon on failure; Cancel -> /users (as the spec says); success -> /admins.
import { Alert } from '@mui/material';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  Create,
  PasswordInput,
  SimpleForm,
  TextInput,
  usePermissions,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { Permissions } from '../../permissions';
import { ADMIN_PASSWORD_MIN } from '../../contract/admins';
import { required } from '../../admin/validators';
import { FormToolbar } from '../../admin/forms/FormToolbar';
import { RoleInputs, withoutAdminRestaurants } from './RoleInputs';

const min8: Validator = (v) =>
  v && String(v).length < ADMIN_PASSWORD_MIN ? 'specter.validation.adminPasswordMin' : undefined;
// The spec's banner is an icon only: the field it concerns says what is wrong. This check comes after the
// spec's own ones, so their messages stay as they are.
const matchesPassword: Validator = (v, values) =>
  v && values?.password && v !== values.password ? 'specter.feedback.passwordsDiffer' : undefined;

/** A 409 from POST /user means the e-mail belongs to another admin: say so under the Email field. */
function EmailTakenMessage({ takenEmail }: { takenEmail: string | null }) {
  const { setError } = useFormContext();
  useEffect(() => {
    if (takenEmail)
      setError('email', { type: 'server', message: 'specter.feedback.emailTaken' }, { shouldFocus: true });
  }, [takenEmail, setError]);
  return null;
}

export function AdminCreate() {
  const t = useTranslate();
  const { permissions } = usePermissions<Permissions>();
  const [failed, setFailed] = useState(false);
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const navigate = useNavigate();
  const f = (k: string) => t(`resources.admins.fields.${k}`);
  return (
    <Create
      resource="admins"
      title={t('specter.admins.addTitle')}
      redirect="/admins"
      transform={withoutAdminRestaurants}
      mutationOptions={{
        onMutate: () => {
          setFailed(false);
          setTakenEmail(null);
        },
        onError: (error: unknown, variables: unknown) => {
          setFailed(true);
          const email = (variables as { data?: { email?: string } })?.data?.email ?? '';
          if ((error as { status?: number })?.status === 409) setTakenEmail(email);
        },
      }}
    >
      <SimpleForm
        defaultValues={{ role: permissions?.role === 'manager' ? 'staff' : 'admin' }}
        toolbar={<FormToolbar onCancel={() => navigate('/users')} />}
        mode="onTouched"
        reValidateMode="onChange"
      >
        {failed && (
          <Alert
            severity="error"
            variant="filled"
            icon={<ErrorIcon aria-label={t('specter.admins.failed')} />}
            sx={{ width: '100%' }}
            role="alert"
            data-testid="admin-error-banner"
          >
            {null}
          </Alert>
        )}
        <EmailTakenMessage takenEmail={takenEmail} />
        <TextInput source="name" label={f('name')} validate={required} fullWidth />
        <TextInput source="email" label={f('email')} type="email" validate={required} fullWidth />
        <PasswordInput source="password" label={f('password')} validate={[required, min8]} fullWidth />
        <PasswordInput
          source="confirmPassword"
          label={f('confirmPassword')}
          validate={[required, min8, matchesPassword]}
          fullWidth
        />
        <RoleInputs />
      </SimpleForm>
    </Create>
  );
}
