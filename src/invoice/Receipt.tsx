// The receipt of docs/PRODUCT.md, Screens: logo and name, date, 'Invoice #' + check number, the order rows, item
// lines, the payment block, 'Takeout total (incl. Tax)', Save Invoice, and the 'Powered by' footer.
import type { Invoice } from '../contract/invoice';
import { money } from '../lib/money';
import { localDate, wallTime } from '../contract/dates';
import { isSafeImageSrc } from '../lib/safeImage';
import { paymentMethodIn, type Texts } from './i18n';
import { VatBlock } from './VatBlock';

/** The locale a receipt's amounts and dates are written in (the invoice page, My receipts). */
export const receiptLocale = (lang: string) => (lang === 'ar' ? 'ar-SA' : 'en-US');

/**
 * Formats a receipt's total and date once, outside any render: a page's first Intl format loads its language's
 * data, which on a phone takes about as long as evaluating React, so the hydration entry (src/public/main.tsx) does it in
 * a task of its own (docs/PERFORMANCE.md, section 1b). The formats are kept (src/lib/money.ts, src/contract/dates.ts).
 */
export function prepareFormats(invoice: Invoice, locale: string) {
  money(invoice.total_price, invoice.currency, locale);
  localDate(invoice.order_date, locale);
}

export function Receipt({
  invoice,
  t,
  locale,
  children,
}: {
  invoice: Invoice;
  t: Texts;
  locale: string;
  children?: React.ReactNode;
}) {
  const m = (n: number) => money(n, invoice.currency, locale);
  return (
    <article className="receipt" aria-label={invoice.restaurant.name}>
      <header className="receipt-head">
        {isSafeImageSrc(invoice.restaurant.logo) && (
          <img
            className="logo"
            src={invoice.restaurant.logo}
            alt={invoice.restaurant.name}
            width={72}
            height={72}
            fetchPriority="high"
          />
        )}
        <h1>{invoice.restaurant.name}</h1>
        <p className="muted">{localDate(invoice.order_date, locale)}</p>
        {/* No check number at the POS: the order number stands in, so 'Invoice #' is never left bare. */}
        <p className="invoice-no">
          {t.invoiceNo}
          {invoice.check_number || invoice.order_number}
        </p>
      </header>
      <dl className="rows">
        <div>
          <dt>{t.orderNumber}</dt>
          <dd>{invoice.order_number}</dd>
        </div>
        <div>
          <dt>{t.restaurant}</dt>
          <dd>{invoice.restaurant.name}</dd>
        </div>
        <div>
          <dt>{t.location}</dt>
          <dd>{invoice.branch_name}</dd>
        </div>
        <div>
          <dt>{t.date}</dt>
          <dd>{localDate(invoice.order_date, locale)}</dd>
        </div>
        <div>
          <dt>{t.time}</dt>
          <dd dir="ltr">{wallTime(invoice.order_time)}</dd>
        </div>
      </dl>
      <ul className="items" aria-label={t.items}>
        {invoice.order_items.map((item, i) => (
          <li key={i}>
            <span>
              <span className="qty">{item.item_quantity} x</span> <span className="item-name">{item.item_name}</span>
            </span>
            <span>{m(item.total_price)}</span>
          </li>
        ))}
      </ul>
      <dl className="rows payment">
        <div>
          <dt>{t.method}</dt>
          <dd>{paymentMethodIn(locale, invoice.payment_method)}</dd>
        </div>
        <div>
          <dt>{t.subTotal}</dt>
          <dd>{m(invoice.sub_total_price)}</dd>
        </div>
        <div>
          <dt>{t.discount}</dt>
          <dd>{m(invoice.discount_amount)}</dd>
        </div>
        <div className="total">
          <dt>{t.total}</dt>
          <dd>{m(invoice.total_price)}</dd>
        </div>
      </dl>
      <p className="takeout">
        <span>{t.takeout}</span>
        <strong data-testid="takeout-total">{m(invoice.total_price)}</strong>
      </p>
      <VatBlock vat={invoice.vat} money={m} t={t} />
      {children}
      <footer className="powered">
        {t.poweredBy} <strong>Specter</strong>
      </footer>
    </article>
  );
}
