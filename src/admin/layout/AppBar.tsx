// Top bar: the language switch (remembered) and Logout, which removes the token, clears the auth state and
// reloads the page (docs/PRODUCT.md, Screens). On a phone (narrower than MUI's `sm`) who is signed in, the
// language, two-step sign-in and Logout fold into one account menu, so the bar keeps the page's title (issue 49).
import { Button, IconButton, ListSubheader, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import AccountIcon from '@mui/icons-material/AccountCircle';
import { useState } from 'react';
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
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const who =
    identity &&
    `${identity.fullName} · ${t(`specter.roles.${identity.role as string}`)}${restaurants ? ` · ${restaurants}` : ''}`;
  if (narrow)
    return (
      <RaAppBar userMenu={false} toolbar={<></>}>
        <TitlePortal />
        <IconButton
          color="inherit"
          aria-label={t('specter.appBar.account')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountIcon />
        </IconButton>
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
          {who && (
            <ListSubheader sx={{ lineHeight: 1.5, py: 1, maxWidth: 280 }} data-testid="signed-in">
              {who}
            </ListSubheader>
          )}
          <MenuItem onClick={switchLanguage} lang={locale === 'ar' ? 'en' : 'ar'}>
            <TranslateIcon fontSize="small" sx={{ mr: 1 }} />
            {t('specter.appBar.language')}
          </MenuItem>
          <MenuItem component={Link} to={TWO_STEP_PATH} onClick={() => setAnchor(null)}>
            <PhonelinkLockIcon fontSize="small" sx={{ mr: 1 }} />
            {t('specter.appBar.twoStep')}
          </MenuItem>
          <MenuItem onClick={logout}>
            <LogoutIcon fontSize="small" sx={{ mr: 1 }} />
            {t('specter.appBar.logout')}
          </MenuItem>
        </Menu>
      </RaAppBar>
    );
  return (
    <RaAppBar userMenu={false} toolbar={<></>}>
      <TitlePortal />
      {identity && (
        // Who is signed in, their role and their restaurants (issue 26).
        <Typography variant="body2" sx={{ mx: 1, opacity: 0.9 }} data-testid="signed-in">
          {who}
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
