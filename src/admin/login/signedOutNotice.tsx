// Why the admin was signed out, said once on the sign-in page: set just before a sign-out the admin did not ask
// for as such (they deleted their own account), read and forgotten by the sign-in page.
import { Alert } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export const SIGNED_OUT_KEY = 'specter.signedOut';

/** The notice, once: taken out of session storage on the first render. */
export function SignedOutNotice() {
  const t = useTranslate();
  const [why] = useState(() => {
    const v = sessionStorage.getItem(SIGNED_OUT_KEY);
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    return v;
  });
  return why === 'selfDeleted' ? (
    <Alert severity="info" role="status">
      {t('specter.dialogs.selfDeleted')}
    </Alert>
  ) : null;
}
