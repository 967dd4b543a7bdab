// The i18n provider: English (the texts of docs/PRODUCT.md) and Arabic (right-to-left), remembered in local storage.
// Each resource brings its own texts (resources.<name>.*, from src/resources/index.ts): the app passes them in,
// so src/admin never imports the resources.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { StringMap, TranslationMessages } from 'react-admin';
import { ar } from './ar';
import { en } from './en';

import { savedLocale } from '../../lib/locale';
import { serverSentence } from '../feedback/serverTexts';

export { isRtl } from '../../lib/locale';

/** The back-office starts in English unless Arabic was chosen (here or on a public page). */
export const storedLocale = () => savedLocale() ?? 'en';

/** Each resource's texts per language, by resource name. */
export type ResourceCatalogue = Record<string, { en: object; ar: object }>;

/** The catalogues of both languages with every resource's texts under resources.<name>. */
export function catalogues(resources: ResourceCatalogue): { en: TranslationMessages; ar: TranslationMessages } {
  const of = (lang: 'en' | 'ar'): StringMap =>
    Object.fromEntries(Object.entries(resources).map(([n, m]) => [n, m[lang] as StringMap]));
  return { en: { ...en, resources: of('en') }, ar: { ...ar, resources: of('ar') } };
}

export function createI18nProvider(resources: ResourceCatalogue) {
  const messages = catalogues(resources);
  const provider = polyglotI18nProvider(
    (locale) => (locale === 'ar' ? messages.ar : messages.en),
    storedLocale(),
    [
      { locale: 'en', name: 'English' },
      { locale: 'ar', name: 'العربية' },
    ],
    { allowMissing: true },
  );
  // A notification of a failed request carries the server's sentence as its message (react-admin's notify): a
  // sentence the back-office knows is shown in the admin's language, any other as written (issue 49).
  return {
    ...provider,
    translate: (key: string, options?: Record<string, unknown>) => {
      const known = serverSentence(key);
      return known ? provider.translate(known.key, { ...options, ...known.args }) : provider.translate(key, options);
    },
  };
}
