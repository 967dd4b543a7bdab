// The layout of the signed-in pages; it also keeps the page's direction in step with the language.
import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useLocaleState } from 'react-admin';
import { NoticeDialogProvider } from '../dialogs/NoticeDialog';
import { isRtl } from '../i18n';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { usePageTitle } from './pageTitle';
import { useTwoStepGate } from '../account/TwoStepPage';

export function useDocumentDirection() {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }, [locale]);
}

export function Layout({ children }: { children: ReactNode }) {
  useDocumentDirection();
  usePageTitle();
  useTwoStepGate();
  return (
    <NoticeDialogProvider>
      <RaLayout appBar={AppBar} menu={Menu}>
        {children}
      </RaLayout>
    </NoticeDialogProvider>
  );
}
