// Save Invoice -> phone step -> code step (docs/PRODUCT.md, States). Success resets everything and shows the
// Success dialog (its "See my receipts" signs the phone in with the save's proof: docs/CUSTOMER.md), and from then on the receipt reads "saved" instead of offering Save Invoice (as a reload would
// show it); a wrong code keeps the code step (boxes emptied and focused, the tries left said); any other failed
// save returns to the receipt with empty boxes and shows the !Oops dialog.
// Both calls name the order shown, so the code saves that order even when a newer one closed meanwhile.
import { useState } from 'react';
import type { SaveLoyalty } from '../contract/loyalty';
import {
  ApiError,
  joinRewards,
  referenceOf,
  referenceText,
  saveOrder,
  sendCode,
  signInWithProof,
  triesLeftOf,
  type ShownOrder,
} from './api';
import { Dialog } from './Dialog';
import type { Texts } from './i18n';
import { CodeStep, PhoneField, usePhoneCode } from './PhoneCode';
import { PrintButtons } from './PrintButtons';

type Outcome =
  | { kind: 'success'; proof?: string; id: number; loyalty?: SaveLoyalty }
  | { kind: 'error'; message: string; reference: string }
  | null;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

/** The Success dialog's rewards (issue 47): what the receipt earned and the new balance; without the yes, what
 * joining would give, and Join right there (the receipt then earns). Nothing when the restaurant runs no program. */
function Rewards({
  loyalty,
  restaurant,
  t,
  join,
}: {
  loyalty: SaveLoyalty;
  restaurant: string;
  t: Texts;
  join(): Promise<string>;
}) {
  const [joined, setJoined] = useState('');
  const [busy, setBusy] = useState(false);
  if (loyalty.member)
    return (
      <p className="rewards-note" role="status">
        {fill(t.rewardsEarned, { points: loyalty.points, restaurant, balance: loyalty.balance ?? 0 })}
      </p>
    );
  if (!loyalty.points) return null;
  if (joined)
    return (
      <p className="rewards-note" role="status">
        {joined}
      </p>
    );
  return (
    <>
      <p className="rewards-note">{fill(t.rewardsJoinFor, { points: loyalty.points })}</p>
      <button
        type="button"
        className="ghost wide"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          setBusy(true);
          join().then(setJoined, (err: unknown) => {
            setBusy(false);
            setJoined(err instanceof ApiError && err.message ? err.message : t.failText);
          });
        }}
      >
        {fill(t.rewardsJoin, { restaurant })}
      </button>
    </>
  );
}

/** "See my receipts": the save proved the phone, so its proof signs it in first (no code); if that fails the
 * page asks for a code as usual. */
async function openMyReceipts(proof: string | undefined) {
  if (proof) await signInWithProof(proof).catch(() => undefined);
  window.location.assign('/user/receipts');
}

export function SaveFlow({
  order,
  saved: savedBefore,
  restaurant,
  t,
}: {
  order: ShownOrder;
  saved: boolean;
  restaurant: string;
  t: Texts;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  // "Join {restaurant}'s rewards: it will know your visits and spend" (the guestbook's yes and the rewards', one yes):
  // unticked until the customer ticks it; sent with the save (issues 34 and 47).
  const [consent, setConsent] = useState(false);
  const [saved, setSaved] = useState(savedBefore);
  const failMessage = (err: unknown) => (err instanceof ApiError && err.message ? err.message : t.failText);

  const flow = usePhoneCode({
    start: 'idle', // the receipt, with Save Invoice
    allDigits: false,
    send: (phone, resend) => sendCode(phone, order, resend),
    verify: async (phone, otp) => {
      const { proof, id, loyalty } = await saveOrder({ ...order, phone, otp, consent });
      flow.reset();
      setSaved(true);
      setOutcome({ kind: 'success', proof, id, loyalty });
    },
    onError: (err, step) => {
      // A typo (issue 49): the code step stays, its boxes emptied and focused, saying how many tries are left; the
      // code already texted still saves. A code with no tries left, and any other failure, is the spec's !Oops
      // dialog and the way back to the receipt (asking again then texts a new code, within the limits).
      const tries = triesLeftOf(err);
      if (step === 'code' && tries > 0) {
        flow.setCodeNote(t.wrongCodeTries.replace('{tries}', String(tries)));
        return;
      }
      if (step === 'code') flow.setStep('idle');
      setOutcome({ kind: 'error', message: failMessage(err), reference: referenceOf(err) });
    },
  });

  return (
    <section className="save">
      {saved && (
        <p className="saved-note" role="status">
          {t.savedNote}
        </p>
      )}
      {saved && <PrintButtons t={t} />}
      {!saved && flow.step === 'idle' && (
        <button type="button" className="primary wide" onClick={() => flow.setStep('phone')}>
          {t.saveInvoice}
        </button>
      )}
      {!saved && flow.step === 'phone' && (
        <form onSubmit={flow.submitPhone} noValidate className="step">
          <PhoneField
            flow={flow}
            id="phone"
            label={t.phone}
            requiredText={t.phoneRequired}
            hint={t.phoneHint}
            autoFocus
          />
          <label className="consent">
            <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
            <span>{t.consent.replace('{restaurant}', restaurant)}</span>
          </label>
          <div className="actions">
            <button type="button" className="ghost" onClick={() => flow.setStep('idle')}>
              {t.back}
            </button>
            <button type="submit" className="primary" disabled={!flow.phone.trim() || flow.busy} aria-busy={flow.busy}>
              {t.save}
            </button>
          </div>
        </form>
      )}
      {!saved && flow.step === 'code' && <CodeStep flow={flow} className="step" texts={{ ...t, submit: t.send }} />}
      {outcome?.kind === 'success' && (
        <Dialog
          tone="success"
          title={t.successTitle}
          button={t.done}
          link={{ href: '/user/receipts', label: t.seeMyReceipts, onClick: () => void openMyReceipts(outcome.proof) }}
          onClose={() => setOutcome(null)}
          extra={
            outcome.loyalty && (
              <Rewards
                loyalty={outcome.loyalty}
                restaurant={restaurant}
                t={t}
                join={() => joinRewards(outcome.id, outcome.proof).then((r) => r.message)}
              />
            )
          }
        >
          {t.successText}
        </Dialog>
      )}
      {outcome?.kind === 'error' && (
        <Dialog
          tone="error"
          title={t.failTitle}
          button={t.ok}
          onClose={() => setOutcome(null)}
          reference={referenceText(t, outcome.reference)}
        >
          {outcome.message}
        </Dialog>
      )}
    </section>
  );
}
