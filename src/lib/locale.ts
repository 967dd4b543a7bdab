// The language a visitor chose, remembered in local storage under one key for the back-office and the
// public pages alike, so a switch on one is kept on the other.
import { LOCALE_COOKIE } from '../contract/invoicePageRender';

export type Lang = 'en' | 'ar';

export const LOCALE_KEY = LOCALE_COOKIE;

/** The remembered language, or null when none was chosen (or storage is blocked). */
export function savedLocale(): Lang | null {
  try {
    const saved = localStorage.getItem(LOCALE_KEY);
    return saved === 'ar' || saved === 'en' ? saved : null;
  } catch {
    return null;
  }
}

export function saveLocale(lang: Lang): void {
  try {
    localStorage.setItem(LOCALE_KEY, lang);
  } catch {
    /* storage may be blocked: the choice lasts for this page only */
  }
  // Also a cookie, so the server draws the invoice page in the chosen language (server/plugins/invoicePage.ts).
  try {
    document.cookie = `${LOCALE_KEY}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    /* cookies may be blocked: the server falls back to Accept-Language */
  }
}

export const isRtl = (locale: string) => locale === 'ar';
