// The fields of Add and Edit restaurant: name, logo, token, branchs_token, system_type, all 'Required'.
// name_api travels in the form's values but is neither shown nor validated (docs/PRODUCT.md, Screens).
import { SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { required } from '../../admin/validators';
import { FormToolbar } from '../../admin/forms/FormToolbar';

/** Optional; when given, a Saudi VAT registration number: 15 digits, the first and the last a 3. */
const vatNumber = (v: unknown) =>
  !v || /^3\d{13}3$/.test(String(v).trim()) ? undefined : 'specter.restaurants.vatNumberInvalid';

export function RestaurantForm({ systemTypes, onCancel }: { systemTypes: string[]; onCancel(): void }) {
  const t = useTranslate();
  const f = (k: string) => t(`resources.restaurants.fields.${k}`);
  return (
    <SimpleForm mode="onTouched" reValidateMode="onChange" toolbar={<FormToolbar onCancel={onCancel} />}>
      <TextInput source="name" label={f('name')} validate={required} fullWidth />
      <TextInput
        source="logo"
        label={f('logo')}
        validate={required}
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        helperText="https://…"
      />
      <TextInput
        source="token"
        label={f('token')}
        validate={required}
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <TextInput
        source="branchs_token"
        label={f('branchs_token')}
        validate={required}
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <SelectInput
        source="system_type"
        label={f('system_type')}
        validate={required}
        choices={systemTypes.map((s) => ({ id: s, name: s }))}
      />
      <TextInput
        source="vat_number"
        label={f('vat_number')}
        validate={vatNumber}
        helperText={t('specter.restaurants.vatNumberHelp')}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 15 } }}
      />
    </SimpleForm>
  );
}
