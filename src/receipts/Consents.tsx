// The restaurants this phone said yes to (issue 34; issue 47: "Join {restaurant}'s rewards: it will know your visits
// and spend"), each with Withdraw: the restaurant's guestbook loses the guest at once and the membership of its rewards
// ends - the points are lost, which the customer is told before confirming. Nothing is shown when there are none.
import { localDate } from '../contract/dates';
import { useEffect, useState } from 'react';
import type { Consent } from '../contract/guests';
import { fetchConsents, withdrawConsent } from './api';
import type { ReceiptsTexts } from './i18n';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

export function Consents({
  t,
  locale,
  onError,
  points,
  onWithdrawn,
}: {
  t: ReceiptsTexts;
  locale: string;
  onError(err: unknown): void;
  /** The member's balance at each restaurant (what withdrawing forfeits). */
  points: ReadonlyMap<number, number>;
  onWithdrawn(restaurantId: number): void;
}) {
  const [consents, setConsents] = useState<Consent[] | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  /** The restaurant whose Withdraw asks for confirmation now. */
  const [asking, setAsking] = useState<number | null>(null);
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
        setAsking(null);
        setDone(answer.message);
        setConsents((list) => (list ?? []).filter((c) => c.restaurant_id !== restaurantId));
        onWithdrawn(restaurantId);
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
            <div className="consent-row">
              <span>
                <strong>{c.restaurant.name}</strong>
                <span className="muted small"> · {t.consentSince.replace('{date}', day(c.consented_at))}</span>
              </span>
              {asking !== c.restaurant_id && (
                <button
                  type="button"
                  className="ghost"
                  aria-label={`${t.withdraw}: ${c.restaurant.name}`}
                  onClick={() => setAsking(c.restaurant_id)}
                >
                  {t.withdraw}
                </button>
              )}
            </div>
            {asking === c.restaurant_id && (
              <div className="withdraw-confirm" role="alertdialog" aria-label={`${t.withdraw}: ${c.restaurant.name}`}>
                <p>
                  {fill(t.withdrawWarning, { restaurant: c.restaurant.name })}
                  {points.has(c.restaurant_id) &&
                    ` ${fill(t.withdrawLosesPoints, { points: points.get(c.restaurant_id) ?? 0 })}`}
                </p>
                <div className="actions">
                  <button type="button" className="ghost" onClick={() => setAsking(null)}>
                    {t.cancel}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    disabled={busy === c.restaurant_id}
                    aria-busy={busy === c.restaurant_id}
                    onClick={() => withdraw(c.restaurant_id)}
                  >
                    {t.withdraw}
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
