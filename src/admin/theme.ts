import { defaultTheme, type RaThemeOptions } from 'react-admin';

const base: RaThemeOptions = {
  ...defaultTheme,
  // Texts are a contract (docs/PRODUCT.md): show them as written, not upper-cased.
  components: {
    ...defaultTheme.components,
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // On a phone no page may scroll sideways: react-admin's layout is at least as wide as its content
    // ('fit-content'), so wide tables used to stretch the whole page past the screen and push Language and
    // Logout off it. The layout keeps the screen's width and tables scroll inside themselves.
    RaLayout: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaLayout-content': { minWidth: 0 },
          '& .RaLayout-contentWithSidebar': { minWidth: 0 },
        },
      },
    },
    RaList: {
      styleOverrides: {
        root: { minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0 } },
      },
    },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    // react-admin's "Skip to content" shows white text on a white page when it slides in on focus:
    // give it the primary colours so a keyboard user can read it.
    RaSkipNavigationButton: {
      styleOverrides: {
        root: {
          backgroundColor: '#1f3a5f',
          color: '#ffffff',
          outline: '3px solid #c8a24a',
          '&:hover': { backgroundColor: '#1f3a5f', opacity: 0.9 },
        },
      },
    },
  },
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1f3a5f' },
    secondary: { main: '#c8a24a' },
    // A darker amber than MUI's (#ed6c02 under white text is 3.1:1): the connection badges' "No orders read in
    // 24 h" and every warning reach WCAG AA's 4.5:1 (issue 49, axe-core in tests/e2e/journeys/firstWeek.e2e.ts).
    warning: { main: '#b45309', light: '#d97706', dark: '#92400e', contrastText: '#ffffff' },
  },
};

export const themes = {
  ltr: { ...base, direction: 'ltr' } as RaThemeOptions,
  rtl: { ...base, direction: 'rtl' } as RaThemeOptions,
};
