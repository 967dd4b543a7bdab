// The i18n provider: English (the texts of docs/PRODUCT.md) and Arabic (right-to-left), remembered in local storage.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ar } from './ar';
import { en } from './en';

import { savedLocale } from '../../lib/locale';

export { isRtl } from '../../lib/locale';

/** The back-office starts in English unless Arabic was chosen (here or on a public page). */
export const storedLocale = () => savedLocale() ?? 'en';

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'ar' ? ar : en),
  storedLocale(),
  [
    { locale: 'en', name: 'English' },
    { locale: 'ar', name: 'العربية' },
  ],
  { allowMissing: true },
);
