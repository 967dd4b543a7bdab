// Four single-digit boxes (docs/PRODUCT.md, States and Validation messages): digits only, focus moves on after a digit,
// Backspace on an empty box clears the previous one and moves there, arrow keys move between boxes, and pasting 1 to 4
// digits fills the boxes and focuses the next empty one.
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

export const OTP_LENGTH = 4;
export const emptyOtp = () => Array.from({ length: OTP_LENGTH }, () => '');

interface Props {
  value: string[];
  onChange(next: string[]): void;
  label: string;
  disabled?: boolean;
}

export function OtpInput({ value, onChange, label, disabled }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  const type = (i: number, raw: string) => {
    const digit = raw.replace(/\D/g, '').slice(-1);
    if (!digit && raw !== '') return; // not a digit: ignore
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
    const text = e.clipboardData.getData('text').trim();
    if (!/^\d{1,4}$/.test(text)) return;
    const next = emptyOtp();
    text.split('').forEach((d, k) => (next[k] = d));
    onChange(next);
    focus(next.findIndex((d) => d === '') === -1 ? OTP_LENGTH - 1 : next.findIndex((d) => d === ''));
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
