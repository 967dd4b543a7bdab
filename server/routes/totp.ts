// Two-step sign-in for back-office accounts (docs/SECURITY.md, "Two-step sign-in"): each account turns it on for
// itself (enrol: a new secret shown once as a QR and as text; confirm: a first code turns it on and answers the
// recovery codes, shown once), and off with its password. ADMIN_TOTP_REQUIRED makes an account without it enrol
// before anything else (server/plugins/auth.ts); these routes stay open to it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, TOTP_CODE_WRONG, totpEnrolment, totpRecoveryCodes, totpStatus } from '../../src/contract';
import type { Db } from '../db/client';
import type { Config } from '../config';
import {
  adminPasswordHash,
  disableTotp,
  enableTotp,
  setPendingTotp,
  totpState,
  useRecoveryCode,
  useTotpStep,
} from '../db/repositories/admins';
import { actorOf, recordActivity } from '../db/audit';
import { badRequest, conflict } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { sealerOf } from '../lib/sealing';
import { isTotpCode, newRecoveryCodes, newTotpSecret, recoveryHash, totpStep } from '../lib/totp';
import { ALL_ROLES } from './roles';

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
    return step !== null && (await useTotpStep(db, account.id, step));
  }
  return useRecoveryCode(db, account.id, recoveryHash(config.JWT_SECRET ?? '', code));
}

const codeBody = z.object({ code: z.string({ error: 'Required' }).trim().min(1, 'Required').max(40) });
const passwordBody = z.object({ password: z.string({ error: 'Required' }).min(1, 'Required').max(200) });
const message = z.object({ message: z.string() });

export default async function totpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.deps;
  const db = database.db;
  const sealer = sealerOf(config);
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
          'Start turning on two-step sign-in: a new secret (and its otpauth:// address for the QR), shown this once; on after POST /admin/totp/confirm',
        response: { 200: totpEnrolment, 401: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
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
        summary: 'Turn on two-step sign-in with a first code from the app; answers the recovery codes, shown this once',
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
      const done = await db.transaction(async (tx) => {
        if (!(await enableTotp(tx, admin.id, hashes, step))) return false;
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.totpEnabled',
          target: { type: 'admin', id: admin.id, label: admin.email },
        });
        return true;
      });
      if (!done) throw conflict('Two-step sign-in is already on');
      return { recoveryCodes };
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
        body: passwordBody,
        response: { 200: message, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const admin = req.admin!;
      const hash = await adminPasswordHash(db, admin.id);
      if (!hash || !(await verifyPassword(hash, req.body.password))) throw badRequest('The current password is wrong');
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
}
