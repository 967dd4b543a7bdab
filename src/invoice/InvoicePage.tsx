// /user/invoice?restId=..&deviceId=.. (title 'Specter | Invoice'): spinner, then the Oops! panel or the
// receipt with its save flow (or, when the order is saved, by someone before or by this page just now, a line
// saying so instead). React only: nothing of the back-office is loaded here.
// With `initial` (the server's render and the hydration of it, src/public/invoice-render.tsx) the till's answer,
// the till and the language come from the server, so both sides draw the same first tree.
import { useEffect, useLayoutEffect, useState } from 'react';
import type { LastOrderAnswer } from '../contract/invoice';
import type { InvoicePageState } from '../contract/invoicePageRender';
import { useLanguage } from '../lib/useLanguage';
import { ApiError, loadInvoice, referenceOf, referenceText } from './api';
import { TEXTS } from './i18n';
import { Receipt, receiptLocale } from './Receipt';
import { SaveFlow } from './SaveFlow';
import './invoice.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string; reference?: string; empty?: boolean }
  | { state: 'ready'; invoice: LastOrderAnswer };

export function InvoicePage({ initial }: { initial?: InvoicePageState }) {
  const [lang, toggleLang] = useLanguage(initial?.lang);
  const t = TEXTS[lang];
  const params = initial ? null : new URLSearchParams(window.location.search);
  const restId = initial?.restId ?? params?.get('restId') ?? '';
  const deviceId = initial?.deviceId ?? params?.get('deviceId') ?? '';
  const key = initial?.key ?? params?.get('key') ?? '';
  const [load, setLoad] = useState<Load>(initial?.load ?? { state: 'loading' });
  const loaded = initial !== undefined;

  // The title before the first paint (a layout effect), not after it; in the page's language.
  useLayoutEffect(() => {
    document.title = t.pageTitle;
  }, [t]);

  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadInvoice(restId, deviceId, key)
      .then((invoice) => live && setLoad({ state: 'ready', invoice }))
      .catch(
        (err) =>
          live &&
          setLoad({
            state: 'error',
            message: err instanceof ApiError ? err.message : '',
            reference: referenceOf(err),
            empty: err instanceof ApiError && err.empty,
          }),
      );
    return () => {
      live = false;
    };
  }, [restId, deviceId, key, loaded]);

  return (
    <main className="page">
      <div className="topbar">
        <button type="button" className="lang" onClick={toggleLang} lang={lang === 'ar' ? 'en' : 'ar'}>
          {t.switchTo}
        </button>
      </div>
      {load.state === 'loading' && <div className="spinner" role="status" aria-label={t.loading} />}
      {load.state === 'error' && load.empty && (
        // An empty till is no failure: a calm note, and a way to look again once the order is paid.
        <div className="empty-panel" role="status">
          <h1>{t.emptyTitle}</h1>
          <p>{t.emptyText}</p>
          <a
            className="button-link"
            href={`?restId=${encodeURIComponent(restId)}&deviceId=${encodeURIComponent(deviceId)}`}
          >
            {t.checkAgain}
          </a>
        </div>
      )}
      {load.state === 'error' && !load.empty && (
        <div className="error-panel" role="alert">
          <h1>{t.oops}</h1>
          <p>{load.message ? `${load.message}.` : t.anError}</p>
          {load.reference && (
            <p className="reference" dir="auto">
              {referenceText(t, load.reference)}
            </p>
          )}
        </div>
      )}
      {load.state === 'ready' && (
        <Receipt invoice={load.invoice} t={t} locale={receiptLocale(lang)}>
          <SaveFlow
            order={{
              restaurantId: restId,
              casherId: deviceId,
              orderId: load.invoice.order_id,
              ...(key ? { key } : {}),
            }}
            saved={load.invoice.saved}
            restaurant={load.invoice.restaurant.name}
            t={t}
          />
        </Receipt>
      )}
      {load.state !== 'loading' && (
        <footer className="page-footer">
          <a href="/user/receipts">{t.myReceipts}</a>
        </footer>
      )}
    </main>
  );
}
