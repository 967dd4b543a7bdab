// A form POST with a timeout, shared by the HTTP SMS providers.
import { SmsError } from '../core/smsPort';

export async function postForm(
  url: string,
  form: Record<string, string>,
  timeoutMs: number,
  headers: Record<string, string> = {},
) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...headers },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new SmsError(
      timedOut ? 'timeout' : 'unreachable',
      timedOut ? 'SMS provider timed out' : 'SMS provider unreachable',
    );
  }
}

/** A provider's error code as a short token (letters, digits, dashes), or 'error': never free text. */
export function codeOnly(value: unknown): string {
  const s = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return /^[A-Za-z0-9_-]{1,20}$/.test(s) ? s : 'error';
}
