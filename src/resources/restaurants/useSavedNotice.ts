// After a restaurant is saved the server reads its branches from the POS; a refused token is kept in
// sync_error. Then the restaurant's edit page shows the refusal beside the token, in the admin's language
// (RestaurantForm): a new restaurant goes there, an edited one stays there. Otherwise: the saved notice, then
// /restaurants.
import { useNotify, useRedirect, type RaRecord } from 'react-admin';

export function useSavedNotice(doneMessage: 'ra.notification.created' | 'ra.notification.updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  return (saved: RaRecord) => {
    if (saved?.sync_error) {
      if (doneMessage === 'ra.notification.created') redirect(`/restaurants/edit/${saved.id}`);
      return;
    }
    notify(doneMessage, { type: 'info', messageArgs: { smart_count: 1 } });
    redirect('/restaurants');
  };
}
