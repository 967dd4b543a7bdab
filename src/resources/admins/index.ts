import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { AdminCreate } from './AdminCreate';
import { AdminList } from './AdminList';

export default { list: AdminList, add: AdminCreate, icon: AdminIcon };
