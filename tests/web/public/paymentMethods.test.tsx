// The receipt's payment method in the customer's language: the POS names Cash, Card, Mada... in English.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../src/invoice/i18n';
import { Receipt } from '../../../src/invoice/Receipt';
import { INVOICE } from './fixtures';

const methodShown = () => screen.getByText(TEXTS.ar.method).nextElementSibling?.textContent;

describe('payment methods', () => {
  it('Arabic: each known method of a split payment is translated, an unknown one kept as the POS wrote it', () => {
    render(<Receipt invoice={{ ...INVOICE, payment_method: 'Cash, Mada, Tamara' }} t={TEXTS.ar} locale="ar-SA" />);
    expect(methodShown()).toBe('نقدًا، مدى، Tamara');
  });

  it('English: as the POS wrote it', () => {
    render(<Receipt invoice={{ ...INVOICE, payment_method: 'Cash, Card' }} t={TEXTS.en} locale="en-US" />);
    expect(screen.getByText(TEXTS.en.method).nextElementSibling?.textContent).toBe('Cash, Card');
  });
});
