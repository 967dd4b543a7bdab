// The saved receipts, newest first, a page at a time; each opens to the full receipt.
import { localDate, wallDateTime } from '../contract/dates';
import { useEffect, useState } from 'react';
import type { ReceiptPage } from '../contract/customer';
import { money } from '../lib/money';
import { fetchReceipts } from './api';
import type { ReceiptsTexts } from './i18n';

export const PER_PAGE = 10;

interface Props {
  t: ReceiptsTexts;
  locale: string;
  page: number;
  onPage(page: number): void;
  onOpen(id: number): void;
  onError(err: unknown): void;
}

export function ReceiptList({ t, locale, page, onPage, onOpen, onError }: Props) {
  const [data, setData] = useState<ReceiptPage | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    fetchReceipts(page, PER_PAGE).then(
      (d) => live && setData(d),
      (err) => live && onError(err),
    );
    return () => {
      live = false;
    };
  }, [page, onError]);

  if (!data) return <div className="spinner small-spinner" role="status" aria-label={t.loading} />;
  if (data.total === 0) return <p className="card muted">{t.empty}</p>;
  const pages = Math.max(1, Math.ceil(data.total / data.perPage));
  return (
    <section aria-label={t.title}>
      <ul className="receipt-list">
        {data.receipts.map((r) => (
          <li key={r.id}>
            <button type="button" className="receipt-row" onClick={() => onOpen(r.id)}>
              {/* The row's name is what it shows, said first as opening a receipt (WCAG's label in name). */}
              <span className="visually-hidden">{t.open}: </span>
              <span className="receipt-row-main">
                <strong>{r.restaurant.name}</strong>
                <span className="muted small">
                  {r.branch_name} · <span>{wallDateTime(r.order_date, r.order_time, locale)}</span>
                </span>
              </span>
              <span className="receipt-row-total">{money(r.total_price, r.currency, locale)}</span>
            </button>
            {r.share_expires_at && (
              <span className="muted small shared-mark" data-testid="shared-mark">
                {t.sharedUntil.replace('{date}', localDate(r.share_expires_at, locale))}
              </span>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="pager" aria-label={t.pageOf.replace('{page}', String(page)).replace('{pages}', String(pages))}>
          <button type="button" className="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t.previous}
          </button>
          <span>{t.pageOf.replace('{page}', String(page)).replace('{pages}', String(pages))}</span>
          <button type="button" className="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t.next}
          </button>
        </nav>
      )}
    </section>
  );
}
