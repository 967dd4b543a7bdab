// The restaurants this phone let know it as a guest (issue 34: "Let {restaurant} know me as a guest"), each with
// Withdraw: the restaurant's guestbook loses the guest at once. Nothing is shown when there are none.
import { localDate } from '../contract/dates';
import { useEffect, useState } from 'react';
import type { Consent } from '../contract/guests';
import { fetchConsents, withdrawConsent } from './api';
import type { ReceiptsTexts } from './i18n';

export function Consents({ t, locale, onError }: { t: ReceiptsTexts; locale: string; onError(err: unknown): void }) {
  const [consents, setConsents] = useState<Consent[] | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    fetchConsents().then(
      (d) => live && setConsents(d.consents),
      (err) => live && onError(err),
    );
    return () => {
      live = false;
    };
  }, [onError]);

  const withdraw = (restaurantId: number) => {
    setBusy(restaurantId);
    withdrawConsent(restaurantId).then(
      (answer) => {
        setBusy(null);
        setDone(answer.message);
        setConsents((list) => (list ?? []).filter((c) => c.restaurant_id !== restaurantId));
      },
      (err) => {
        setBusy(null);
        onError(err);
      },
    );
  };

  if (!consents || (!consents.length && !done)) return null;
  const day = (iso: string) => localDate(iso, locale);
  return (
    <section className="card consents" aria-labelledby="consents-title">
      <h2 id="consents-title">{t.consentsTitle}</h2>
      <p className="muted small">{t.consentsExplain}</p>
      {done && (
        <p className="saved-note" role="status">
          {done}
        </p>
      )}
      <ul>
        {consents.map((c) => (
          <li key={c.restaurant_id}>
            <span>
              <strong>{c.restaurant.name}</strong>
              <span className="muted small"> · {t.consentSince.replace('{date}', day(c.consented_at))}</span>
            </span>
            <button
              type="button"
              className="ghost"
              disabled={busy === c.restaurant_id}
              aria-label={`${t.withdraw}: ${c.restaurant.name}`}
              onClick={() => withdraw(c.restaurant_id)}
            >
              {t.withdraw}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
