import StoreIcon from '@mui/icons-material/Storefront';
import { restaurantsResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { RestaurantCreate } from './RestaurantCreate';
import { RestaurantEdit } from './RestaurantEdit';
import { RestaurantList } from './RestaurantList';

export default defineResource({
  declaration: restaurantsResource,
  list: RestaurantList,
  routes: { add: RestaurantCreate, 'edit/:id': RestaurantEdit },
  icon: StoreIcon,
  messages: { en, ar },
});
