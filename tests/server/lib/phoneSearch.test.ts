// A phone typed in a search (server/core/phone.ts): the forms it may be stored in, and for a local form the national
// digits a trigram index is asked for (the country code is in every stored phone, so its trigrams select nothing).
import { describe, expect, it } from 'vitest';
import { nationalSearchDigits, phoneSearchForms } from '../../../server/core/phone';

describe('a phone typed in a search', () => {
  it('a local form is also searched in E.164 for the default country, or for the country it names', () => {
    expect(phoneSearchForms('0501', 'SA')).toEqual(['0501', '+966501']);
    expect(phoneSearchForms('00966501', 'SA')).toEqual(['00966501', '+966501']);
    expect(phoneSearchForms('0100', 'EG')).toEqual(['0100', '+20100']);
    expect(phoneSearchForms('501234', 'SA')).toEqual(['501234']);
  });

  it("a local form's national digits: what follows the country code; nothing for other words", () => {
    expect(nationalSearchDigits('0501', 'SA')).toBe('501');
    expect(nationalSearchDigits('00966501', 'SA')).toBe('501');
    expect(nationalSearchDigits('0020100', 'SA')).toBe('100');
    expect(nationalSearchDigits('0501234567', 'SA')).toBe('501234567');
    expect(nationalSearchDigits('501234', 'SA')).toBeUndefined();
    expect(nationalSearchDigits('+966501', 'SA')).toBeUndefined();
  });
});
