// /user/receipts (title 'Specter | My receipts'): sign in with a phone and a texted code, then the saved
// receipts (newest first, paged), each opening to the full receipt drawn by the invoice page's own
// components; Sign out; Delete my data. Its own chunk, loaded only on this address: the invoice page's
// first visit does not carry it. React only, like the rest of the public entry.
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { CustomerSession, SavedReceipt } from '../contract/customer';
import { ApiError } from '../invoice/api';
import { TEXTS } from '../invoice/i18n';
import { Receipt } from '../invoice/Receipt';
import { useLanguage } from '../lib/useLanguage';
import { fetchReceipt, signOut, whoAmI } from './api';
import { Consents } from './Consents';
import { DeleteData } from './DeleteData';
import { RECEIPTS_TEXTS } from './i18n';
import { ReceiptList } from './ReceiptList';
import { SignIn } from './SignIn';
import './receipts.css';

type View =
  | { kind: 'checking' }
  | { kind: 'signedOut' }
  | { kind: 'list'; session: CustomerSession }
  | { kind: 'receipt'; session: CustomerSession; receipt: SavedReceipt }
  | { kind: 'delete'; session: CustomerSession }
  | { kind: 'deleted'; message: string };

export function ReceiptsPage() {
  const [lang, toggleLang] = useLanguage();
  const t = RECEIPTS_TEXTS[lang];
  const locale = lang === 'ar' ? 'ar-SA' : 'en-US';
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');

  useLayoutEffect(() => {
    document.title = 'Specter | My receipts';
  }, []);

  useEffect(() => {
    whoAmI().then(
      (session) => setView({ kind: 'list', session }),
      () => setView({ kind: 'signedOut' }),
    );
  }, []);

  // A failed call says why in the page's language (the server answers in it); a lost session asks to sign in.
  const onError = useCallback(
    (err: unknown) => {
      const status = err instanceof ApiError ? err.status : -1;
      const message = err instanceof ApiError && err.message ? err.message : status === 0 ? t.offline : t.error;
      setNotice(message);
      if (status === 401) setView({ kind: 'signedOut' });
    },
    [t],
  );

  const act = (next: View) => {
    setNotice('');
    setView(next);
  };

  const openReceipt = (session: CustomerSession, id: number) => {
    setNotice('');
    fetchReceipt(id).then((receipt) => setView({ kind: 'receipt', session, receipt }), onError);
  };

  const doSignOut = () => {
    signOut().then(() => {
      setPage(1);
      act({ kind: 'signedOut' });
    }, onError);
  };

  const session = 'session' in view ? view.session : null;
  return (
    <main className="page receipts-page">
      <div className="topbar">
        <button type="button" className="lang" onClick={toggleLang} lang={lang === 'ar' ? 'en' : 'ar'}>
          {t.switchTo}
        </button>
      </div>
      <h1 className="page-title">{t.title}</h1>
      {session && (
        <div className="session-bar">
          <span className="muted small">
            {t.signedInAs} <span dir="ltr">{session.phone}</span>
          </span>
          <button type="button" className="ghost" onClick={doSignOut}>
            {t.signOut}
          </button>
        </div>
      )}
      {notice && (
        <p className="notice" role="alert">
          {notice}
        </p>
      )}
      {view.kind === 'checking' && <div className="spinner small-spinner" role="status" aria-label={t.loading} />}
      {view.kind === 'signedOut' && (
        <SignIn
          t={t}
          onError={onError}
          onSignedIn={(s) => {
            setPage(1);
            act({ kind: 'list', session: s });
          }}
        />
      )}
      {view.kind === 'list' && (
        <>
          <ReceiptList
            t={t}
            locale={locale}
            page={page}
            onPage={setPage}
            onOpen={(id) => openReceipt(view.session, id)}
            onError={onError}
          />
          <Consents t={t} locale={locale} onError={onError} />
          <div className="actions spread">
            <button
              type="button"
              className="danger-link"
              onClick={() => act({ kind: 'delete', session: view.session })}
            >
              {t.deleteData}
            </button>
          </div>
        </>
      )}
      {view.kind === 'receipt' && (
        <>
          <button type="button" className="ghost back" onClick={() => act({ kind: 'list', session: view.session })}>
            {t.backToList}
          </button>
          <Receipt invoice={view.receipt} t={TEXTS[lang]} locale={locale} />
        </>
      )}
      {view.kind === 'delete' && (
        <DeleteData
          t={t}
          onError={onError}
          onCancel={() => act({ kind: 'list', session: view.session })}
          onDeleted={(message) => {
            setPage(1);
            act({ kind: 'deleted', message });
          }}
        />
      )}
      {view.kind === 'deleted' && (
        <section className="card done" role="status" aria-labelledby="deleted-title">
          <h2 id="deleted-title">{t.deletedTitle}</h2>
          <p>{view.message}</p>
        </section>
      )}
    </main>
  );
}
