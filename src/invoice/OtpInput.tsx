// Four single-digit boxes (docs/PRODUCT.md, States and Validation messages): digits only, focus moves on after a digit,
// Backspace on an empty box clears the previous one and moves there, arrow keys move between boxes, and pasting 1 to 4
// digits fills the boxes and focuses the next empty one. Arabic-Indic (٠-٩) and Persian (۰-۹) digits count as the
// digits they are - typed on an Arabic keyboard, pasted from an Arabic SMS or autofilled - and are kept as 0-9.
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

export const OTP_LENGTH = 4;
export const emptyOtp = () => Array.from({ length: OTP_LENGTH }, () => '');

/** 0-9 for every digit a customer's keyboard or SMS may give: Arabic-Indic U+0660-0669, Persian U+06F0-06F9. */
export const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));

interface Props {
  value: string[];
  onChange(next: string[]): void;
  label: string;
  disabled?: boolean;
  /** Changes when a code was refused: the (emptied) first box takes the focus again. */
  focusKey?: number;
  /** The id of a note about the boxes (a refused code's "Tries left"), read with them. */
  describedBy?: string;
}

export function OtpInput({ value, onChange, label, disabled, focusKey = 0, describedBy }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();
  // After a refusal, once the boxes are enabled again (the call is over), the first one has the focus.
  useEffect(() => {
    if (focusKey && !disabled) boxes.current[0]?.focus();
  }, [focusKey, disabled]);

  /** Fills the boxes from box `from` on with 1 to 4 digits and focuses the next empty one (a paste, an autofill). */
  const fill = (from: number, digits: string) => {
    const next = from === 0 ? emptyOtp() : [...value];
    digits
      .slice(0, OTP_LENGTH - from)
      .split('')
      .forEach((d, k) => (next[from + k] = d));
    onChange(next);
    const empty = next.findIndex((d) => d === '');
    focus(empty === -1 ? OTP_LENGTH - 1 : empty);
  };

  const type = (i: number, raw: string) => {
    const digits = latinDigits(raw).replace(/\D/g, '');
    if (!digits && raw !== '') return; // not a digit: ignore
    // The phone's one-time-code autofill puts the whole code into the first box at once.
    if (digits.length === OTP_LENGTH && i === 0) return fill(0, digits);
    const digit = digits.slice(-1);
    const next = [...value];
    next[i] = digit;
    onChange(next);
    if (digit && i < OTP_LENGTH - 1) focus(i + 1);
  };

  const key = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      const next = [...value];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(rtl ? i + 1 : i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(rtl ? i - 1 : i + 1);
    }
  };

  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const text = latinDigits(e.clipboardData.getData('text').trim());
    if (!/^\d{1,4}$/.test(text)) return;
    fill(0, text);
  };

  return (
    <div className="otp" role="group" aria-label={label} dir="ltr">
      {value.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className="otp-box"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={1}
          aria-label={`${label} ${i + 1}`}
          aria-describedby={describedBy}
          value={d}
          disabled={disabled}
          autoFocus={i === 0}
          onChange={(e) => type(i, e.target.value)}
          onKeyDown={(e) => key(i, e)}
          onPaste={paste}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
