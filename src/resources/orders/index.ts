import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ordersResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { OrderList } from './OrderList';

export default defineResource({
  declaration: ordersResource,
  list: OrderList,
  icon: ReceiptLongIcon,
  messages: { en, ar },
});
