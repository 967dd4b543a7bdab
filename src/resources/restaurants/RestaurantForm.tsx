// The fields of Add and Edit restaurant: name, logo, token, branchs_token, system_type, all 'Required'.
// name_api travels in the form's values but is neither shown nor validated (docs/PRODUCT.md, Screens).
import { FormHelperText } from '@mui/material';
import { SelectInput, SimpleForm, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { Restaurant } from '../../contract/restaurants';
import { usePosReason } from '../../admin/feedback/serverTexts';
import { required } from '../../admin/validators';
import { FormToolbar } from '../../admin/forms/FormToolbar';

/** Optional; when given, a Saudi VAT registration number: 15 digits, the first and the last a 3. */
const vatNumber = (v: unknown) =>
  !v || /^3\d{13}3$/.test(String(v).trim()) ? undefined : 'specter.restaurants.vatNumberInvalid';

/** Tokens, addresses and numbers read left to right in Arabic too. */
const ltr = { slotProps: { htmlInput: { dir: 'ltr' } } } as const;

export function RestaurantForm({ systemTypes, onCancel }: { systemTypes: string[]; onCancel(): void }) {
  const t = useTranslate();
  const f = (k: string) => t(`resources.restaurants.fields.${k}`);
  // What every required text field of the form shares: its label by its source, 'Required', the form's width.
  const requiredText = (source: string) => ({ source, label: f(source), validate: required, fullWidth: true });
  return (
    <SimpleForm mode="onTouched" reValidateMode="onChange" toolbar={<FormToolbar onCancel={onCancel} />}>
      <TextInput {...requiredText('name')} />
      <TextInput {...requiredText('logo')} {...ltr} helperText="https://…" />
      <TextInput {...requiredText('token')} {...ltr} />
      <PosRefusal />
      <TextInput {...requiredText('branchs_token')} {...ltr} />
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
        slotProps={{ htmlInput: { ...ltr.slotProps.htmlInput, inputMode: 'numeric', maxLength: 15 } }}
      />
      <SelectInput
        source="zatca_phase"
        label={f('zatca_phase')}
        defaultValue={2}
        choices={[
          { id: 2, name: t('specter.restaurants.zatcaPhase2') },
          { id: 1, name: t('specter.restaurants.zatcaPhase1') },
        ]}
      />
      <TextInput
        source="legal_name"
        label={f('legal_name')}
        helperText={t('specter.restaurants.legalNameHelp')}
        fullWidth
      />
      <TextInput
        source="time_zone"
        label={f('time_zone')}
        {...ltr}
        helperText={t('specter.restaurants.timeZoneHelp')}
        fullWidth
      />
    </SimpleForm>
  );
}

/** The POS's refusal of the restaurant's tokens (its last sync), beside the token, in the admin's language. */
function PosRefusal() {
  const record = useRecordContext<Restaurant>();
  const t = useTranslate();
  const reason = usePosReason();
  if (!record?.sync_error) return null;
  return (
    <FormHelperText error role="alert" data-testid="pos-refusal" sx={{ mt: -1, mb: 2, mx: 1.75 }}>
      {t('specter.pos.refusedField', { error: reason(record.sync_error) })}
    </FormHelperText>
  );
}
