// The sign-in of My receipts: an HS256 token (jose) in an HttpOnly, SameSite=Strict cookie, Secure when the
// page is served over HTTPS (and `__Host-` prefixed whenever PUBLIC_URL is https), for CUSTOMER_SESSION_MINUTES. It names the phone it was opened for (E.164) and
// the app user it found then (0 when the phone had no account yet); its audience is not the admin's, so an
// admin token is no customer session and the other way round (docs/CUSTOMER.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { CUSTOMER_COOKIE } from '../../src/contract';
import type { Config } from '../config';

export const CUSTOMER_AUDIENCE = 'specter-customer';
const AUDIENCE = CUSTOMER_AUDIENCE;

/** The signing key of customer sessions: the server secret, kept apart from the admin tokens' use of it. */
export const sessionKey = (config: Config) => new TextEncoder().encode(`${config.JWT_SECRET ?? ''}:customer-session`);

export interface CustomerSession {
  phone: string;
  /** The app user found at sign-in, or 0 when the phone had none. */
  userId: number;
  /** When it was issued (to the millisecond): signing out ends it and every earlier one of the phone
   * (db/repositories/customerSessions.ts). */
  issuedAt: Date;
  expiresAt: Date;
}

export interface SessionService {
  open(reply: FastifyReply, req: FastifyRequest, phone: string, userId: number): Promise<CustomerSession>;
  read(req: FastifyRequest): Promise<CustomerSession | null>;
  close(reply: FastifyReply, req: FastifyRequest): void;
}

/** Served over https (PUBLIC_URL): the cookie is `__Host-` prefixed, so the browser keeps it Secure, for this
 * host only and for the whole path, and no subdomain can set or shadow it. */
export const customerCookieName = (config: Pick<Config, 'PUBLIC_URL'>) =>
  config.PUBLIC_URL?.startsWith('https:') ? `__Host-${CUSTOMER_COOKIE}` : CUSTOMER_COOKIE;

export function createSessionService(config: Config): SessionService {
  const key = sessionKey(config);
  const seconds = config.CUSTOMER_SESSION_MINUTES * 60;
  const https = config.PUBLIC_URL?.startsWith('https:') === true;
  const COOKIE = customerCookieName(config);
  const cookieOptions = (req: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: https || req.protocol === 'https',
    path: '/',
  });
  return {
    async open(reply, req, phone, userId) {
      const now = Date.now();
      // `at`: the issue time to the millisecond (iat has seconds), so a sign-out ends exactly this session and
      // the earlier ones, never one opened a moment later.
      const token = await new SignJWT({ uid: userId, at: now })
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
      };
    },
    async read(req) {
      const token = req.cookies?.[COOKIE];
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
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
        return {
          phone: payload.sub,
          userId,
          issuedAt: new Date(typeof payload.at === 'number' ? payload.at : payload.iat * 1000),
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch {
        return null;
      }
    },
    close(reply, req) {
      reply.clearCookie(COOKIE, cookieOptions(req));
    },
  };
}
