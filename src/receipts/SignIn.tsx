// My receipts' sign-in: the phone, then the 4-digit code texted to it (the invoice page's phone and code step,
// src/invoice/PhoneCode.tsx, with this page's texts; all four digits before Sign in).
import type { CustomerSession } from '../contract/customer';
import { CodeStep, PhoneField, usePhoneCode } from '../invoice/PhoneCode';
import { sendSignInCode, signIn } from './api';
import { triesLeftOf } from '../invoice/api';
import type { ReceiptsTexts } from './i18n';

interface Props {
  t: ReceiptsTexts;
  onSignedIn(session: CustomerSession): void;
  onError(err: unknown): void;
}

export function SignIn({ t, onSignedIn, onError }: Props) {
  const flow = usePhoneCode({
    start: 'phone',
    allDigits: true,
    send: sendSignInCode,
    verify: async (phone, code) => onSignedIn(await signIn(phone, code)),
    // A wrong code keeps the code step and says the tries left (issue 49); anything else is the page's notice.
    onError: (err, step) => {
      const tries = triesLeftOf(err);
      if (step === 'code' && tries > 0) flow.setCodeNote(t.wrongCodeTries.replace('{tries}', String(tries)));
      else onError(err);
    },
  });

  if (flow.step === 'code') {
    return <CodeStep flow={flow} className="step card" texts={{ ...t, submit: t.signIn }} />;
  }
  return (
    <form onSubmit={flow.submitPhone} noValidate className="step card">
      <p className="muted">{t.intro}</p>
      <PhoneField flow={flow} id="receipts-phone" label={t.phone} requiredText={t.phoneRequired} />
      <div className="actions">
        <button type="submit" className="primary" disabled={!flow.phone.trim() || flow.busy} aria-busy={flow.busy}>
          {t.sendCode}
        </button>
      </div>
    </form>
  );
}
