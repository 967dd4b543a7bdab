import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { adminsResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { AdminCreate } from './AdminCreate';
import { AdminList } from './AdminList';
import { AdminEdit } from './AdminEdit';
import { ar, en } from './messages';

export default defineResource({
  declaration: adminsResource,
  list: AdminList,
  routes: { add: AdminCreate, 'edit/:id': AdminEdit },
  icon: AdminIcon,
  messages: { en, ar },
});
