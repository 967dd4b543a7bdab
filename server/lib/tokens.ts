// Admin bearer tokens: HS256 JWTs signed with the server secret (jose).
import { SignJWT, jwtVerify } from 'jose';

export interface TokenService {
  issue(adminId: number): Promise<string>;
  /** The admin id, or null for a missing, malformed, expired or forged token. */
  verify(token: string): Promise<{ adminId: number; issuedAt: number; issuedAtMs: number; expiresAt: number } | null>;
}

/** Verified tokens kept at most this many; past it the memory starts again. */
const MAX_REMEMBERED = 10_000;

/**
 * rememberMs: a token that verified is trusted again without re-checking its signature for this long (never past
 * its own expiry) on this instance - the dashboard's calls come several a second from one screen, and jose's
 * HMAC check through WebCrypto is the costliest step of an admin call that is answered from memory
 * (docs/PERFORMANCE.md). A forged or expired token is never remembered.
 */
export function createTokenService(secret: string, ttl: string, rememberMs = 0): TokenService {
  const key = new TextEncoder().encode(secret);
  type Claims = { adminId: number; issuedAt: number; issuedAtMs: number; expiresAt: number };
  const remembered = new Map<string, { claims: Claims; until: number }>();
  return {
    issue: (adminId) =>
      // ims: the issue time in ms, so a password change ends the sessions issued before it even within one second.
      new SignJWT({ ims: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(adminId))
        .setIssuedAt()
        .setExpirationTime(ttl)
        .setAudience('specter-admin')
        .sign(key),
    async verify(token) {
      const now = Date.now();
      const kept = remembered.get(token);
      if (kept && kept.until > now) return kept.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'specter-admin' });
        const adminId = Number(payload.sub);
        if (!Number.isInteger(adminId) || adminId <= 0) return null;
        const ims = typeof payload.ims === 'number' ? payload.ims : (payload.iat ?? 0) * 1000;
        const claims = { adminId, issuedAt: payload.iat ?? 0, issuedAtMs: ims, expiresAt: (payload.exp ?? 0) * 1000 };
        if (rememberMs > 0) {
          if (remembered.size >= MAX_REMEMBERED) remembered.clear();
          remembered.set(token, { claims, until: Math.min(now + rememberMs, (payload.exp ?? 0) * 1000) });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
