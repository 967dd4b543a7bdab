import { defaultTheme, type RaThemeOptions } from 'react-admin';

const base: RaThemeOptions = {
  ...defaultTheme,
  // Texts are a contract (SPEC.md): show them as written, not upper-cased.
  components: { ...defaultTheme.components, MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  palette: { ...defaultTheme.palette, primary: { main: '#1f3a5f' }, secondary: { main: '#c8a24a' } },
};

export const themes = {
  ltr: { ...base, direction: 'ltr' } as RaThemeOptions,
  rtl: { ...base, direction: 'rtl' } as RaThemeOptions,
};
