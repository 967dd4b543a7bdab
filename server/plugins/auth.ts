// `app.requireAdmin` is the preHandler of every back-office call: a bearer token of a live account or 401; then
// the route's roles (issue 26, docs/SECURITY.md "Roles"): `config.roles` lists who may call it (default: admin
// only, so a new route is closed to managers and staff until it says otherwise), anyone else 403. The token carries
// the account's id only; its role and restaurants are read here per request (remembered for ANSWER_CACHE_MS, as the
// token's check always was) and become `req.scope`, which routes pass to the repositories.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { TOTP_SETUP_NEEDED, type Action, type CrudAction, type Role } from '../../src/contract';
import { liveAdminForToken } from '../db/repositories/admins';
import { scopeKey, scopeOf, type Scope } from '../db/scope';
import { forbidden, unauthorized } from '../lib/errors';
import type { LiveAccount } from '../lib/answerCaches';

declare module 'fastify' {
  interface FastifyInstance {
    requireAdmin: (req: FastifyRequest) => Promise<void>;
    /** The live account behind a request's bearer token, or null. */
    adminFromRequest: (req: FastifyRequest) => Promise<LiveAccount | null>;
    /** Sets req.admin and req.scope for a live account and checks the route's roles (403 when not allowed). */
    admitAccount: (req: FastifyRequest, account: LiveAccount) => void;
  }
  interface FastifyRequest {
    admin?: LiveAccount;
    /** What the signed-in account may see (server/db/scope.ts); set by the admin guard. */
    scope?: Scope;
  }
  interface FastifyContextConfig {
    /** Who may call a back-office route (issue 26); default ['admin']. */
    roles?: readonly Role[];
    /** The declared resource and actions the roles come from (server/routes/resourceRoutes.ts, `allow`): issue 46,
     * tests/server/security/declaredRoles.test.ts holds the roles to the declaration. */
    resource?: string;
    actions?: readonly Action[];
    /** Registered by resourceRoutes for this action of its resource (the tests derive its matrix rows). */
    crud?: CrudAction;
    /** Open to an account that must still turn on two-step sign-in (ADMIN_TOTP_REQUIRED): its own enrolment, sign-out. */
    beforeTotp?: boolean;
  }
}

/** A token as admin_token_revocations names it: never the token itself. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The message of a 403: the role may not take this action. */
export const NOT_ALLOWED = 'Your role does not allow this';

/** ADMIN_TOTP_REQUIRED: an account without its second factor can only turn it on (or sign out): 403 otherwise. */
export function requireTotpDone(app: FastifyInstance, account: LiveAccount) {
  if (app.deps.config.ADMIN_TOTP_REQUIRED && !account.totpOn) throw forbidden(TOTP_SETUP_NEEDED);
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/** The scope of a request behind the admin guard (a route without the guard never asks). */
export function scopeOfRequest(req: FastifyRequest): Scope {
  if (!req.scope) throw new Error(`${req.method} ${req.url}: the scope is read behind app.requireAdmin only`);
  return req.scope;
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

  app.decorate('admitAccount', (req: FastifyRequest, account: LiveAccount) => {
    req.admin = account;
    req.scope = scopeOf(account);
    req.answersFor = scopeKey(req.scope);
    const roles = req.routeOptions.config?.roles ?? ['admin'];
    if (!roles.includes(account.role)) throw forbidden(NOT_ALLOWED);
    if (!req.routeOptions.config?.beforeTotp) requireTotpDone(app, account);
  });

  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    if (!bearerToken(req)) throw unauthorized('Missing or malformed Authorization header');
    const admin = await app.adminFromRequest(req);
    if (!admin) throw unauthorized('Your session has expired, please sign in again');
    app.admitAccount(req, admin);
  });
});
