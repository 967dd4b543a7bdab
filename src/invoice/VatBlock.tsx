// The VAT lines of a simplified tax invoice: VAT by rate, the seller's VAT number and the e-invoice QR.
// The QR comes drawn by the server as SVG and is shown as an image (a data: URL), so this page loads no
// QR code library and an image cannot run anything.
import type { Invoice } from '../contract/invoice';
import type { Texts } from './i18n';

export function VatBlock({ vat, money, t }: { vat: Invoice['vat']; money(n: number): string; t: Texts }) {
  // A phase-2 seller's receipt without the POS's own signed QR: the legal document is the till's (issue 33).
  const tillNote = vat?.zatca_phase === 2 && !vat.qr_svg;
  if (!vat || (!vat.by_rate.length && !vat.number && !tillNote)) return null;
  return (
    <section className="vat" aria-label={t.vat}>
      <dl className="rows">
        {vat.by_rate.map((r) => (
          <div key={r.rate}>
            <dt>
              {t.vat} {r.rate}%
            </dt>
            <dd data-testid="vat-amount">{money(r.amount)}</dd>
          </div>
        ))}
        {vat.number && (
          <div>
            <dt>{t.vatNumber}</dt>
            <dd>
              <bdi dir="ltr" data-testid="vat-number">
                {vat.number}
              </bdi>
            </dd>
          </div>
        )}
      </dl>
      {vat.qr_svg && (
        <img
          className="e-invoice-qr"
          data-testid="e-invoice-qr"
          alt={t.eInvoiceQr}
          width={148}
          height={148}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(vat.qr_svg)}`}
        />
      )}
      {tillNote && (
        <p className="till-invoice muted small" data-testid="till-invoice">
          {t.tillInvoice}
        </p>
      )}
    </section>
  );
}
