// The customer's phone -> 4-digit code step, shared by Save Invoice (SaveFlow.tsx) and My receipts' sign-in
// (src/receipts/SignIn.tsx): the phone and its 'required' message once touched, the four boxes, the busy flag
// around each call, the boxes emptied when a code is sent and when one is refused. Each page keeps its own
// texts, its own calls and what follows them; the code form also serves Delete my data.
import { useState, type FormEvent } from 'react';
import { emptyOtp, OtpInput } from './OtpInput';

type Step = 'idle' | 'phone' | 'code';

export function usePhoneCode({
  start,
  allDigits,
  send,
  verify,
  onError,
}: {
  /** 'idle': the flow waits to be opened (the invoice page's Save Invoice); 'phone': it starts at the phone. */
  start: 'idle' | 'phone';
  /** The code goes only once all four boxes are filled; else once any is (the invoice page, as specified). */
  allDigits: boolean;
  send(phone: string): Promise<unknown>;
  verify(phone: string, code: string): Promise<unknown>;
  /** A call failed; after a refused code the boxes are already empty. */
  onError(err: unknown, step: 'phone' | 'code'): void;
}) {
  const [step, setStep] = useState<Step>(start);
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [otp, setOtp] = useState<string[]>(emptyOtp);
  const [busy, setBusy] = useState(false);
  const codeReady = allDigits ? otp.every((d) => d !== '') : otp.some((d) => d !== '');

  const call = async (work: () => Promise<unknown>, failed: (err: unknown) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!phone.trim() || busy) return;
    void call(
      async () => {
        await send(phone.trim());
        setOtp(emptyOtp());
        setStep('code');
      },
      (err) => onError(err, 'phone'),
    );
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !codeReady) return;
    void call(
      () => verify(phone.trim(), otp.join('')),
      (err) => {
        setOtp(emptyOtp());
        onError(err, 'code');
      },
    );
  };

  /** Back to the start with nothing typed. */
  const reset = () => {
    setPhone('');
    setTouched(false);
    setOtp(emptyOtp());
    setStep(start);
  };

  return {
    step,
    setStep,
    phone,
    setPhone,
    touched,
    setTouched,
    otp,
    setOtp,
    busy,
    codeReady,
    submitPhone,
    submitCode,
    reset,
  };
}

export type PhoneCode = ReturnType<typeof usePhoneCode>;

/** The phone box: its label, then the 'required' message once touched, else the page's hint if it has one. */
export function PhoneField({
  flow,
  id,
  label,
  requiredText,
  hint,
  autoFocus,
}: {
  flow: PhoneCode;
  id: string;
  label: string;
  requiredText: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const error = flow.touched && !flow.phone.trim() ? requiredText : '';
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        placeholder="05X XXX XXXX"
        value={flow.phone}
        autoFocus={autoFocus}
        aria-invalid={!!error}
        aria-describedby={described}
        onChange={(e) => flow.setPhone(e.target.value)}
        onBlur={() => flow.setTouched(true)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="muted small">
            {hint}
          </p>
        )
      )}
    </>
  );
}

/** The code form: its title, the four boxes ('{digit} 1'..'{digit} 4'), a way back and the button that sends it. */
export function CodeForm({
  className,
  title,
  digit,
  otp,
  onOtp,
  busy,
  ready,
  onSubmit,
  back,
  submit,
}: {
  className: string;
  title: string;
  digit: string;
  otp: string[];
  onOtp(next: string[]): void;
  busy: boolean;
  /** Enough digits typed to send. */
  ready: boolean;
  onSubmit(e: FormEvent): void;
  back: { label: string; onClick(): void };
  submit: { label: string; className: string };
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      <p className="step-title">{title}</p>
      <OtpInput value={otp} onChange={onOtp} label={digit} disabled={busy} />
      <div className="actions">
        <button type="button" className="ghost" onClick={back.onClick}>
          {back.label}
        </button>
        <button type="submit" className={submit.className} disabled={busy || !ready} aria-busy={busy}>
          {submit.label}
        </button>
      </div>
    </form>
  );
}

/** The flow's code step: Back returns to the phone, the button sends the code. */
export function CodeStep({
  flow,
  className,
  texts,
}: {
  flow: PhoneCode;
  className: string;
  texts: { codeTitle: string; digit: string; back: string; submit: string };
}) {
  return (
    <CodeForm
      className={className}
      title={texts.codeTitle}
      digit={texts.digit}
      otp={flow.otp}
      onOtp={flow.setOtp}
      busy={flow.busy}
      ready={flow.codeReady}
      onSubmit={flow.submitCode}
      back={{ label: texts.back, onClick: () => flow.setStep('phone') }}
      submit={{ label: texts.submit, className: 'primary' }}
    />
  );
}
