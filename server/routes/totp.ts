// Two-step sign-in for back-office accounts (docs/SECURITY.md, "Two-step sign-in"): each account turns it on for
// itself (enrol, with its password: a new secret shown once as a QR and as text; confirm: a first code turns it on,
// ends every other session and answers the recovery codes, shown once, with this session's new token), and off with
// its password. An admin resets another account's (DELETE /admin/{id}/totp: a lost phone, a lock). The passwords
// asked here count on the sign-in limits, as a sign-in's do. ADMIN_TOTP_REQUIRED makes an account without it enrol
// before anything else (server/plugins/auth.ts); its own routes stay open to it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  errorSchema,
  idParam,
  PASSWORD_WRONG,
  TOTP_CODE_WRONG,
  totpEnrolBody,
  totpEnrolment,
  totpRecoveryCodes,
  totpStatus,
} from '../../src/contract';
import type { Db } from '../db/client';
import type { Config } from '../config';
import {
  adminPasswordHash,
  disableTotp,
  enableTotp,
  liveAccountIn,
  resetTotp,
  setPendingTotp,
  totpState,
  useRecoveryCode,
  useTotpStep,
} from '../db/repositories/admins';
import { actorOf, recordActivity } from '../db/audit';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { loginThrottle } from '../db/loginThrottle';
import { scopeOfRequest } from '../plugins/auth';
import { verifyPassword } from '../lib/passwords';
import { sealerOf } from '../lib/sealing';
import { isTotpCode, newRecoveryCodes, newTotpSecret, recoveryHash, totpStep } from '../lib/totp';
import { ALL_ROLES } from './roles';
import { allow } from './resourceRoutes';
import { adminsResource } from '../../src/contract/resources';

/** Whether a sign-in's second step is good: the app's code of a step not used before, or an unused recovery code
 * (taken out of the list at once). */
export async function secondStepOk(
  db: Db,
  config: Config,
  account: { id: number; totpSecret: string | null },
  code: string,
): Promise<boolean> {
  if (!account.totpSecret) return false;
  if (isTotpCode(code)) {
    const step = totpStep(sealerOf(config).open(account.totpSecret), code);
    return step !== null && (await useTotpStep(db, account.id, step, config.ADMIN_TOTP_LOCK_AFTER));
  }
  return useRecoveryCode(db, account.id, recoveryHash(config.JWT_SECRET ?? '', code), config.ADMIN_TOTP_LOCK_AFTER);
}

const codeBody = z.object({ code: z.string({ error: 'Required' }).trim().min(1, 'Required').max(40) });
const message = z.object({ message: z.string() });

