// Left sidebar: Home, then every resource that has a list, in the order of src/resources/index.ts (Admin Users,
// App Users, Restaurants, the saved Orders, Activity, ...; docs/PRODUCT.md, Screens). Each item is react-admin's:
// the resource's icon, its label resources.<name>.name, hidden when canAccess says no.
import HomeIcon from '@mui/icons-material/Home';
import { Menu as RaMenu, useTranslate } from 'react-admin';

export function Menu() {
  const t = useTranslate();
  return (
    <RaMenu>
      <RaMenu.Item to="/home" primaryText={t('specter.menu.home')} leftIcon={<HomeIcon />} />
      <RaMenu.ResourceItems />
    </RaMenu>
  );
}
