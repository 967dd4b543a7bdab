// The sign-in of My receipts: an HS256 token (jose) in an HttpOnly, SameSite=Strict cookie, Secure when the
// page is served over HTTPS (and `__Host-` prefixed whenever PUBLIC_URL is https), for CUSTOMER_SESSION_MINUTES. It names the phone it was opened for (E.164) and
// the app user it found then (0 when the phone had no account yet); its audience is not the admin's, so an
// admin token is no customer session and the other way round (docs/CUSTOMER.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { CUSTOMER_COOKIE } from '../../src/contract';
import type { Config } from '../config';
import { keysFor } from '../lib/sealing';

export const CUSTOMER_AUDIENCE = 'specter-customer';
const AUDIENCE = CUSTOMER_AUDIENCE;
/** A save's proof of the phone (the Success dialog's "See my receipts"): never a session, never the reverse. */
export const PROOF_AUDIENCE = 'specter-customer-proof';

/** The signing key of customer sessions and proofs: derived from TOKEN_KEY (else the server secret, lib/sealing.ts
 * keysFor), never JWT_SECRET itself, which on PostgreSQL may be kept in the database (issue 48). A key of
 * TOKEN_KEY_PREVIOUS still reads what it signed until it expires. */
const SESSION_KEY_USE = 'customer-session-v1';
export const sessionKey = (config: Config) => new Uint8Array(keysFor(config, SESSION_KEY_USE).current);

/** The first of the keys that verifies the token, or throws as jose does. */
async function verifyWithAny(token: string, keys: Uint8Array[], audience: string) {
  let last: unknown;
  for (const key of keys) {
    try {
      return await jwtVerify(token, key, { algorithms: ['HS256'], audience });
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

export interface CustomerSession {
  phone: string;
  /** The app user found at sign-in, or 0 when the phone had none. */
  userId: number;
  /** When it was issued (to the millisecond): signing out ends it and every earlier one of the phone
   * (db/repositories/customerSessions.ts). */
  issuedAt: Date;
  expiresAt: Date;
  /** When the phone was last proved (the code of this sign-in, or the save whose proof opened it): for
   * CUSTOMER_RECENT_PROOF_MINUTES after it, Delete my data needs no second code. */
  provedAt: Date;
}

/** A save's proof that this browser holds the phone: the phone and when (to the millisecond). */
export interface PhoneProof {
  phone: string;
  at: Date;
}

export interface SessionService {
  open(
    reply: FastifyReply,
    req: FastifyRequest,
    phone: string,
    userId: number,
    provedAt?: Date,
  ): Promise<CustomerSession>;
  read(req: FastifyRequest): Promise<CustomerSession | null>;
  close(reply: FastifyReply, req: FastifyRequest): void;
  /** A proof of the phone for CUSTOMER_RECENT_PROOF_MINUTES (null when that is 0): given to the page that saved. */
  proof(phone: string): Promise<string | null>;
  /** The phone and time of a proof still good, or null. */
  readProof(token: string): Promise<PhoneProof | null>;
  /** Whether the session proved its phone recently enough to delete its data without a second code. */
  recentlyProved(s: CustomerSession): boolean;
}

/** Served over https (PUBLIC_URL): the cookie is `__Host-` prefixed, so the browser keeps it Secure, for this
 * host only and for the whole path, and no subdomain can set or shadow it. */
export const customerCookieName = (config: Pick<Config, 'PUBLIC_URL'>) =>
  config.PUBLIC_URL?.startsWith('https:') ? `__Host-${CUSTOMER_COOKIE}` : CUSTOMER_COOKIE;

export function createSessionService(config: Config): SessionService {
  const key = sessionKey(config);
  const readable = [key, ...keysFor(config, SESSION_KEY_USE).previous.map((k) => new Uint8Array(k))];
  const seconds = config.CUSTOMER_SESSION_MINUTES * 60;
  const recentMs = config.CUSTOMER_RECENT_PROOF_MINUTES * 60_000;
  const https = config.PUBLIC_URL?.startsWith('https:') === true;
  const COOKIE = customerCookieName(config);
  const cookieOptions = (req: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: https || req.protocol === 'https',
    path: '/',
  });
  return {
    async open(reply, req, phone, userId, provedAt = new Date()) {
      const now = Date.now();
      // `at`: the issue time to the millisecond (iat has seconds), so a sign-out ends exactly this session and
      // the earlier ones, never one opened a moment later. `pv`: when the phone was proved.
      const token = await new SignJWT({ uid: userId, at: now, pv: provedAt.getTime() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(phone)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${seconds}s`)
        .sign(key);
      reply.setCookie(COOKIE, token, { ...cookieOptions(req), maxAge: seconds });
      return {
        phone,
        userId,
        issuedAt: new Date(now),
        expiresAt: new Date(now + seconds * 1000),
        provedAt,
      };
    },
    async read(req) {
      const token = req.cookies?.[COOKIE];
      if (!token) return null;
      try {
        const { payload } = await verifyWithAny(token, readable, AUDIENCE);
        const userId = Number(payload.uid);
        if (
          typeof payload.sub !== 'string' ||
          !payload.sub.startsWith('+') ||
          !Number.isInteger(userId) ||
          userId < 0 ||
          !payload.exp ||
          !payload.iat
        )
          return null;
        const issuedAt = new Date(typeof payload.at === 'number' ? payload.at : payload.iat * 1000);
        return {
          phone: payload.sub,
          userId,
          issuedAt,
          expiresAt: new Date(payload.exp * 1000),
          provedAt: typeof payload.pv === 'number' ? new Date(payload.pv) : issuedAt,
        };
      } catch {
        return null;
      }
    },
    close(reply, req) {
      reply.clearCookie(COOKIE, cookieOptions(req));
    },
    async proof(phone) {
      if (recentMs === 0) return null;
      return new SignJWT({ at: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(phone)
        .setAudience(PROOF_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${recentMs / 1000}s`)
        .sign(key);
    },
    async readProof(token) {
      try {
        const { payload } = await verifyWithAny(token, readable, PROOF_AUDIENCE);
        if (typeof payload.sub !== 'string' || !payload.sub.startsWith('+') || typeof payload.at !== 'number')
          return null;
        return { phone: payload.sub, at: new Date(payload.at) };
      } catch {
        return null;
      }
    },
    recentlyProved(s) {
      return Date.now() - s.provedAt.getTime() < recentMs;
    },
  };
}
