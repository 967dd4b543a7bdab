// /user/invoice?restId=..&deviceId=.. (title 'Specter | Invoice'): spinner, then the Oops! panel or the
// receipt with its save flow. React only: nothing of the back-office is loaded here.
import { useEffect, useLayoutEffect, useState } from 'react';
import type { Invoice } from '../contract/invoice';
import { useLanguage } from '../public/language';
import { ApiError, loadInvoice } from './api';
import { TEXTS } from './i18n';
import { Receipt } from './Receipt';
import { SaveFlow } from './SaveFlow';
import './invoice.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; invoice: Invoice };

export function InvoicePage() {
  const [lang, toggleLang] = useLanguage();
  const t = TEXTS[lang];
  const params = new URLSearchParams(window.location.search);
  const restId = params.get('restId') ?? '';
  const deviceId = params.get('deviceId') ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  // The title before the first paint (a layout effect), not after it.
  useLayoutEffect(() => {
    document.title = 'Specter | Invoice';
  }, []);

  useEffect(() => {
    let live = true;
    loadInvoice(restId, deviceId)
      .then((invoice) => live && setLoad({ state: 'ready', invoice }))
      .catch((err) => live && setLoad({ state: 'error', message: err instanceof ApiError ? err.message : '' }));
    return () => {
      live = false;
    };
  }, [restId, deviceId]);

  return (
    <main className="page">
      <div className="topbar">
        <button type="button" className="lang" onClick={toggleLang} lang={lang === 'ar' ? 'en' : 'ar'}>{t.switchTo}</button>
      </div>
      {load.state === 'loading' && <div className="spinner" role="status" aria-label={t.loading} />}
      {load.state === 'error' && (
        <div className="error-panel" role="alert">
          <h1>{t.oops}</h1>
          <p>{load.message ? `${load.message}.` : t.anError}</p>
        </div>
      )}
      {load.state === 'ready' && (
        <Receipt invoice={load.invoice} t={t} locale={lang === 'ar' ? 'ar-SA' : 'en-US'}>
          <SaveFlow restId={restId} deviceId={deviceId} t={t} />
        </Receipt>
      )}
    </main>
  );
}
