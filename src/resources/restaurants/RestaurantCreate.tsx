// /restaurants/add: Foodics only; success and Cancel go to /restaurants.
import { useNavigate } from 'react-router-dom';
import { Create, useTranslate } from 'react-admin';
import { RestaurantForm } from './RestaurantForm';
import { useSavedNotice } from './useSavedNotice';

export function RestaurantCreate() {
  const t = useTranslate();
  const navigate = useNavigate();
  const onSuccess = useSavedNotice('ra.notification.created');
  return (
    <Create
      resource="restaurants"
      title={t('specter.restaurants.addTitle')}
      redirect="/restaurants"
      record={{ name_api: '' }}
      mutationOptions={{ onSuccess }}
    >
      <RestaurantForm systemTypes={['Foodics']} onCancel={() => navigate('/restaurants')} />
    </Create>
  );
}
