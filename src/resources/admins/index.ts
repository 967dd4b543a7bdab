import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { defineResource } from '../manifest';
import { AdminCreate } from './AdminCreate';
import { AdminList } from './AdminList';
import { AdminEdit } from './AdminEdit';
import { ar, en } from './messages';

export default defineResource({
  name: 'admins',
  list: AdminList,
  routes: { add: AdminCreate, 'edit/:id': AdminEdit },
  icon: AdminIcon,
  api: {
    path: '/admin',
    serverPaging: true,
    search: ['name', 'email'],
    create: { path: '/user', extra: { role: 'admin' } },
    updateFields: ['name', 'role', 'restaurantIds'],
    updatePath: (id) => `/user/${encodeURIComponent(String(id))}`,
    softDeletePath: (id) => `/user/${encodeURIComponent(String(id))}`,
  },
  access: ['admin', 'manager'],
  messages: { en, ar },
});
