// /restaurants/edit/{id}: Foodics and Specter; success goes to /restaurants, Cancel reloads to /restaurants.
// Another restaurant's address (a manager's or staff's): Permission Denied, nothing of it asked for.
import { Edit, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RestaurantForm } from './RestaurantForm';
import { useSavedNotice } from './useSavedNotice';
import { PushKeyPanel } from './PushKeyPanel';
import { WebhookStatus } from './WebhookStatus';
import { ConnectionPanel } from './ConnectionPanel';
import { FoodicsQuestion, useFoodicsOutcome } from './FoodicsConnect';
import { OwnRestaurant } from '../../admin/access/OwnRestaurant';

export function RestaurantEdit() {
  const t = useTranslate();
  const { id } = useParams();
  const onSuccess = useSavedNotice('ra.notification.updated');
  useFoodicsOutcome();
  return (
    <OwnRestaurant id={id}>
      <FoodicsQuestion />
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
    </OwnRestaurant>
  );
}
