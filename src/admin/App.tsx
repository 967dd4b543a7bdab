// The back-office: react-admin on a browser router with the exact paths of SPEC.md section 2
// (see REACT-ADMIN.md for why the routes are shaped like this).
import { useEffect } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import admins from '../resources/admins';
import branches from '../resources/branches';
import devices from '../resources/devices';
import restaurants from '../resources/restaurants';
import users from '../resources/users';
import { Dashboard } from './dashboard/Dashboard';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import { PermissionDenied } from './PermissionDenied';
import { exactPath } from './ExactPath';

const AdminList = exactPath('/admins', admins.list);
const UserList = exactPath('/users', users.list);
const RestaurantList = exactPath('/restaurants', restaurants.list);
import { themes } from './theme';
import { DirectionCache } from './DirectionCache';
import { useAppLocale } from './i18n/direction';

/** /user/invoice and /Privacy belong to the light public entry: when reached inside the back-office, load it. */
function PublicPage() {
  useEffect(() => {
    const key = `specter.public-reload:${window.location.pathname}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    window.location.replace(window.location.href);
  }, []);
  return null;
}

export function App() {
  const rtl = useAppLocale() === 'ar';
  return (
    <DirectionCache rtl={rtl}>
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={LoginPage}
      catchAll={PermissionDenied}
      theme={rtl ? themes.rtl : themes.ltr}
      title="Specter"
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<LoginPage />} />
        <Route path="/user/invoice" element={<PublicPage />} />
        <Route path="/Privacy" element={<PublicPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/home" element={<Dashboard />} />
      </CustomRoutes>
      <Resource name="admins" list={AdminList} icon={admins.icon}>
        <Route path="add" element={<admins.add />} />
      </Resource>
      <Resource name="users" list={UserList} icon={users.icon} />
      <Resource name="restaurants" list={RestaurantList} icon={restaurants.icon}>
        <Route path="add" element={<restaurants.add />} />
        <Route path="edit/:id" element={<restaurants.edit />} />
        <Route path="branches/:restId" element={<branches.list />} />
        <Route path="devices/:restId/:branchId" element={<devices.list />} />
      </Resource>
      <Resource name="branches" />
      <Resource name="devices" />
    </Admin>
    </DirectionCache>
  );
}
