// Top bar: the language switch (remembered) and Logout, which removes the token, clears the auth state and
// reloads the page (docs/PRODUCT.md, Screens).
import { Button } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import TranslateIcon from '@mui/icons-material/Translate';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { Link } from 'react-router-dom';
import { TWO_STEP_PATH } from '../account/TwoStepPage';
import { Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { authProvider } from '../../authProvider';
import { setAppLocale } from '../i18n/direction';
import { page } from './reloadAt';

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
    page.reloadAt('/login');
  };
  const { identity } = useGetIdentity();
  const restaurants = (identity?.restaurants as { name: string }[] | undefined)?.map((r) => r.name).join(', ');
  return (
    <RaAppBar userMenu={false} toolbar={<></>}>
      <TitlePortal />
      {identity && (
        // Who is signed in, their role and their restaurants (issue 26).
        <Typography variant="body2" sx={{ mx: 1, opacity: 0.9 }} data-testid="signed-in">
          {identity.fullName} · {t(`specter.roles.${identity.role as string}`)}
          {restaurants ? ` · ${restaurants}` : ''}
        </Typography>
      )}
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={switchLanguage}
        lang={locale === 'ar' ? 'en' : 'ar'}
      >
        {t('specter.appBar.language')}
      </Button>
      <Button color="inherit" startIcon={<PhonelinkLockIcon />} component={Link} to={TWO_STEP_PATH}>
        {t('specter.appBar.twoStep')}
      </Button>
      <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout}>
        {t('specter.appBar.logout')}
      </Button>
    </RaAppBar>
  );
}
