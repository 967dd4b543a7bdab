// Phone numbers: parsed to E.164 with libphonenumber-js (full metadata), mobile numbers of the allowed
// countries only (docs/SECURITY.md). Masking for logs keeps the last 3 digits.
import { AsYouType, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

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

/**
 * The national digits of a local form typed in a search ("0501" -> "501", "00966501" -> "501"), undefined for any
 * other word: the part of its E.164 form after the country code, which every stored phone of the country shares - a
 * trigram index asked for "+966501" reads the postings of "966" and "665", i.e. of every phone (docs/PERFORMANCE.md,
 * Members search), where "501" reads those of the phones that hold it.
 */
export function nationalSearchDigits(word: string, defaultCountry: string): string | undefined {
  if (!/^0\d+$/.test(word)) return undefined;
  const typed = new AsYouType(defaultCountry as CountryCode);
  typed.input(word);
  return typed.getNumber()?.nationalNumber || undefined;
}

/**
 * A phone as Foodics' loyalty adapter sends it (docs/POS.md, "The loyalty adapter"): `customer_mobile_number` the
 * national number with or without its leading 0 (or, tolerated, with the country code in front), and
 * `mobile_country_code` as 966, "966", "+966", "00966" or the country "SA". E.164, or null when it is no valid
 * number of that country.
 */
export function phoneFromAdapter(number: string | number, countryCode: string | number): string | null {
  const cc = String(countryCode).trim().toUpperCase();
  let calling: string;
  if (/^[A-Z]{2}$/.test(cc)) {
    try {
      calling = getCountryCallingCode(cc as CountryCode);
    } catch {
      return null;
    }
  } else {
    const digits = cc.replace(/^\+|^00/, '');
    if (!/^\d{1,4}$/.test(digits)) return null;
    calling = digits;
  }
  const national = String(number).replace(/[\s\-().]/g, '');
  if (!/^\+?\d{4,17}$/.test(national)) return null;
  const tries = national.startsWith('+')
    ? [national]
    : [`+${calling}${national.replace(/^0+/, '')}`, ...(national.startsWith(calling) ? [`+${national}`] : [])];
  for (const candidate of tries) {
    const parsed = parsePhoneNumberFromString(candidate);
    if (parsed?.isValid() && parsed.countryCallingCode === calling) return parsed.number;
  }
  return null;
}

/** What the member's QR holds for a phone (E.164): its national number and its country's calling code. */
export function adapterPhoneOf(e164: string): { number: string; countryCode: number } | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  return { number: String(parsed.nationalNumber), countryCode: Number(parsed.countryCallingCode) };
}
