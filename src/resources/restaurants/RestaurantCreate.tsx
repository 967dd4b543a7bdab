// /restaurants/add: Foodics only; success and Cancel go to /restaurants.
import { useNavigate } from 'react-router-dom';
import { Create, useTranslate } from 'react-admin';
import { RestaurantForm } from './RestaurantForm';

export function RestaurantCreate() {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <Create resource="restaurants" title={t('specter.restaurants.addTitle')} redirect="/restaurants" record={{ name_api: '' }}>
      <RestaurantForm systemTypes={['Foodics']} onCancel={() => navigate('/restaurants')} />
    </Create>
  );
}
