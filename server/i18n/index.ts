// The customer's language on the server: the public calls read Accept-Language and answer their messages
// from one catalogue per language (en.ts, ar.ts). Handlers and the services behind them keep throwing their
// English sentence; the error handler finds its key here and answers it in the customer's language, with the
// wait of a limit (Retry-After) said in words (docs/CUSTOMER.md).
import { ar } from './ar';
import { en, type MessageKey } from './en';

export type Lang = 'en' | 'ar';
export type { MessageKey };
export const CATALOGUES: Record<Lang, Record<MessageKey, string>> = { en, ar };

/** The customer's language from an Accept-Language header: the best-weighted of Arabic and English, English
 * when neither is named. `ar-SA`, `ar-EG` and `ar` all read as Arabic. */
export function pickLanguage(header: string | undefined): Lang {
  let best: { lang: Lang; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'ar' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
}

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** One catalogue message in a language, its {placeholders} filled. */
export function say(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return fill(CATALOGUES[lang][key], params);
}

/** A wait in words: seconds under 90 s, minutes under 90 min, hours beyond (rounded up, never "0"). */
export function waitInWords(lang: Lang, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [value, unit] =
    s < 90 ? [s, 'second'] : s < 90 * 60 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return unitFormat(lang, unit).format(value);
}

/** One formatter per language and unit: making one costs far more than using it, and every 429 says its wait
 * (a flood of refused calls was spending a third of its CPU making them: docs/PERFORMANCE.md). */
const unitFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(lang: Lang, unit: string): Intl.NumberFormat {
  const key = `${lang}:${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    // Latin digits in Arabic too, as everywhere else in the product's Arabic.
    const locale = lang === 'ar' ? 'ar-u-nu-latn' : 'en';
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
    unitFormats.set(key, format);
  }
  return format;
}

/** How many saved receipts, in words that agree with the number (Intl.PluralRules: Arabic has six forms). */
const SAVED_RECEIPTS: Record<Lang, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  en: { one: '1 saved receipt', other: '{n} saved receipts' },
  ar: {
    zero: '{n} من الفواتير المحفوظة',
    one: 'فاتورة محفوظة واحدة',
    two: 'فاتورتان محفوظتان',
    few: '{n} فواتير محفوظة',
    many: '{n} فاتورة محفوظة',
    other: '{n} فاتورة محفوظة',
  },
};

export function savedReceiptsInWords(lang: Lang, n: number): string {
  const forms = SAVED_RECEIPTS[lang];
  const form = forms[new Intl.PluralRules(lang).select(n)] ?? forms.other;
  return fill(form, { n });
}

// Sentences thrown by code that a customer must read differently (developer wording, a field's name).
const ALIASES: Record<string, MessageKey> = {
  'phone: Enter a valid mobile number': 'invalidPhone',
  'restaurantId and casherId are required with orderId': 'badReceiptLink',
  'body: is not valid JSON': 'badInput',
  'The request holds a character that cannot be stored': 'badInput',
};

// The English catalogue as patterns, so a thrown sentence with a value in it ({type}) finds its key too.
const PATTERNS = (Object.keys(en) as MessageKey[]).map((key) => {
  const names: string[] = [];
  const source = en[key].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  return { key, names, re: new RegExp(`^${source}$`) };
});

/** The key and values of an English sentence a handler threw, or null when the catalogue lacks it. */
export function keyOf(english: string): { key: MessageKey; params: Record<string, string> } | null {
  const alias = ALIASES[english];
  if (alias) return { key: alias, params: {} };
  for (const p of PATTERNS) {
    const m = p.re.exec(english);
    if (m) return { key: p.key, params: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

/** An English message in the customer's language (unchanged when not catalogued), with a limit's wait. */
export function localise(english: string, lang: Lang, retryAfterSeconds?: number): string {
  const found = keyOf(english);
  const known = retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds);
  // A message that says its wait itself ("... try again in {wait}") gets it in the customer's language.
  if (found && known && 'wait' in found.params)
    return say(lang, found.key, { ...found.params, wait: waitInWords(lang, retryAfterSeconds) });
  const text = found ? say(lang, found.key, found.params) : english;
  if (!known) return text;
  return say(lang, 'retryIn', { message: text, wait: waitInWords(lang, retryAfterSeconds) });
}

/** The plain sentence for a public call's input that failed its schema, by the field at fault. */
export function fieldMessageKey(field: string): MessageKey {
  const top = field.split('.')[0];
  if (top === 'phone') return 'invalidPhone';
  if (top === 'otp') return 'enterCode';
  if (top === 'restaurantId' || top === 'casherId' || top === 'orderId' || top === 'restId' || top === 'deviceId')
    return 'badReceiptLink';
  return 'badInput';
}
