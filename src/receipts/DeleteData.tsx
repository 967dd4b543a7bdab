// Delete my data: what goes, a fresh code texted to the signed-in phone, then the deletion; the server's
// confirmation (in the page's language) is shown by the page. Within a few minutes of the sign-in (the session
// says until when) the phone is already proved: one confirming tap, no second code.
import { useState, type FormEvent } from 'react';
import { emptyOtp } from '../invoice/OtpInput';
import { CodeForm } from '../invoice/PhoneCode';
import { deleteMyData, sendDeleteCode } from './api';
import type { ReceiptsTexts } from './i18n';

interface Props {
  t: ReceiptsTexts;
  /** The sign-in proved the phone a few minutes ago: no second code (docs/CUSTOMER.md). */
  withoutCode: boolean;
  onDeleted(message: string): void;
  onCancel(): void;
  onError(err: unknown): void;
}

export function DeleteData({ t, withoutCode, onDeleted, onCancel, onError }: Props) {
  const [step, setStep] = useState<'explain' | 'code'>('explain');
  const [otp, setOtp] = useState<string[]>(emptyOtp);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setOtp(emptyOtp());
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (busy || otp.some((d) => d === '')) return;
    void run(async () => onDeleted((await deleteMyData(otp.join(''))).message));
  };

  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">{t.deleteData}</h2>
      <p>{withoutCode ? t.deleteExplainNow : t.deleteExplain}</p>
      {step === 'explain' ? (
        // Within minutes of a sign-in the deletion needs no second code (docs/CUSTOMER.md); else a code is sent first.
        <div className="actions">
          <button type="button" className="ghost" onClick={onCancel}>
            {t.cancel}
          </button>
          <button
            type="button"
            className="danger"
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              void run(async () => {
                if (withoutCode) return onDeleted((await deleteMyData()).message);
                await sendDeleteCode();
                setOtp(emptyOtp());
                setStep('code');
              })
            }
          >
            {withoutCode ? t.confirmDelete : t.sendDeleteCode}
          </button>
        </div>
      ) : (
        <CodeForm
          className="step"
          title={t.codeTitle}
          digit={t.digit}
          otp={otp}
          onOtp={setOtp}
          busy={busy}
          ready={otp.every((d) => d !== '')}
          onSubmit={confirm}
          back={{ label: t.cancel, onClick: onCancel }}
          submit={{ label: t.confirmDelete, className: 'danger' }}
        />
      )}
    </section>
  );
}
