// "1 saved receipts" no more: counts in the customer's messages agree with their number in both languages.
import { describe, expect, it } from 'vitest';
import { savedReceiptsInWords, say } from '../../../server/i18n';

describe('saved receipts in words (Intl.PluralRules)', () => {
  it('English: one receipt, otherwise receipts', () => {
    expect([0, 1, 2, 12].map((n) => savedReceiptsInWords('en', n))).toEqual([
      '0 saved receipts',
      '1 saved receipt',
      '2 saved receipts',
      '12 saved receipts',
    ]);
  });

  it('Arabic: the dual, 3-10 and 11 and more each take their own form', () => {
    expect([1, 2, 3, 10, 11, 100].map((n) => savedReceiptsInWords('ar', n))).toEqual([
      'فاتورة محفوظة واحدة',
      'فاتورتان محفوظتان',
      '3 فواتير محفوظة',
      '10 فواتير محفوظة',
      '11 فاتورة محفوظة',
      '100 فاتورة محفوظة',
    ]);
  });

  it('in the Delete my data answer', () => {
    expect(say('en', 'dataDeleted', { receipts: savedReceiptsInWords('en', 1) })).toBe(
      'Your data has been deleted: your account and 1 saved receipt',
    );
    expect(say('ar', 'dataDeleted', { receipts: savedReceiptsInWords('ar', 2) })).toBe(
      'تم حذف بياناتك: حسابك وفاتورتان محفوظتان',
    );
  });
});
