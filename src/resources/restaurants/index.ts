import StoreIcon from '@mui/icons-material/Storefront';
import { RestaurantCreate } from './RestaurantCreate';
import { RestaurantEdit } from './RestaurantEdit';
import { RestaurantList } from './RestaurantList';

export default { list: RestaurantList, add: RestaurantCreate, edit: RestaurantEdit, icon: StoreIcon };
