// Share a saved receipt (docs/CUSTOMER.md, Sharing a receipt): the link to a read-only copy goes to the phone's
// share sheet (Web Share API: WhatsApp, e-mail, messages) or, where there is none, to the clipboard and on screen.
// "Stop sharing" asks first, then kills the link at once and says so (issue 49).
import { localDate } from '../contract/dates';
import { useEffect, useRef, useState } from 'react';
import type { SavedReceipt } from '../contract/customer';
import { shareReceipt, stopSharing } from './api';
import type { ReceiptsTexts } from './i18n';

interface Props {
  receipt: SavedReceipt;
  t: ReceiptsTexts;
  locale: string;
  onError(err: unknown): void;
}

export function ShareButtons({ receipt, t, locale, onError }: Props) {
  const [until, setUntil] = useState<string | null>(receipt.share_expires_at ?? null);
  const [url, setUrl] = useState('');
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [stopped, setStopped] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const share = async () => {
    setStopped(false);
    setBusy(true);
    try {
      const link = await shareReceipt(receipt.id);
      setUntil(link.expires_at);
      setUrl(link.url);
      const data = { title: `${t.shareTitle} - ${receipt.restaurant.name}`, url: link.url };
      if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
        // Closing the share sheet is not an error: the link stays on screen.
        await navigator.share(data).catch(() => undefined);
      } else {
        await navigator.clipboard?.writeText(link.url).then(
          () => setCopied(true),
          () => undefined,
        );
      }
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    setBusy(true);
    try {
      await stopSharing(receipt.id);
      setUntil(null);
      setUrl('');
      setCopied(false);
      setConfirming(false);
      setStopped(true);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="share-actions">
      <p className="muted small">{t.shareExplain}</p>
      <div className="actions">
        <button type="button" className="primary" onClick={share} disabled={busy}>
          {t.share}
        </button>
        {until && (
          <button type="button" className="ghost" onClick={() => setConfirming(true)} disabled={busy || confirming}>
            {t.stopSharing}
          </button>
        )}
      </div>
      {until && confirming && (
        <div className="confirm" role="alertdialog" aria-labelledby="stop-confirm">
          <p id="stop-confirm">{t.stopConfirm}</p>
          <div className="actions">
            <button type="button" className="ghost" onClick={() => setConfirming(false)} disabled={busy}>
              {t.keepSharing}
            </button>
            <button type="button" className="primary" ref={confirmButton} onClick={stop} disabled={busy}>
              {t.stopYes}
            </button>
          </div>
        </div>
      )}
      {stopped && (
        <p className="muted small" role="status">
          {t.stopped}
        </p>
      )}
      {until && (
        <p className="muted small" data-testid="shared-until">
          {t.sharedUntil.replace('{date}', localDate(until, locale))}
        </p>
      )}
      {url && (
        <input
          className="share-url"
          readOnly
          value={url}
          aria-label={t.share}
          dir="ltr"
          onFocus={(e) => e.target.select()}
        />
      )}
      {copied && (
        <p role="status" className="small">
          {t.linkCopied}
        </p>
      )}
    </section>
  );
}
