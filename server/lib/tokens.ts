// Admin bearer tokens: HS256 JWTs signed with the server secret (jose).
import { SignJWT, jwtVerify } from 'jose';

export interface TokenService {
  issue(adminId: number): Promise<string>;
  /** The admin id, or null for a missing, malformed, expired or forged token. */
  verify(token: string): Promise<{ adminId: number; issuedAt: number } | null>;
}

export function createTokenService(secret: string, ttl: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (adminId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(adminId))
        .setIssuedAt()
        .setExpirationTime(ttl)
        .setAudience('specter-admin')
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'specter-admin' });
        const adminId = Number(payload.sub);
        if (!Number.isInteger(adminId) || adminId <= 0) return null;
        return { adminId, issuedAt: payload.iat ?? 0 };
      } catch {
        return null;
      }
    },
  };
}
