// The one form toolbar of the back-office: Save, then Cancel (docs/PRODUCT.md: every add/edit form has both).
// Where Cancel goes differs per form (Add Admin goes to /users, Edit Restaurant reloads /restaurants), so the
// form says what Cancel does.
import { Button } from '@mui/material';
import { SaveButton, Toolbar, useTranslate } from 'react-admin';

export function FormToolbar({ onCancel }: { onCancel(): void }) {
  const t = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label={t('specter.common.save')} />
      <Button onClick={onCancel}>{t('specter.common.cancel')}</Button>
    </Toolbar>
  );
}
