// POS tokens at rest (docs/SECURITY.md, "POS tokens"): sealed with AES-256-GCM (node:crypto) under a key from
// the environment - TOKEN_KEY, else derived from JWT_SECRET - so a copy of the database alone does not give a
// restaurant's Foodics access. A sealed value reads `sealed:v1:<key id>:<hint>:<iv.tag.ciphertext>`: the key id
// (8 hex of the key's SHA-256) says which key sealed it, so rotating the key (TOKEN_KEY_PREVIOUS) reseals
// what an older key sealed; the hint is the token's last 4 characters, so a masked form is shown without the key.
// A value not in that form is a token from before sealing: it is read as it is, and sealed at the next start.
// The same key seals the other secrets a database read must not give (issue 48 item 8): the admins' TOTP secrets,
// the Foodics webhook secret, the shared receipt links' copies - each WITHOUT a hint (`seal(x, { hint: false })`:
// 4 of a TOTP secret's 32 characters are 20 of its 160 bits). Keys for other uses come from the same material
// (`keysFor`: My receipts' cookie), and a POS token is found by an HMAC under it (`lookupKey`), never by a hash
// anyone could compute.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
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
  /** Sealed under the current key; with the last 4 characters as a hint unless `hint: false` (a secret that is
   * never shown masked: no hint at all). */
  seal(plain: string, opts?: { hint?: boolean }): string;
  /** The token; a value that is not sealed is returned as it is. Throws when no known key sealed it. */
  open(stored: string): string;
  /** The masked form of a stored value (sealed or not), without opening it. */
  mask(stored: string): string;
  isSealed(stored: string): boolean;
  /** Not sealed, or sealed by an older key: the start-up reseals it. */
  needsSealing(stored: string): boolean;
  /** Sealed with a hint (the last characters of the value) in clear. */
  hasHint(stored: string): boolean;
  /** The key a POS token is found by in rows and counters (restaurants.token_key, the call budget): an HMAC under a
   * key of the current material, so a database read cannot tell which token it is. */
  lookupKey(token: string): string;
}

interface Key {
  id: string;
  key: Buffer;
}

/** A 256-bit key for one use from any secret of at least 16 characters (TOKEN_KEY, or JWT_SECRET): HKDF-SHA256. */
const derive = (material: string, use: string) => Buffer.from(hkdfSync('sha256', material, 'specter', use, 32));

function keyFrom(material: string): Key {
  const key = derive(material, 'pos-token-v1');
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
  const lookup = derive(current, 'pos-token-lookup-v1');
  return {
    isSealed,
    seal(plain, opts) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', now.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const hint = b64(Buffer.from(opts?.hint !== false && plain.length >= 8 ? plain.slice(-4) : '', 'utf8'));
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
    hasHint: (stored) => isSealed(stored) && parts(stored).hint !== '',
    // Tokens never appear in keys or rows: a keyed hash names them (the call budget, the health figures).
    lookupKey: (token) => createHmac('sha256', lookup).update(token).digest('hex').slice(0, 32),
  };
}

/** A key for one use (`use` names it) from the server's sealing material - TOKEN_KEY, else JWT_SECRET - and the
 * same use's keys from TOKEN_KEY_PREVIOUS, still accepted for what they signed before a rotation. */
export function keysFor(
  config: Pick<Config, 'TOKEN_KEY' | 'TOKEN_KEY_PREVIOUS' | 'JWT_SECRET'>,
  use: string,
): { current: Buffer; previous: Buffer[] } {
  const material = config.TOKEN_KEY ?? config.JWT_SECRET;
  if (!material) throw new Error('TOKEN_KEY or JWT_SECRET is needed');
  return { current: derive(material, use), previous: (config.TOKEN_KEY_PREVIOUS ?? []).map((m) => derive(m, use)) };
}

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
