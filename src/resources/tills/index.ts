import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { TillList } from './TillList';

/** Tills: read-only, paged, sorted and searched by the server (server/routes/tills.ts). */
export default defineResource({
  name: 'tills',
  list: TillList,
  icon: PointOfSaleIcon,
  api: { path: '/api/tills', serverPaging: true, search: ['name', 'branch', 'restaurant'], filters: ['restaurantId'] },
  access: ['admin', 'manager', 'staff'],
  messages: { en, ar },
});
