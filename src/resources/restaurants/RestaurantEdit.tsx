// /restaurants/edit/{id}: Foodics and Specter; success goes to /restaurants, Cancel reloads to /restaurants.
import { Edit, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RestaurantForm } from './RestaurantForm';
import { useSavedNotice } from './useSavedNotice';
import { PushKeyPanel } from './PushKeyPanel';
import { WebhookStatus } from './WebhookStatus';
import { ConnectionPanel } from './ConnectionPanel';
import { useFoodicsOutcome } from './FoodicsConnect';

export function RestaurantEdit() {
  const t = useTranslate();
  const { id } = useParams();
  const onSuccess = useSavedNotice('ra.notification.updated');
  useFoodicsOutcome();
  return (
    <Edit
      resource="restaurants"
      id={id}
      title={t('specter.restaurants.editTitle')}
      redirect="/restaurants"
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
    >
      <RestaurantForm systemTypes={['Foodics', 'Specter']} onCancel={() => window.location.assign('/restaurants')} />
      <ConnectionPanel />
      <PushKeyPanel />
      <WebhookStatus />
    </Edit>
  );
}
