import StoreIcon from '@mui/icons-material/Storefront';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { RestaurantCreate } from './RestaurantCreate';
import { RestaurantEdit } from './RestaurantEdit';
import { RestaurantList } from './RestaurantList';

export default defineResource({
  name: 'restaurants',
  list: RestaurantList,
  routes: { add: RestaurantCreate, 'edit/:id': RestaurantEdit },
  icon: StoreIcon,
  api: {
    path: '/restaurant',
    envelope: 'restaurants',
    serverPaging: true,
    search: ['name'],
    updateFields: [
      'name',
      'logo',
      'token',
      'branchs_token',
      'system_type',
      'vat_number',
      'zatca_phase',
      'legal_name',
      'time_zone',
    ],
    softDeletePath: (id) => `/restaurant/delete/${encodeURIComponent(String(id))}`,
  },
  access: ['admin', 'manager', 'staff'],
  messages: { en, ar },
});
