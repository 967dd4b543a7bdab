// A small accessible modal (role dialog, focus moved in and kept inside, Escape closes) for the Success and
// !Oops dialogs. The texts were written for a right-to-left dialog, so it renders with dir="rtl" (docs/DECISIONS.md).
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  button: string;
  onClose(): void;
  tone: 'success' | 'error';
  /** A second way on (the Success dialog's "See my receipts", which signs in first). */
  link?: { href: string; label: string; onClick?(): void };
  /** The failed request's reference for support ("Reference: K3F9QX2M"), beside the message, never inside it. */
  reference?: string;
  /** More below the message (the Success dialog's rewards: what the receipt earned, or Join). */
  extra?: ReactNode;
}

/**
 * A text written for a right-to-left dialog with its punctuation first (".Your invoice has been saved
 * successfully", docs/DECISIONS.md): in a right-to-left line that wraps, the leading full stop lands at the end of
 * the first line ("Your invoice has been saved. / successfully", issue 49). A Latin sentence is therefore drawn
 * left-to-right with that punctuation after its last word; the spec's text, letter for letter, is what screen readers
 * and text search read (hidden from sight only).
 */
function SpecText({ text }: { text: ReactNode }) {
  const m = typeof text === 'string' ? /^([.!?]+)\s*([A-Za-z].*)$/s.exec(text) : null;
  if (!m) return <>{text}</>;
  return (
    <>
      <span className="visually-hidden">{text as string}</span>
      <span aria-hidden="true" dir="ltr" className="trailing-mark" data-mark={m[1]}>
        {m[2]}
      </span>
    </>
  );
}

export function Dialog({ title, children, button, onClose, tone, link, reference, extra }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'Tab') {
        // Focus stays inside: it goes round the dialog's links and buttons.
        e.preventDefault();
        const all = [...(box.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])];
        const at = all.indexOf(document.activeElement as HTMLElement);
        all[(at + (e.shiftKey ? all.length - 1 : 1)) % all.length]?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="backdrop">
      <div
        ref={box}
        className={`dialog ${tone}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-title"
        aria-describedby="dialog-text"
        dir="rtl"
      >
        <div className="dialog-icon" aria-hidden="true">
          {tone === 'success' ? '✓' : '!'}
        </div>
        <h2 id="dialog-title">{title}</h2>
        <p id="dialog-text">
          <SpecText text={children} />
        </p>
        {reference && (
          <p className="reference" dir="auto">
            {reference}
          </p>
        )}
        {extra && (
          <div className="dialog-extra" dir="auto">
            {extra}
          </div>
        )}
        {link && (
          <p className="dialog-link" dir="auto">
            <a
              href={link.href}
              onClick={
                link.onClick &&
                ((e) => {
                  e.preventDefault();
                  link.onClick!();
                })
              }
            >
              {link.label}
            </a>
          </p>
        )}
        <button ref={ref} type="button" className="primary" onClick={onClose}>
          {button}
        </button>
      </div>
    </div>
  );
}
