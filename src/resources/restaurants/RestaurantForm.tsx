// The fields of Add and Edit restaurant: name, logo, token, branchs_token, system_type, all 'Required'.
// name_api travels in the form's values but is neither shown nor validated (SPEC.md section 2).
import { Button } from '@mui/material';
import { SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useTranslate } from 'react-admin';
import { required } from '../../admin/validators';


export function RestaurantForm({ systemTypes, onCancel }: { systemTypes: string[]; onCancel(): void }) {
  const t = useTranslate();
  const f = (k: string) => t(`specter.restaurants.fields.${k}`);
  return (
    <SimpleForm
      mode="onTouched"
      reValidateMode="onChange"
      toolbar={
        <Toolbar sx={{ gap: 1 }}>
          <SaveButton label={t('specter.common.save')} />
          <Button onClick={onCancel}>{t('specter.common.cancel')}</Button>
        </Toolbar>
      }
    >
      <TextInput source="name" label={f('name')} validate={required} fullWidth />
      <TextInput source="logo" label={f('logo')} validate={required} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} helperText="https://…" />
      <TextInput source="token" label={f('token')} validate={required} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput source="branchs_token" label={f('branchs_token')} validate={required} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <SelectInput source="system_type" label={f('system_type')} validate={required} choices={systemTypes.map((s) => ({ id: s, name: s }))} />
    </SimpleForm>
  );
}
