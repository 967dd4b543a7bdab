// POST /admin/login and POST /user/isVerify: the back-office's sign-in and its route guard.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorSchema,
  LOGIN_FAILED,
  loginAnswer,
  loginBody,
  TOTP_CODE_NEEDED,
  TOTP_CODE_WRONG,
  TOTP_LOCKED,
  verifyAnswer,
} from '../../src/contract';
import { z } from 'zod';
import {
  adminPasswordHash,
  changeAdminPassword,
  clearTotpFailures,
  countTotpFailure,
  liveAdminByEmail,
  markSignedIn,
  restaurantNames,
  revokeAdminToken,
} from '../db/repositories/admins';
import { dummyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { badRequest, unauthorized } from '../lib/errors';
import { bearerToken, tokenHash } from '../plugins/auth';
import { actorOf } from '../db/audit';
import { loginThrottle } from '../db/loginThrottle';
import { recordActivity } from '../db/audit';
import { ALL_ROLES } from './roles';
import { secondStepOk } from './totp';
import { wellFormedText } from '../lib/text';
import { metrics } from '../lib/metrics';

/** An e-mail as a refused sign-in sent it, fit for the trail: well-formed, no NUL, not longer than an e-mail. */
const printableEmail = (raw: unknown) =>
  typeof raw === 'string' ? wellFormedText(raw.slice(0, 320).trim().toLowerCase()).replaceAll('\u0000', '\uFFFD') : '';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, tokens, config } = app.deps;
  const throttle = loginThrottle(app.limiter, config);

  /** A wrong second-step code: counted on the account until a right one; the count reaching ADMIN_TOTP_LOCK_AFTER
   * locks the second step and raises the alert once - the trail, the log and a metric (docs/SECURITY.md). */
  async function wrongCode(req: import('fastify').FastifyRequest, admin: { id: number }, email: string) {
    const failures = await countTotpFailure(database.db, admin.id);
    await recordActivity(database.db, {
      admin: null,
      kind: 'admin.signInFailed',
      target: { type: 'admin', id: admin.id, label: email },
      detail: { email, step: 'code' },
      ip: req.ip,
    });
    if (failures !== config.ADMIN_TOTP_LOCK_AFTER) return failures;
    await recordActivity(database.db, {
      admin: null,
      kind: 'admin.totpLocked',
      target: { type: 'admin', id: admin.id, label: email },
      detail: { failures },
      ip: req.ip,
    });
    metrics.adminTotpLocks.inc();
    req.log.warn(
      { alert: 'admin.totpLocked', adminId: admin.id, failures },
      "an account's two-step sign-in locked after too many wrong codes: an admin must reset it",
    );
    return failures;
  }

  app.post(
    '/admin/login',
    {
      config: {
        // Every sign-in and failed sign-in is recorded in the audit trail (the Activity screen)...
        changes: ['activity'],
        // ...one refused for ill-formed text too (server/plugins/errors.ts), with its e-mail made printable.
        onIllFormedInput: async (req) => {
          const email = printableEmail((req.body as { email?: unknown } | null)?.email);
          await recordActivity(database.db, {
            admin: null,
            kind: 'admin.signInFailed',
            target: { type: 'admin', id: null, label: email },
            detail: { email, input: 'ill-formed text' },
            ip: req.ip,
          });
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in an admin; the token is in data.token',
        body: loginBody,
        response: { 200: loginAnswer, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const email = req.body.email.toLowerCase();
      const locked = (failures: number) => failures >= config.ADMIN_TOTP_LOCK_AFTER;
      await throttle.attempt(req.ip, email);
      const admin = await liveAdminByEmail(database.db, email);
      // Verify against a dummy hash for an unknown e-mail, so both failures cost the same time.
      const ok = await verifyPassword(admin?.passwordHash ?? (await dummyHash()), req.body.password);
      if (!admin || !ok) {
        // The activity trail keeps every failed sign-in: the address and the e-mail tried (never the password).
        await recordActivity(database.db, {
          admin: null,
          kind: 'admin.signInFailed',
          target: { type: 'admin', id: admin?.id ?? null, label: email },
          detail: { email },
          ip: req.ip,
        });
        throw unauthorized(LOGIN_FAILED);
      }
      if (admin.totpOn) {
        const code = req.body.code;
        // The password was right and the account asks for its second step: no failure yet. Its second step is locked
        // (no code is checked any more), or the code is asked for.
        if (locked(admin.totpFailures)) {
          await throttle.succeeded(req.ip, email);
          throw unauthorized(TOTP_LOCKED);
        }
        if (!code) {
          await throttle.succeeded(req.ip, email);
          throw unauthorized(TOTP_CODE_NEEDED);
        }
        // A wrong code is a failed sign-in: it keeps its count on the sign-in limits, counts on the account until a
        // right one, and is in the trail.
        if (!(await secondStepOk(database.db, config, admin, code))) {
          throw unauthorized(locked(await wrongCode(req, admin, email)) ? TOTP_LOCKED : TOTP_CODE_WRONG);
        }
      }
      await throttle.succeeded(req.ip, email);
      await database.db.transaction(async (tx) => {
        if (admin.totpOn) await clearTotpFailures(tx, admin.id);
        await markSignedIn(tx, admin.id);
        await recordActivity(tx, {
          admin: { id: admin.id, email },
          kind: 'admin.signedIn',
          target: { type: 'admin', id: admin.id, label: email },
          ip: req.ip,
        });
      });
      return { data: { token: await tokens.issue(admin.id) } };
    },
  );

  app.post(
    '/admin/logout',
    {
      onRequest: app.requireAdmin,
      // The live admins' memory (per token) forgets it on this instance at once. Every role signs itself out.
      config: { changes: ['admins'], roles: ALL_ROLES, beforeTotp: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Sign out: this token stops working on the server at once (not only in the browser)',
        response: { 200: z.object({ message: z.string() }), 401: errorSchema },
      },
    },
    async (req) => {
      const token = bearerToken(req)!;
      const claims = await tokens.verify(token);
      await revokeAdminToken(database.db, tokenHash(token), new Date(claims?.expiresAt ?? Date.now() + 86_400_000));
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/admin/password',
    {
      onRequest: app.requireAdmin,
      // Every role changes its own password.
      config: { changes: ['admins', 'activity'], roles: ALL_ROLES },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary:
          'Change your own password: the current one is asked; every other session ends, and this one gets a new token (data.token)',
        body: z.object({
          oldPassword: z.string().min(1, 'Required').max(200),
          newPassword: z.string().min(8, 'Should not be less than 8 characters').max(200),
        }),
        response: { 200: loginAnswer, 400: errorSchema, 401: errorSchema },
      },
    },
    async (req) => {
      const admin = req.admin!;
      const hash = await adminPasswordHash(database.db, admin.id);
      if (!hash || !(await verifyPassword(hash, req.body.oldPassword)))
        throw badRequest('The current password is wrong');
      const at = new Date();
      const newHash = await hashPassword(req.body.newPassword);
      await database.db.transaction(async (tx) => {
        await changeAdminPassword(tx, admin.id, newHash, at);
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.passwordChanged',
          target: { type: 'admin', id: admin.id, label: admin.email },
        });
      });
      // Issued after the change (its ms issue time is later): this session goes on, the others end.
      await new Promise((r) => setTimeout(r, 2));
      return { data: { token: await tokens.issue(admin.id) } };
    },
  );

  app.post(
    '/user/isVerify',
    {
      config: { changes: [] },
      schema: {
        tags: ['auth'],
        summary:
          "Whether the bearer token belongs to a live account (the body may be empty); when it does, its id, name, email, role, restaurantIds, restaurants and the business day's timeZone",
        response: { 200: verifyAnswer },
      },
    },
    async (req) => {
      const account = await app.adminFromRequest(req);
      if (!account) return { verify: false };
      // Who is signed in (issue 26): the top bar's name, role and restaurants; the web app's permissions; whether
      // it must turn on two-step sign-in before anything else (ADMIN_TOTP_REQUIRED); the business day's time zone,
      // so the period pickers' "today" is the day the server counts in, not the browser's.
      return {
        verify: true,
        ...account,
        totpOn: !!account.totpOn,
        totpSetupNeeded: app.deps.config.ADMIN_TOTP_REQUIRED && !account.totpOn,
        restaurants: await restaurantNames(database.db, account.restaurantIds),
        timeZone: app.deps.config.FUNNEL_TIME_ZONE,
      };
    },
  );
}
