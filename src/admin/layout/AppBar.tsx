// Top bar: the language switch (remembered) and Logout, which removes the token, clears the auth state and
// reloads the page (docs/PRODUCT.md, Screens).
import { Button } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import TranslateIcon from '@mui/icons-material/Translate';
import { AppBar as RaAppBar, TitlePortal, useLocaleState, useTranslate } from 'react-admin';
import { authProvider } from '../../authProvider';
import { setAppLocale } from '../i18n/direction';
import { reloadAt } from './reloadAt';

export function AppBar() {
  const t = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const switchLanguage = () => {
    const next = locale === 'ar' ? 'en' : 'ar';
    setLocale(next);
    setAppLocale(next);
  };
  const logout = async () => {
    await authProvider.logout({});
    reloadAt('/login');
  };
  return (
    <RaAppBar userMenu={false} toolbar={<></>}>
      <TitlePortal />
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={switchLanguage}
        lang={locale === 'ar' ? 'en' : 'ar'}
      >
        {t('specter.appBar.language')}
      </Button>
      <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout}>
        {t('specter.appBar.logout')}
      </Button>
    </RaAppBar>
  );
}
