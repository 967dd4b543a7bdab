// Left sidebar: Home, Admin Users, App Users, Restaurants (docs/PRODUCT.md, Screens), the saved Orders and
// Activity (the audit trail).
import HomeIcon from '@mui/icons-material/Home';
import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import PeopleIcon from '@mui/icons-material/People';
import StoreIcon from '@mui/icons-material/Storefront';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import HistoryIcon from '@mui/icons-material/History';
import { Menu as RaMenu, useTranslate } from 'react-admin';

export function Menu() {
  const t = useTranslate();
  return (
    <RaMenu>
      <RaMenu.Item to="/home" primaryText={t('specter.menu.home')} leftIcon={<HomeIcon />} />
      <RaMenu.Item to="/admins" primaryText={t('specter.menu.admins')} leftIcon={<AdminIcon />} />
      <RaMenu.Item to="/users" primaryText={t('specter.menu.users')} leftIcon={<PeopleIcon />} />
      <RaMenu.Item to="/restaurants" primaryText={t('specter.menu.restaurants')} leftIcon={<StoreIcon />} />
      <RaMenu.Item to="/orders" primaryText={t('specter.menu.orders')} leftIcon={<ReceiptLongIcon />} />
      <RaMenu.Item to="/activity" primaryText={t('specter.menu.activity')} leftIcon={<HistoryIcon />} />
    </RaMenu>
  );
}
