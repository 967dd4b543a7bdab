// Phone numbers: parsed to E.164 with libphonenumber-js (full metadata), mobile numbers of the allowed
// countries only (docs/SECURITY.md). Masking for logs keeps the last 3 digits.
import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export function normalizePhone(raw: string, defaultCountry: string, allowed: string[]): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry as CountryCode);
  if (!parsed || !parsed.isValid()) return null;
  if (allowed.length && (!parsed.country || !allowed.includes(parsed.country))) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

export const maskPhone = (phone: string) => `${'•'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`;

/**
 * How a part of a phone typed in a search may be stored (E.164, as normalizePhone writes it): as typed, and - for a
 * local form (a national prefix such as 0551234567 or 0551, or the international 00966...) - the same digits in
 * E.164 for the default country ("+966551234567", "+966551"). Digits typed without a prefix (551234567) are
 * already part of the stored phone.
 */
export function phoneSearchForms(word: string, defaultCountry: string): string[] {
  if (!/^0\d+$/.test(word)) return [word];
  const typed = new AsYouType(defaultCountry as CountryCode);
  typed.input(word);
  const e164 = typed.getNumber()?.number;
  return e164 && e164 !== word ? [word, e164] : [word];
}
