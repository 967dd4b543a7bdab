// After a restaurant is saved the server reads its branches from the POS; a refused token is kept in
// sync_error. Say so at once (instead of react-admin's plain "Element created"), then go to /restaurants.
import { useNotify, useRedirect, useTranslate, type RaRecord } from 'react-admin';

export function useSavedNotice(doneMessage: 'ra.notification.created' | 'ra.notification.updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const t = useTranslate();
  return (saved: RaRecord) => {
    if (saved?.sync_error)
      notify(t('specter.feedback.posRefused', { error: saved.sync_error }), {
        type: 'warning',
        autoHideDuration: 15000,
      });
    else notify(doneMessage, { type: 'info', messageArgs: { smart_count: 1 } });
    redirect('/restaurants');
  };
}
