// The receipt's VAT lines: VAT by rate, the VAT number and the e-invoice QR as an image of the server's SVG
// (no script of its own); nothing when the POS reported no tax and no number is known; Arabic texts.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Receipt } from '../../../src/invoice/Receipt';
import { TEXTS } from '../../../src/invoice/i18n';
import { INVOICE } from './fixtures';
import { money } from '../../../src/lib/money';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25"><path stroke="#000000" d="M2 2.5h7"/></svg>';

describe('VAT on the receipt', () => {
  it("VAT per rate, the VAT number and the QR image made from the server's SVG", () => {
    render(
      <Receipt
        t={TEXTS.en}
        locale="en"
        invoice={{
          ...INVOICE,
          vat: {
            amount: 9.75,
            by_rate: [
              { rate: 15, amount: 9 },
              { rate: 5, amount: 0.75 },
            ],
            number: '310122393500003',
            qr_svg: SVG,
          },
        }}
      />,
    );
    const vat = screen.getByRole('region', { name: 'VAT' });
    expect(within(vat).getByText('VAT 15%')).toBeInTheDocument();
    expect(within(vat).getByText('VAT 5%')).toBeInTheDocument();
    expect(
      within(vat)
        .getAllByTestId('vat-amount')
        .map((e) => e.textContent),
    ).toEqual([money(9, 'SAR', 'en'), money(0.75, 'SAR', 'en')]);
    expect(within(vat).getByTestId('vat-number')).toHaveTextContent('310122393500003');
    const qr = within(vat).getByRole('img', { name: 'E-invoice QR code' }) as HTMLImageElement;
    expect(qr.src).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
  });

  it('no VAT block when the POS reported no tax and no number is known; the amount alone without a number', () => {
    const { unmount } = render(
      <Receipt
        t={TEXTS.en}
        locale="en"
        invoice={{ ...INVOICE, vat: { amount: 0, by_rate: [], number: null, qr_svg: null } }}
      />,
    );
    expect(screen.queryByRole('region', { name: 'VAT' })).toBeNull();
    unmount();
    render(
      <Receipt
        t={TEXTS.en}
        locale="en"
        invoice={{ ...INVOICE, vat: { amount: 9, by_rate: [{ rate: 15, amount: 9 }], number: null, qr_svg: null } }}
      />,
    );
    expect(screen.getByText('VAT 15%')).toBeInTheDocument();
    expect(screen.queryByTestId('vat-number')).toBeNull();
    expect(screen.queryByRole('img', { name: 'E-invoice QR code' })).toBeNull();
  });

  it('a receipt from a server without VAT (no vat field) renders as before', () => {
    render(<Receipt t={TEXTS.en} locale="en" invoice={INVOICE} />);
    expect(screen.queryByRole('region', { name: 'VAT' })).toBeNull();
    expect(screen.getByTestId('takeout-total').textContent).toBe(money(74.75, 'SAR', 'en'));
  });

  it('Arabic: the VAT lines and the QR in Arabic', () => {
    render(
      <Receipt
        t={TEXTS.ar}
        locale="ar"
        invoice={{
          ...INVOICE,
          vat: { amount: 9, by_rate: [{ rate: 15, amount: 9 }], number: '310122393500003', qr_svg: SVG },
        }}
      />,
    );
    expect(screen.getByText('ضريبة القيمة المضافة 15%')).toBeInTheDocument();
    expect(screen.getByText('الرقم الضريبي')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'رمز الفاتورة الإلكترونية' })).toBeInTheDocument();
  });

  it("phase 2 without the POS's signed QR: no QR image and the sentence about the till's tax invoice, in both languages", () => {
    for (const lang of ['en', 'ar'] as const) {
      const { unmount } = render(
        <Receipt
          t={TEXTS[lang]}
          locale={lang}
          invoice={{
            ...INVOICE,
            vat: {
              amount: 9,
              by_rate: [{ rate: 15, amount: 9 }],
              number: '310122393500003',
              qr_svg: null,
              qr_kind: null,
              zatca_phase: 2,
            },
          }}
        />,
      );
      const vat = screen.getByRole('region', { name: TEXTS[lang].vat });
      expect(within(vat).queryByRole('img')).toBeNull();
      expect(within(vat).getByTestId('till-invoice')).toHaveTextContent(TEXTS[lang].tillInvoice);
      unmount();
    }
    expect(TEXTS.en.tillInvoice).toBe('The tax invoice with its e-invoice QR code is the one printed at the till.');
    // The POS's own QR in phase 2: the image, and no sentence.
    render(
      <Receipt
        t={TEXTS.en}
        locale="en"
        invoice={{
          ...INVOICE,
          vat: { amount: 9, by_rate: [], number: '310122393500003', qr_svg: SVG, qr_kind: 'pos', zatca_phase: 2 },
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'E-invoice QR code' })).toBeInTheDocument();
    expect(screen.queryByTestId('till-invoice')).toBeNull();
  });
});
