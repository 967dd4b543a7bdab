import HistoryIcon from '@mui/icons-material/History';
import { defineResource } from '../manifest';
import { ActivityList } from './ActivityList';
import { ar, en } from './messages';

export default defineResource({
  name: 'activity',
  list: ActivityList,
  icon: HistoryIcon,
  // Not /activity: that is the screen's own address, served as HTML.
  api: { path: '/admin/activity', serverPaging: true, search: [], filters: ['adminId', 'kind'] },
  access: ['admin', 'manager'],
  messages: { en, ar },
});
