// Language of the public pages: the browser's first, switchable, remembered; Arabic turns the page right-to-left.
import { useEffect, useState } from 'react';

export type Lang = 'en' | 'ar';
const KEY = 'specter.locale';

function initial(): Lang {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'ar' || saved === 'en') return saved;
  } catch {
    /* storage may be blocked */
  }
  return /^ar\b/i.test(navigator.language ?? '') ? 'ar' : 'en';
}

export function useLanguage(): [Lang, () => void] {
  const [lang, setLang] = useState<Lang>(initial);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  }, [lang]);
  const toggle = () =>
    setLang((l) => {
      const next = l === 'ar' ? 'en' : 'ar';
      try {
        localStorage.setItem(KEY, next);
      } catch {
        /* ignore */
      }
      return next;
    });
  return [lang, toggle];
}
