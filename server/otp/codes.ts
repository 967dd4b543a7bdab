// One-time codes: drawn with crypto.randomInt, stored as HMAC-SHA256(secret, phone|code), compared in
// constant time. The code is also sealed with AES-256-GCM under a key derived from the server secret, so
// a resend within the lifetime can send the same code (docs/SECURITY.md) without keeping it in clear.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_LENGTH = 4;

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();

export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', derive(secret, 'otp-hash')).update(`${phone}|${code}`).digest('hex');
}

export function codeMatches(secret: string, phone: string, code: string, storedHash: string): boolean {
  if (!/^\d{4}$/.test(code)) return false;
  const a = Buffer.from(hashCode(secret, phone, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function sealCode(secret: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret, 'otp-seal'), iv);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unsealCode(secret: string, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', derive(secret, 'otp-seal'), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
