// DELETE /user/{id}/lock: an admin lifts the lock that too many wrong one-time codes put on an app user's
// phone and clears its counts (wrong codes from every address, sends) (docs/RELIABILITY.md, docs/SECURITY.md).
// The App Users screen shows the lock and offers this as a row action.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, idParam, messageSchema } from '../../src/contract';
import { usersResource } from '../../src/contract/resources';
import { allow } from './resourceRoutes';
import { appUserPhone } from '../db/repositories/appUsers';
import { conflict, notFound } from '../lib/errors';
import { forgetPhoneCounts, liftLock } from '../db/phoneLock';
import { maskPhone } from '../core/phone';
import { actorOf, recordActivity } from '../db/audit';

export const LOCK_LIFTED = 'The lock has been lifted';

export default async function userLockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { limiter } = app;

  app.delete(
    '/user/:id/lock',
    {
      config: { changes: ['phoneLocks', 'activity'], ...allow(usersResource, 'unlock') },
      onRequest: app.requireAdmin,
      schema: {
        tags: ['app users'],
        summary: "Lift the lock on an app user's phone after too many wrong codes (admin only)",
        description:
          'A phone is locked for OTP_LOCK_HOURS after OTP_PHONE_LOCK_AFTER wrong codes in a row. This lifts the lock ' +
          "at once and clears the phone's counts (its wrong codes of the day from every address, its sends). 404 for " +
          'an unknown app user, 409 when the phone has neither a lock nor counts.',
        security: [{ bearer: [] }],
        params: idParam,
        response: {
          200: messageSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req) => {
      const phone = await appUserPhone(db, req.params.id);
      if (phone === undefined) throw notFound('App user not found');
      const counts = await forgetPhoneCounts(limiter, phone);
      const lift = await db.transaction(async (tx) => {
        const done = await liftLock(tx, app.deps.config, phone);
        // The audit trail records it in the same transaction (docs/ARCHITECTURE.md, The audit trail).
        if (done.cleared || counts > 0)
          await recordActivity(tx, {
            ...actorOf(req),
            kind: 'phone.unlocked',
            target: { type: 'appUser', id: req.params.id, label: maskPhone(phone) },
            detail: { wasLocked: done.locked, addressesCleared: counts },
          });
        return done;
      });
      if (!lift.cleared && counts === 0) throw conflict('This number is not locked');
      return { message: LOCK_LIFTED };
    },
  );
}
