import HistoryIcon from '@mui/icons-material/History';
import { ActivityList } from './ActivityList';

export default { list: ActivityList, icon: HistoryIcon };
