// Phone numbers: parsed to E.164 with libphonenumber-js (full metadata), mobile numbers of the allowed
// countries only (docs/SECURITY.md). Masking for logs keeps the last 3 digits.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export function normalizePhone(raw: string, defaultCountry: string, allowed: string[]): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry as CountryCode);
  if (!parsed || !parsed.isValid()) return null;
  if (allowed.length && (!parsed.country || !allowed.includes(parsed.country))) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

export const maskPhone = (phone: string) => `${'•'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`;
