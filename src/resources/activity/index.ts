import HistoryIcon from '@mui/icons-material/History';
import { activityResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ActivityList } from './ActivityList';
import { ar, en } from './messages';

export default defineResource({
  declaration: activityResource,
  list: ActivityList,
  icon: HistoryIcon,
  messages: { en, ar },
});
