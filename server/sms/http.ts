// A form POST with a timeout, shared by the HTTP SMS providers.
import { SmsError } from './port';

export async function postForm(url: string, form: Record<string, string>, timeoutMs: number, headers: Record<string, string> = {}) {
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
    throw new SmsError((err as Error).name === 'TimeoutError' ? 'SMS provider timed out' : 'SMS provider unreachable');
  }
}
