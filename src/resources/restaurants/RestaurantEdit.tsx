// /restaurants/edit/{id}: Foodics and Specter; success goes to /restaurants, Cancel reloads to /restaurants.
import { Edit, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RestaurantForm } from './RestaurantForm';

export function RestaurantEdit() {
  const t = useTranslate();
  const { id } = useParams();
  return (
    <Edit resource="restaurants" id={id} title={t('specter.restaurants.editTitle')} redirect="/restaurants" mutationMode="pessimistic">
      <RestaurantForm systemTypes={['Foodics', 'Specter']} onCancel={() => window.location.assign('/restaurants')} />
    </Edit>
  );
}
