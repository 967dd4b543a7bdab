// `app.requireAdmin` is the preHandler of every admin call: a bearer token of a live admin or 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { liveAdminForToken } from '../db/repositories/admins';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    requireAdmin: (req: FastifyRequest) => Promise<void>;
    /** The live admin behind a request's bearer token, or null. */
    adminFromRequest: (req: FastifyRequest) => Promise<{ id: number; name: string; email: string } | null>;
  }
  interface FastifyRequest {
    admin?: { id: number; name: string; email: string };
  }
}

/** A token as admin_token_revocations names it: never the token itself. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

export default fp(async function auth(app: FastifyInstance) {
  const { tokens, database } = app.deps;

  app.decorate('adminFromRequest', async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    // Remembered for ANSWER_CACHE_MS per token; an admin removed, a sign-out or a password change on this instance
    // drops it (server/lib/answerCaches.ts), other instances see it within that time.
    const hash = tokenHash(token);
    return app.answers.liveAdmins.get(`${claims.adminId}:${hash}`, () =>
      liveAdminForToken(database.db, claims.adminId, hash, claims.issuedAtMs),
    );
  });

  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    if (!bearerToken(req)) throw unauthorized('Missing or malformed Authorization header');
    const admin = await app.adminFromRequest(req);
    if (!admin) throw unauthorized('Your session has expired, please sign in again');
    req.admin = admin;
  });
});
