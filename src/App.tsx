// The back-office: react-admin on a browser router with the exact paths of docs/PRODUCT.md, Screens
// (see docs/DECISIONS.md, How the web app is built, for why the routes are shaped like this).
import { useEffect, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { RESOURCES } from './resources';
import { Dashboard } from './admin/dashboard/Dashboard';
import { createI18nProvider } from './admin/i18n';
import { Layout } from './admin/layout/Layout';
import { LoginPage } from './admin/login/LoginPage';
import { TWO_STEP_PATH, TwoStepPage } from './admin/account/TwoStepPage';
import { PermissionDenied } from './admin/PermissionDenied';
import { exactPath } from './admin/ExactPath';

import { themes } from './admin/theme';
import { DirectionCache } from './admin/DirectionCache';
import { useAppLocale } from './admin/i18n/direction';
import { useGuardedAuthProvider } from './admin/useGuardedAuthProvider';

// Everything below comes from the one list of src/resources/index.ts: the texts, then per resource its list
// (on its exact path), its child pages and those of the pages that live under it, its icon (the menu's item).
const catalogue = Object.fromEntries(RESOURCES.flatMap((r) => (r.messages ? [[r.name, r.messages]] : [])));
const resources = RESOURCES.filter((r) => r.api || r.list).map((r) => ({
  ...r,
  list: r.list && !r.under ? exactPath(`/${r.name}`, r.list) : undefined,
  pages: r.under
    ? []
    : RESOURCES.filter((p) => p === r || p.under === r.name).flatMap((p) => Object.entries(p.routes ?? {})),
}));

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
  // One provider per mount: it starts in the language remembered at that moment.
  const [i18nProvider] = useState(() => createI18nProvider(catalogue));
  return (
    <DirectionCache rtl={rtl}>
      <Admin
        dataProvider={dataProvider}
        authProvider={guardedAuthProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={LoginPage}
        catchAll={PermissionDenied}
        accessDenied={PermissionDenied}
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
          <Route path={TWO_STEP_PATH} element={<TwoStepPage />} />
        </CustomRoutes>
        {resources.map((r) => (
          <Resource key={r.name} name={r.name} list={r.list} icon={r.icon} options={{ access: r.access }}>
            {r.pages.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Resource>
        ))}
      </Admin>
    </DirectionCache>
  );
}
