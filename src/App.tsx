// The back-office: react-admin on a browser router with the exact paths of docs/PRODUCT.md, Screens
// (see docs/DECISIONS.md, How the web app is built, for why the routes are shaped like this).
import { useEffect } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import admins from './resources/admins';
import branches from './resources/branches';
import devices from './resources/devices';
import restaurants from './resources/restaurants';
import users from './resources/users';
import { QrSheet } from './resources/sheet';
import orders from './resources/orders';
import activity from './resources/activity';
import { Dashboard } from './admin/dashboard/Dashboard';
import { i18nProvider } from './admin/i18n';
import { Layout } from './admin/layout/Layout';
import { LoginPage } from './admin/login/LoginPage';
import { PermissionDenied } from './admin/PermissionDenied';
import { exactPath } from './admin/ExactPath';

const AdminList = exactPath('/admins', admins.list);
const UserList = exactPath('/users', users.list);
const RestaurantList = exactPath('/restaurants', restaurants.list);
const OrderList = exactPath('/orders', orders.list);
const ActivityList = exactPath('/activity', activity.list);
import { themes } from './admin/theme';
import { DirectionCache } from './admin/DirectionCache';
import { useAppLocale } from './admin/i18n/direction';
import { useGuardedAuthProvider } from './admin/useGuardedAuthProvider';

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
  const guardedAuthProvider = useGuardedAuthProvider(authProvider);
  return (
    <DirectionCache rtl={rtl}>
      <Admin
        dataProvider={dataProvider}
        authProvider={guardedAuthProvider}
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
        <Resource name="orders" list={OrderList} icon={orders.icon} />
        <Resource name="restaurants" list={RestaurantList} icon={restaurants.icon}>
          <Route path="add" element={<restaurants.add />} />
          <Route path="edit/:id" element={<restaurants.edit />} />
          <Route path="branches/:restId" element={<branches.list />} />
          <Route path="devices/:restId/:branchId" element={<devices.list />} />
          <Route path="sheet/:restId" element={<QrSheet />} />
        </Resource>
        <Resource name="activity" list={ActivityList} icon={activity.icon} />
        <Resource name="branches" />
        <Resource name="devices" />
      </Admin>
    </DirectionCache>
  );
}
