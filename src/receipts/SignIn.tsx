// My receipts' sign-in: the phone, then the 4-digit code texted to it (the same boxes as the invoice page).
import { useState, type FormEvent } from 'react';
import type { CustomerSession } from '../contract/customer';
import { emptyOtp, OtpInput } from '../invoice/OtpInput';
import { sendSignInCode, signIn } from './api';
import type { ReceiptsTexts } from './i18n';

interface Props {
  t: ReceiptsTexts;
  onSignedIn(session: CustomerSession): void;
  onError(err: unknown): void;
}

export function SignIn({ t, onSignedIn, onError }: Props) {
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [otp, setOtp] = useState<string[]>(emptyOtp);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!phone.trim() || busy) return;
    void run(async () => {
      await sendSignInCode(phone.trim());
      setOtp(emptyOtp());
      setStep('code');
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (busy || otp.some((d) => d === '')) return;
    void run(async () => {
      try {
        onSignedIn(await signIn(phone.trim(), otp.join('')));
      } catch (err) {
        setOtp(emptyOtp());
        throw err;
      }
    });
  };

  const phoneError = touched && !phone.trim() ? t.phoneRequired : '';
  if (step === 'code') {
    return (
      <form onSubmit={submitCode} noValidate className="step card">
        <p className="step-title">{t.codeTitle}</p>
        <OtpInput value={otp} onChange={setOtp} label={t.digit} disabled={busy} />
        <div className="actions">
          <button type="button" className="ghost" onClick={() => setStep('phone')}>
            {t.back}
          </button>
          <button type="submit" className="primary" disabled={busy || otp.some((d) => d === '')} aria-busy={busy}>
            {t.signIn}
          </button>
        </div>
      </form>
    );
  }
  return (
    <form onSubmit={submitPhone} noValidate className="step card">
      <p className="muted">{t.intro}</p>
      <label htmlFor="receipts-phone">{t.phone}</label>
      <input
        id="receipts-phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        placeholder="05X XXX XXXX"
        value={phone}
        aria-invalid={!!phoneError}
        aria-describedby={phoneError ? 'receipts-phone-error' : undefined}
        onChange={(e) => setPhone(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      {phoneError && (
        <p id="receipts-phone-error" className="field-error" role="alert">
          {phoneError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={!phone.trim() || busy} aria-busy={busy}>
          {t.sendCode}
        </button>
      </div>
    </form>
  );
}
