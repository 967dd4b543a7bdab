// Language of the public pages: the remembered choice, else the browser's; switchable. Arabic turns the page
// right-to-left. A page drawn on the server passes the language it drew in (`first`), so hydration matches; the
// remembered choice, when it differs (chosen before it was also kept in a cookie), follows right after.
import { useEffect, useState } from 'react';
import { isRtl, saveLocale, savedLocale, type Lang } from './locale';

export type { Lang } from './locale';

const initial = (): Lang => savedLocale() ?? (/^ar\b/i.test(navigator.language ?? '') ? 'ar' : 'en');

// The language the page shows now, read by the API calls (Accept-Language), so the server's messages come
// back in it; the invoice request starts before React renders, so it falls back to the initial choice.
let current: Lang | null = null;
export function currentLanguage(): Lang {
  return current ?? initial();
}

export function useLanguage(first?: Lang): [Lang, () => void] {
  const [lang, setLang] = useState<Lang>(first ?? initial);
  current = lang;
  useEffect(() => {
    const saved = first ? savedLocale() : null;
    if (saved && saved !== first) setLang(saved);
  }, [first]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  }, [lang]);
  const toggle = () =>
    setLang((l) => {
      const next = l === 'ar' ? 'en' : 'ar';
      saveLocale(next);
      return next;
    });
  return [lang, toggle];
}
