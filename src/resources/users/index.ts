import PeopleIcon from '@mui/icons-material/People';
import { usersResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { UserList } from './UserList';

export default defineResource({ declaration: usersResource, list: UserList, icon: PeopleIcon, messages: { en, ar } });
