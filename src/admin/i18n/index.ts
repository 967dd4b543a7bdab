// The i18n provider: English (SPEC.md's texts) and Arabic (right-to-left), remembered in local storage.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ar } from './ar';
import { en } from './en';

export const LOCALE_KEY = 'specter.locale';

export const storedLocale = (): 'en' | 'ar' => {
  try {
    return localStorage.getItem(LOCALE_KEY) === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
};

export const isRtl = (locale: string) => locale === 'ar';

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'ar' ? ar : en),
  storedLocale(),
  [
    { locale: 'en', name: 'English' },
    { locale: 'ar', name: 'العربية' },
  ],
  { allowMissing: true },
);
