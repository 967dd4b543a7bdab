// The reward form of /rewards/add and /rewards/edit/{id}: restaurant and code only when adding (a reward's code and
// restaurant never change: Foodics sends the code back), names in both languages, cost, kind, value, the largest
// discount (a percent reward needs it), the free products' Foodics ids (a products reward), on offer. The server's
// field messages are shown beside their field in the admin's language (src/admin/feedback/serverTexts.ts).
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { REWARD_KINDS } from '../../contract/loyalty';
import { required } from '../../admin/validators';
import { FormToolbar } from '../../admin/forms/FormToolbar';
import { useRestaurantChoices } from '../../admin/lists/restaurants';

const CODE = /^[A-Za-z0-9_-]+$/;
const codeChars: Validator = (v) => (v && !CODE.test(String(v)) ? 'resources.loyalty.errors.codeChars' : undefined);
const positive: Validator = (v) =>
  v !== undefined && v !== null && v !== '' && Number(v) <= 0 ? 'resources.loyalty.errors.moreThanZero' : undefined;

/** The free products' ids: typed as one line, sent as a list. */
const toIds = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const fromIds = (v: unknown) => (Array.isArray(v) ? v.join(', ') : (v ?? ''));

export function RewardForm({ adding, onCancel }: { adding: boolean; onCancel(): void }) {
  const t = useTranslate();
  const c = (k: string) => t(`resources.rewards.fields.${k}`);
  const h = (k: string) => t(`resources.rewards.help.${k}`);
  const restaurants = useRestaurantChoices();
  return (
    <SimpleForm toolbar={<FormToolbar onCancel={onCancel} />} mode="onTouched" reValidateMode="onChange">
      {adding && (
        <SelectInput source="restaurant_id" label={c('restaurant_id')} choices={restaurants} validate={required} />
      )}
      {adding && (
        <TextInput
          source="code"
          label={c('code')}
          helperText={h('code')}
          validate={[required, codeChars]}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: 40 } }}
        />
      )}
      <TextInput source="name_en" label={c('name_en')} validate={required} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput source="name_ar" label={c('name_ar')} validate={required} slotProps={{ htmlInput: { dir: 'rtl' } }} />
      <NumberInput source="cost" label={c('cost')} validate={[required, positive]} min={1} step={1} />
      <SelectInput
        source="kind"
        label={c('kind')}
        validate={required}
        choices={REWARD_KINDS.map((k) => ({ id: k, name: t(`resources.rewards.kinds.${k}`) }))}
      />
      <NumberInput source="value" label={c('value')} helperText={h('value')} validate={[required, positive]} />
      <FormDataConsumer>
        {({ formData }) => (
          <>
            {formData.kind === 'percent' && (
              <NumberInput
                source="max_discount"
                label={c('max_discount')}
                helperText={h('max_discount')}
                validate={required}
                min={0}
              />
            )}
            {formData.kind === 'products' && (
              <TextInput
                source="product_ids"
                label={c('product_ids')}
                helperText={h('product_ids')}
                validate={required}
                parse={toIds}
                format={fromIds}
                slotProps={{ htmlInput: { dir: 'ltr' } }}
              />
            )}
          </>
        )}
      </FormDataConsumer>
      <BooleanInput source="active" label={c('active')} />
    </SimpleForm>
  );
}
