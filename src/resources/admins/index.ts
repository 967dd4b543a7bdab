import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { defineResource } from '../manifest';
import { AdminCreate } from './AdminCreate';
import { AdminList } from './AdminList';
import { ar, en } from './messages';

export default defineResource({
  name: 'admins',
  list: AdminList,
  routes: { add: AdminCreate },
  icon: AdminIcon,
  api: {
    path: '/admin',
    serverPaging: true,
    search: ['name', 'email'],
    create: { path: '/user', extra: { role: 'admin' } },
    updateFields: ['name', 'role', 'restaurantIds'],
    softDeletePath: (id) => `/user/${encodeURIComponent(String(id))}`,
  },
  access: ['admin', 'manager'],
  messages: { en, ar },
});
