import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { isRtl, storedLocale } from './i18n';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  direction: isRtl(storedLocale()) ? 'rtl' : 'ltr',
  // Texts are a contract (SPEC.md): show them as written, not upper-cased.
  components: { ...defaultTheme.components, MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  palette: { ...defaultTheme.palette, primary: { main: '#1f3a5f' }, secondary: { main: '#c8a24a' } },
};
