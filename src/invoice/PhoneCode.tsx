// The customer's phone -> 4-digit code step, shared by Save Invoice (SaveFlow.tsx) and My receipts' sign-in
// (src/receipts/SignIn.tsx): the phone and its 'required' message once touched, the four boxes, the busy flag
// around each call, the boxes emptied when a code is sent and when one is refused. Each page keeps its own
// texts, its own calls and what follows them; the code form also serves Delete my data.
// The code step names the number the code went to, and offers Resend code once the resend wait is over (its
// countdown shown meanwhile). Asking again while a code is live texts nothing (docs/API.md, POST /user): the page
// goes straight to the code step, so one typo never keeps the customer waiting.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { emptyOtp, latinDigits, OtpInput } from './OtpInput';

/** What a send-code call answers (src/contract: codeSentSchema): texted or not, and seconds until a resend. */
export interface CodeSentAnswer {
  sent: boolean;
  resendIn: number;
}

/** The number as the code step names it: its last four digits, the rest hidden ("•••• 4567"). */
export const maskedPhone = (phone: string) => {
  const digits = latinDigits(phone).replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : '';
};

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
  /** Asks for a code; `resend` asks to text a live code again (Resend code). */
  send(phone: string, resend: boolean): Promise<CodeSentAnswer>;
  verify(phone: string, code: string): Promise<unknown>;
  /** A call failed; after a refused code the boxes are already empty. A failed resend is reported as 'phone'
   * (the page stays on the code step). */
  onError(err: unknown, step: 'phone' | 'code'): void;
}) {
  const [step, setStep] = useState<Step>(start);
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [otp, setOtp] = useState<string[]>(emptyOtp);
  const [busy, setBusy] = useState(false);
  /** When Resend code may text the code again (ms since the epoch), and whether it was just texted again. */
  const [resendAt, setResendAt] = useState(0);
  const [resent, setResent] = useState(false);
  /** A refused code's note on the code step ("Tries left: 2"), and how many refusals so far (the boxes' focus). */
  const [codeNote, setCodeNote] = useState('');
  const [refusals, setRefusals] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));
  // The countdown ticks once a second while it runs, on the code step only.
  useEffect(() => {
    if (step !== 'code' || resendAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step, resendAt]);
  const waitFrom = (answer: CodeSentAnswer) => {
    const at = Date.now();
    setNow(at);
    setResendAt(at + Math.max(0, Number(answer.resendIn) || 0) * 1000);
  };
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
        waitFrom(await send(phone.trim(), false));
        setResent(false);
        setCodeNote('');
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
        setRefusals((n) => n + 1);
        onError(err, 'code');
      },
    );
  };

  /** Resend code: texts the live code again (the same code, within its lifetime) and says so. */
  const resend = () => {
    if (busy || resendIn > 0) return;
    void call(
      async () => {
        waitFrom(await send(phone.trim(), true));
        setResent(true);
        setCodeNote('');
        setOtp(emptyOtp());
      },
      (err) => onError(err, 'phone'),
    );
  };

  /** Back to the start with nothing typed. */
  const reset = () => {
    setPhone('');
    setTouched(false);
    setOtp(emptyOtp());
    setCodeNote('');
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
    resend,
    resendIn,
    resent,
    codeNote,
    setCodeNote,
    refusals,
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
  children,
  after,
  focusKey,
  describedBy,
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
  /** Shown under the title (the code step's "sent to" line), and under the boxes (Resend code). */
  children?: ReactNode;
  after?: ReactNode;
  focusKey?: number;
  describedBy?: string;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      <p className="step-title">{title}</p>
      {children}
      <OtpInput
        value={otp}
        onChange={onOtp}
        label={digit}
        disabled={busy}
        focusKey={focusKey}
        describedBy={describedBy}
      />
      {after}
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

/** The code step's own texts: {phone} is the masked number, {seconds} the wait before Resend code. */
export interface CodeStepTexts {
  codeTitle: string;
  digit: string;
  back: string;
  submit: string;
  sentTo: string;
  resend: string;
  resendIn: string;
  resent: string;
}

/** Puts a value into a text at {name}, as React nodes (the masked phone kept left-to-right inside Arabic). */
const fill = (text: string, name: string, value: ReactNode) => {
  const [before, after = ''] = text.split(`{${name}}`);
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
};

/** The flow's code step: which number got the code, the boxes, Resend code with its countdown; Back returns to
 * the phone, the button sends the code. */
export function CodeStep({ flow, className, texts }: { flow: PhoneCode; className: string; texts: CodeStepTexts }) {
  const masked = maskedPhone(flow.phone);
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
      focusKey={flow.refusals}
      describedBy={flow.codeNote ? 'code-note' : undefined}
      after={
        <>
          {flow.codeNote && (
            <p id="code-note" className="field-error" role="alert">
              {flow.codeNote}
            </p>
          )}
          <p className="resend">
            <button type="button" className="ghost" onClick={flow.resend} disabled={flow.busy || flow.resendIn > 0}>
              {flow.resendIn > 0 ? texts.resendIn.replace('{seconds}', String(flow.resendIn)) : texts.resend}
            </button>
          </p>
          {flow.resent && (
            <p className="muted small" role="status">
              {texts.resent}
            </p>
          )}
        </>
      }
    >
      {masked && <p className="muted sent-to">{fill(texts.sentTo, 'phone', <bdi dir="ltr">{masked}</bdi>)}</p>}
    </CodeForm>
  );
}
