import PeopleIcon from '@mui/icons-material/People';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { UserList } from './UserList';

export default defineResource({
  name: 'users',
  list: UserList,
  icon: PeopleIcon,
  api: { path: '/user', serverPaging: true, searchMinChars: true, search: ['firstName', 'lastName', 'phone'] },
  access: ['admin', 'manager'],
  messages: { en, ar },
});
