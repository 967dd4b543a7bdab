import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { OrderList } from './OrderList';

export default defineResource({
  name: 'orders',
  list: OrderList,
  icon: ReceiptLongIcon,
  api: {
    path: '/order',
    serverPaging: true,
    searchMinChars: true,
    search: ['order_number'],
    filters: ['restaurantId', 'appUserId', 'from', 'to'],
  },
  access: ['admin', 'manager', 'staff'],
  messages: { en, ar },
});
