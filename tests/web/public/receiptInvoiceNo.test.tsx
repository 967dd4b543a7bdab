// 'Invoice #' on the receipt: the check number when the POS has one, else the order number (never bare).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Receipt } from '../../../src/invoice/Receipt';
import { TEXTS } from '../../../src/invoice/i18n';
import { INVOICE } from './fixtures';

describe("the receipt's 'Invoice #'", () => {
  it('shows the check number when there is one', () => {
    render(<Receipt invoice={INVOICE} t={TEXTS.en} locale="en-US" />);
    expect(screen.getByText('Invoice #42')).toBeInTheDocument();
  });

  it.each([null, ''])('falls back to the order number when the check number is %j', (check) => {
    render(<Receipt invoice={{ ...INVOICE, check_number: check }} t={TEXTS.en} locale="en-US" />);
    expect(screen.getByText('Invoice #00777')).toBeInTheDocument();
  });
});
