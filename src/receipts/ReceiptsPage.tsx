// /user/receipts (title 'Specter | My receipts'): sign in with a phone and a texted code, then the saved
// receipts (newest first, paged), each opening to the full receipt drawn by the invoice page's own
// components; Sign out; Delete my data. Its own chunk, loaded only on this address: the invoice page's
// first visit does not carry it. React only, like the rest of the public entry.
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { CustomerSession, SavedReceipt } from '../contract/customer';
import type { LoyaltyCard } from '../contract/loyalty';
import { ApiError } from '../invoice/api';
import { TEXTS } from '../invoice/i18n';
import { PrintButtons } from '../invoice/PrintButtons';
import { Receipt, receiptLocale } from '../invoice/Receipt';
import { useLanguage } from '../lib/useLanguage';
import { fetchLoyalty, fetchReceipt, signOut, whoAmI } from './api';
import { Consents } from './Consents';
import { DeleteData } from './DeleteData';
import { LoyaltyCards } from './LoyaltyCards';
import { RECEIPTS_TEXTS } from './i18n';
import { ReceiptList } from './ReceiptList';
import { ShareButtons } from './ShareButtons';
import { SignIn } from './SignIn';
import './receipts.css';

/** Where "Home" leads after Delete my data: the receipt page the customer came from, else My receipts' start. */
function homeAddress(): string {
  try {
    const from = new URL(document.referrer);
    if (from.origin === window.location.origin && from.pathname === '/user/invoice') return from.pathname + from.search;
  } catch {
    // no referrer
  }
  return '/user/receipts';
}

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
  const locale = receiptLocale(lang);
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  /** The customer's rewards cards (issue 47), read with the list. */
  const [cards, setCards] = useState<LoyaltyCard[]>([]);

  useLayoutEffect(() => {
    document.title = TEXTS[lang].receiptsTitle;
  }, [lang]);

  // A receipt has its own address (/user/receipts/{id}): a reload opens it again and the phone's Back returns to
  // the list.
  const idInPath = () => Number(/^\/user\/receipts\/(\d+)\/?$/.exec(window.location.pathname)?.[1] ?? 0);

  useEffect(() => {
    whoAmI().then(
      (session) => {
        const id = idInPath();
        if (id) openReceipt(session, id, false);
        else setView({ kind: 'list', session });
      },
      () => setView({ kind: 'signedOut' }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
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

  const openReceipt = (session: CustomerSession, id: number, push = true) => {
    setNotice('');
    fetchReceipt(id).then((receipt) => {
      if (push) window.history.pushState({ receipt: id }, '', `/user/receipts/${id}`);
      setView({ kind: 'receipt', session, receipt });
    }, onError);
  };

  const session0 = 'session' in view ? view.session : null;
  useEffect(() => {
    if (!session0) return;
    const onPop = () => {
      const id = idInPath();
      if (id) openReceipt(session0, id, false);
      else act({ kind: 'list', session: session0 });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session0]);

  const backToList = (session: CustomerSession) => {
    if (window.history.state?.receipt) window.history.back();
    else {
      window.history.replaceState(null, '', '/user/receipts');
      act({ kind: 'list', session });
    }
  };

  const doSignOut = () => {
    signOut().then(() => {
      setPage(1);
      act({ kind: 'signedOut' });
    }, onError);
  };

  const listing = view.kind === 'list';
  useEffect(() => {
    if (!listing) return;
    let live = true;
    fetchLoyalty().then(
      (d) => live && setCards(d.programs),
      () => live && setCards([]),
    );
    return () => {
      live = false;
    };
  }, [listing, lang]);
  const points = useMemo(() => new Map(cards.map((c) => [c.restaurant_id, c.balance])), [cards]);

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
          <LoyaltyCards cards={cards} t={t} locale={locale} />
          <ReceiptList
            t={t}
            locale={locale}
            page={page}
            onPage={setPage}
            onOpen={(id) => openReceipt(view.session, id)}
            onError={onError}
          />
          <Consents
            t={t}
            locale={locale}
            onError={onError}
            points={points}
            onWithdrawn={(id) => setCards((list) => list.filter((c) => c.restaurant_id !== id))}
          />
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
          <button type="button" className="ghost back" onClick={() => backToList(view.session)}>
            {t.backToList}
          </button>
          <Receipt invoice={view.receipt} t={TEXTS[lang]} locale={locale}>
            <PrintButtons t={TEXTS[lang]} />
            <ShareButtons key={view.receipt.id} receipt={view.receipt} t={t} locale={locale} onError={onError} />
          </Receipt>
        </>
      )}
      {view.kind === 'delete' && (
        <DeleteData
          t={t}
          withoutCode={
            !!view.session.deleteWithoutCodeUntil && Date.parse(view.session.deleteWithoutCodeUntil) > Date.now()
          }
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
          <p>
            <a href={homeAddress()}>{t.home}</a>
          </p>
        </section>
      )}
    </main>
  );
}
