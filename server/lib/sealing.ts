// POS tokens at rest (docs/SECURITY.md, "POS tokens"): sealed with AES-256-GCM (node:crypto) under a key from
// the environment - TOKEN_KEY, else derived from JWT_SECRET - so a copy of the database alone does not give a
// restaurant's Foodics access. A sealed value reads `sealed:v1:<key id>:<hint>:<iv.tag.ciphertext>`: the key id
// (8 hex of the key's SHA-256) says which key sealed it, so rotating the key (TOKEN_KEY_PREVIOUS) reseals
// what an older key sealed; the hint is the token's last 4 characters, so a masked form is shown without the key.
// A value not in that form is a token from before sealing: it is read as it is, and sealed at the next start.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config';

const PREFIX = 'sealed:v1:';
const b64 = (b: Buffer) => b.toString('base64url');

/** What an answer shows of a token: its last 4 characters (nothing of a token shorter than 8). */
export const MASK = '****';
export function maskToken(plain: string): string {
  return plain.length >= 8 ? MASK + plain.slice(-4) : MASK;
}
/** A value sent back as it was shown (masked): the caller keeps the stored token. */
export const isMasked = (value: string) => value.startsWith(MASK);

export interface Sealer {
  seal(plain: string): string;
  /** The token; a value that is not sealed is returned as it is. Throws when no known key sealed it. */
  open(stored: string): string;
  /** The masked form of a stored value (sealed or not), without opening it. */
  mask(stored: string): string;
  isSealed(stored: string): boolean;
  /** Not sealed, or sealed by an older key: the start-up reseals it. */
  needsSealing(stored: string): boolean;
}

interface Key {
  id: string;
  key: Buffer;
}

/** A 256-bit key from any secret of at least 16 characters (TOKEN_KEY, or JWT_SECRET): HKDF-SHA256. */
function keyFrom(material: string): Key {
  const key = Buffer.from(hkdfSync('sha256', material, 'specter', 'pos-token-v1', 32));
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

const isSealed = (stored: string) => stored.startsWith(PREFIX);
function parts(stored: string) {
  const [kid, hint, payload] = stored.slice(PREFIX.length).split(':');
  return { kid, hint: Buffer.from(hint ?? '', 'base64url').toString('utf8'), payload: payload ?? '' };
}

/** The masked form of a stored token, sealed or not, without the key. */
export function maskStored(stored: string): string {
  return isSealed(stored) ? MASK + parts(stored).hint : maskToken(stored);
}

export function createSealer(current: string, previous: string[] = []): Sealer {
  const now = keyFrom(current);
  const keys = new Map<string, Key>([now, ...previous.map(keyFrom)].map((k) => [k.id, k]));
  return {
    isSealed,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', now.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const hint = b64(Buffer.from(plain.length >= 8 ? plain.slice(-4) : '', 'utf8'));
      return `${PREFIX}${now.id}:${hint}:${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const { kid, payload } = parts(stored);
      const k = keys.get(kid);
      if (!k) throw new Error(`A POS token was sealed with a key this server does not have (key id ${kid})`);
      const [iv, tag, body] = payload.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', k.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    mask: maskStored,
    needsSealing: (stored) => !isSealed(stored) || parts(stored).kid !== now.id,
  };
}

/** Tokens never appear in keys or rows: a short hash names them (the call budget, the health figures). */
export const tokenKey = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 24);

const sealers = new WeakMap<object, Sealer>();

/** The server's sealer: TOKEN_KEY (with TOKEN_KEY_PREVIOUS for rotation), else the server secret. */
export function sealerOf(config: Pick<Config, 'TOKEN_KEY' | 'TOKEN_KEY_PREVIOUS' | 'JWT_SECRET'>): Sealer {
  let s = sealers.get(config);
  if (!s) {
    const material = config.TOKEN_KEY ?? config.JWT_SECRET;
    if (!material) throw new Error('TOKEN_KEY or JWT_SECRET is needed to seal POS tokens');
    s = createSealer(material, config.TOKEN_KEY_PREVIOUS ?? []);
    sealers.set(config, s);
  }
  return s;
}