export default async function totpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config, tokens } = app.deps;
  const db = database.db;
  const sealer = sealerOf(config);
  const throttle = loginThrottle(app.limiter, config);

  /** The signed-in account's own password, or 400; each try counts on the sign-in limits of this address and e-mail
   * (a stolen token cannot guess the password here faster than at the sign-in). */
  async function ownPassword(req: FastifyRequest, password: string) {
    const admin = req.admin!;
    const email = admin.email.toLowerCase();
    await throttle.attempt(req.ip, email);
    const hash = await adminPasswordHash(db, admin.id);
    if (!hash || !(await verifyPassword(hash, password))) throw badRequest(PASSWORD_WRONG);
    await throttle.succeeded(req.ip, email);
  }
  // Every role manages its own second factor, also before it has one when ADMIN_TOTP_REQUIRED asks for it.
  const own = { roles: ALL_ROLES, beforeTotp: true };
  const security = [{ bearer: [] }];

  app.get(
    '/admin/totp',
    {
      onRequest: app.requireAdmin,
      config: own,
      schema: {
        tags: ['auth'],
        security,
        summary:
          'Your own two-step sign-in: whether it is on, whether it is required, how many recovery codes are left',
        response: { 200: totpStatus, 401: errorSchema },
      },
    },
    async (req) => {
      const state = await totpState(db, req.admin!.id);
      return {
        enabled: !!state?.enabledAt,
        required: config.ADMIN_TOTP_REQUIRED,
        recoveryCodesLeft: state?.enabledAt ? state.recoveryLeft : 0,
      };
    },
  );

  app.post(
    '/admin/totp/enrol',
    {
      onRequest: app.requireAdmin,
      config: { ...own, changes: [] },
      schema: {
        tags: ['auth'],
        security,
        summary:
          'Start turning on two-step sign-in with your password: a new secret (and its otpauth:// address for the QR), shown this once; on after POST /admin/totp/confirm',
        body: totpEnrolBody,
        response: { 200: totpEnrolment, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const state = await totpState(db, req.admin!.id);
      if (state?.enabledAt) throw conflict('Two-step sign-in is already on');
      await ownPassword(req, req.body.password);
      const { secret, uri } = newTotpSecret(req.admin!.email);
      if (!(await setPendingTotp(db, req.admin!.id, sealer.seal(secret))))
        throw conflict('Two-step sign-in is already on');
      return { secret, uri };
    },
  );

  app.post(
    '/admin/totp/confirm',
    {
      onRequest: app.requireAdmin,
      // On: the live accounts' memory forgets this account (ADMIN_TOTP_REQUIRED opens the rest to it at once).
      config: { ...own, changes: ['admins', 'activity'] },
      schema: {
        tags: ['auth'],
        security,
        summary:
          "Turn on two-step sign-in with a first code from the app (of the secret POST /admin/totp/enrol made after your password); answers the recovery codes, shown this once, and this session's new token (data.token): every other session of the account ends",
        body: codeBody,
        response: { 200: totpRecoveryCodes, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const admin = req.admin!;
      const state = await totpState(db, admin.id);
      if (state?.enabledAt) throw conflict('Two-step sign-in is already on');
      if (!state?.secret) throw conflict('Start with POST /admin/totp/enrol');
      const step = totpStep(sealer.open(state.secret), req.body.code);
      if (step === null) throw badRequest(TOTP_CODE_WRONG);
      const recoveryCodes = newRecoveryCodes();
      const hashes = recoveryCodes.map((c) => recoveryHash(config.JWT_SECRET ?? '', c));
      const at = new Date();
      const done = await db.transaction(async (tx) => {
        if (!(await enableTotp(tx, admin.id, hashes, step, at))) return false;
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.totpEnabled',
          target: { type: 'admin', id: admin.id, label: admin.email },
        });
        return true;
      });
      if (!done) throw conflict('Two-step sign-in is already on');
      // Issued after the change (its ms issue time is later): this session goes on with it, every other one ends.
      await new Promise((r) => setTimeout(r, 2));
      return { recoveryCodes, data: { token: await tokens.issue(admin.id) } };
    },
  );

  app.post(
    '/admin/totp/disable',
    {
      onRequest: app.requireAdmin,
      config: { ...own, changes: ['admins', 'activity'] },
      schema: {
        tags: ['auth'],
        security,
        summary: 'Turn off your two-step sign-in; your password is asked',
        body: totpEnrolBody,
        response: { 200: message, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const admin = req.admin!;
      await ownPassword(req, req.body.password);
      const state = await totpState(db, admin.id);
      if (!state?.enabledAt) throw conflict('Two-step sign-in is off');
      await db.transaction(async (tx) => {
        await disableTotp(tx, admin.id);
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.totpDisabled',
          target: { type: 'admin', id: admin.id, label: admin.email },
        });
      });
      return { message: 'Two-step sign-in is off' };
    },
  );

  app.delete(
    '/admin/:id/totp',
    {
      onRequest: app.requireAdmin,
      // Admins only (the admins' declaration: resetTotp). The live accounts' memory forgets the account's sessions.
      config: { changes: ['admins', 'activity'], ...allow(adminsResource, 'resetTotp') },
      schema: {
        tags: ['admins'],
        security,
        summary:
          "Reset another account's two-step sign-in (a lost phone, or locked after too many wrong codes): it is off, and every session of that account ends; in the activity trail (admin.totpReset)",
        params: idParam,
        response: { 200: message, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const actor = req.admin!;
      if (req.params.id === actor.id)
        throw forbidden('Turn off your own two-step sign-in on its page, with your password');
      const done = await db.transaction(async (tx) => {
        const target = await liveAccountIn(tx, scopeOfRequest(req), req.params.id);
        if (!target) throw notFound('Admin not found');
        const state = await totpState(tx, target.id);
        if (!(await resetTotp(tx, target.id, new Date()))) return false;
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.totpReset',
          target: { type: 'admin', id: target.id, label: target.email },
          detail: { wasOn: !!state?.enabledAt, failures: state?.failures ?? 0 },
        });
        return true;
      });
      if (!done) throw conflict('Two-step sign-in is off');
      return { message: 'Two-step sign-in is reset' };
    },
  );
}
