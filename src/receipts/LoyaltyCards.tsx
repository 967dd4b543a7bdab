// My rewards (issue 47): a card per restaurant the customer is a member of - the balance, how far the next reward
// is, the rewards (those within reach marked), when the points expire, the QR the cashier scans (Foodics' adapter
// JSON: the phone's national number and calling code, never the name) and the history of movements. The QR is
// drawn here (qrcode.react, in My receipts' own chunk: the invoice page's first visit never loads it), large and
// with its quiet zone, so a till's camera reads it from a phone's screen.
import { QRCodeSVG } from 'qrcode.react';
import type { LoyaltyCard } from '../contract/loyalty';
import { isSafeImageSrc } from '../lib/safeImage';
import type { ReceiptsTexts } from './i18n';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

/** The QR's side in CSS pixels: about 6 px a module for the adapter's JSON (a version 4 code with its margin). */
const QR_SIZE = 240;

export function LoyaltyCards({ cards, t, locale }: { cards: LoyaltyCard[]; t: ReceiptsTexts; locale: string }) {
  if (!cards.length) return null;
  // Latin digits in Arabic too, as every number on the card.
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium', numberingSystem: 'latn' });
  const kind = (k: LoyaltyCard['entries'][number]['kind']) => t[`kinds_${k}` as keyof ReceiptsTexts];
  return (
    <section className="rewards" aria-labelledby="rewards-title">
      <h2 id="rewards-title" className="section-title">
        {t.rewardsTitle}
      </h2>
      {cards.map((c) => {
        const next = c.next_reward;
        const progress = next ? Math.min(100, Math.round((c.balance / next.cost) * 100)) : 100;
        return (
          <article key={c.restaurant_id} className="card reward-card" aria-label={c.restaurant.name}>
            <header className="reward-head">
              {isSafeImageSrc(c.restaurant.logo) && <img className="reward-logo" src={c.restaurant.logo} alt="" />}
              <h3>{c.restaurant.name}</h3>
            </header>
            <p className="reward-balance">
              <span className="muted small">{t.balance}</span>
              <strong data-testid="reward-balance">{c.balance}</strong>
            </p>
            {next ? (
              <div className="reward-progress">
                <div
                  className="bar"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={next.cost}
                  aria-valuenow={Math.min(c.balance, next.cost)}
                  aria-label={next.name}
                >
                  <span style={{ inlineSize: `${progress}%` }} />
                </div>
                <p className="small">{fill(t.toNext, { reward: next.name, missing: next.missing })}</p>
              </div>
            ) : (
              c.rewards.length > 0 && <p className="small">{t.allInReach}</p>
            )}
            {c.rewards.length > 0 && (
              <>
                <h4>{t.rewards}</h4>
                <ul className="reward-list">
                  {c.rewards.map((r) => (
                    <li key={r.id} className={r.affordable ? 'affordable' : undefined}>
                      <span>{r.name}</span>
                      <span className="muted small">
                        {fill(t.cost, { cost: r.cost })}
                        {r.affordable && <strong className="yours"> · {t.canHave}</strong>}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {c.expires_at && <p className="small reward-expiry">{fill(t.expires, { date: day(c.expires_at) })}</p>}
            <figure className="reward-qr">
              <QRCodeSVG
                value={c.qr}
                size={QR_SIZE}
                level="M"
                marginSize={4}
                bgColor="#ffffff"
                fgColor="#000000"
                title={fill(t.qrLabel, { restaurant: c.restaurant.name })}
                role="img"
                aria-label={fill(t.qrLabel, { restaurant: c.restaurant.name })}
                data-testid="reward-qr"
              />
              <figcaption>{t.showCashier}</figcaption>
            </figure>
            {c.entries.length > 0 && (
              <details className="reward-history">
                <summary>{t.history}</summary>
                <ul>
                  {c.entries.map((e) => (
                    <li key={e.id}>
                      <span>
                        {kind(e.kind)}
                        {e.reward && <span className="muted small"> · {e.reward}</span>}
                        {e.order_number && (
                          <span className="muted small"> · {fill(t.receiptNo, { number: e.order_number })}</span>
                        )}
                        <span className="muted small"> · {day(e.at)}</span>
                      </span>
                      <strong dir="ltr" className={e.points < 0 ? 'minus' : 'plus'}>
                        {e.points > 0 ? `+${e.points}` : e.points}
                      </strong>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </article>
        );
      })}
    </section>
  );
}
