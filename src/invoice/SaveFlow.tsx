// Save Invoice -> phone step -> code step (docs/PRODUCT.md, States). Success resets everything and shows the
// Success dialog; a failed save returns to the receipt with empty boxes and shows the !Oops dialog.
// Both calls name the order shown, so the code saves that order even when a newer one closed meanwhile.
import { useState, type FormEvent } from 'react';
import { ApiError, saveOrder, sendCode, type ShownOrder } from './api';
import { Dialog } from './Dialog';
import type { Texts } from './i18n';
import { emptyOtp, OtpInput } from './OtpInput';

type Step = 'receipt' | 'phone' | 'code';
type Outcome = { kind: 'success' } | { kind: 'error'; message: string } | null;

export function SaveFlow({ order, t }: { order: ShownOrder; t: Texts }) {
  const [step, setStep] = useState<Step>('receipt');
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [otp, setOtp] = useState<string[]>(emptyOtp);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const failMessage = (err: unknown) => (err instanceof ApiError && err.message ? err.message : t.failText);

  const submitPhone = async (e: FormEvent) => {
    e.preventDefault();
    setPhoneTouched(true);
    if (!phone.trim() || busy) return;
    setBusy(true);
    try {
      await sendCode(phone.trim(), order);
      setOtp(emptyOtp());
      setStep('code');
    } catch (err) {
      setOutcome({ kind: 'error', message: failMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || otp.every((d) => d === '')) return;
    setBusy(true);
    try {
      await saveOrder({ ...order, phone: phone.trim(), otp: otp.join('') });
      setPhone('');
      setPhoneTouched(false);
      setOtp(emptyOtp());
      setStep('receipt');
      setOutcome({ kind: 'success' });
    } catch (err) {
      setOtp(emptyOtp());
      setStep('receipt');
      setOutcome({ kind: 'error', message: failMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const phoneError = phoneTouched && !phone.trim() ? t.phoneRequired : '';

  return (
    <section className="save">
      {step === 'receipt' && (
        <button type="button" className="primary wide" onClick={() => setStep('phone')}>
          {t.saveInvoice}
        </button>
      )}
      {step === 'phone' && (
        <form onSubmit={submitPhone} noValidate className="step">
          <label htmlFor="phone">{t.phone}</label>
          <input
            id="phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            placeholder="05X XXX XXXX"
            value={phone}
            autoFocus
            aria-invalid={!!phoneError}
            aria-describedby={phoneError ? 'phone-error' : 'phone-hint'}
            onChange={(e) => setPhone(e.target.value)}
            onBlur={() => setPhoneTouched(true)}
          />
          {phoneError ? (
            <p id="phone-error" className="field-error" role="alert">
              {phoneError}
            </p>
          ) : (
            <p id="phone-hint" className="muted small">
              {t.phoneHint}
            </p>
          )}
          <div className="actions">
            <button type="button" className="ghost" onClick={() => setStep('receipt')}>
              {t.back}
            </button>
            <button type="submit" className="primary" disabled={!phone.trim() || busy} aria-busy={busy}>
              {t.save}
            </button>
          </div>
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={submitCode} noValidate className="step">
          <p className="step-title">{t.codeTitle}</p>
          <OtpInput value={otp} onChange={setOtp} label={t.digit} disabled={busy} />
          <div className="actions">
            <button type="button" className="ghost" onClick={() => setStep('phone')}>
              {t.back}
            </button>
            <button type="submit" className="primary" disabled={busy || otp.every((d) => d === '')} aria-busy={busy}>
              {t.send}
            </button>
          </div>
        </form>
      )}
      {outcome?.kind === 'success' && (
        <Dialog
          tone="success"
          title={t.successTitle}
          button={t.done}
          link={{ href: '/user/receipts', label: t.myReceipts }}
          onClose={() => setOutcome(null)}
        >
          {t.successText}
        </Dialog>
      )}
      {outcome?.kind === 'error' && (
        <Dialog tone="error" title={t.failTitle} button={t.ok} onClose={() => setOutcome(null)}>
          {outcome.message}
        </Dialog>
      )}
    </section>
  );
}
