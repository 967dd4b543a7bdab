// POST /admin/login and POST /user/isVerify: the back-office's sign-in and its route guard.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, LOGIN_FAILED, loginAnswer, loginBody, verifyAnswer } from '../../src/contract';
import { liveAdminByEmail, markSignedIn, restaurantNames } from '../db/repositories/admins';
import { dummyHash, verifyPassword } from '../lib/passwords';
import { unauthorized } from '../lib/errors';
import { loginThrottle } from '../db/loginThrottle';
import { recordActivity } from '../db/audit';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, tokens } = app.deps;
  const throttle = loginThrottle(app.limiter, app.deps.config);

  app.post(
    '/admin/login',
    {
      // Every sign-in and failed sign-in is recorded in the audit trail (the Activity screen).
      config: { changes: ['activity'] },
      schema: {
        tags: ['auth'],
        summary: 'Sign in an admin; the token is in data.token',
        body: loginBody,
        response: { 200: loginAnswer, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const email = req.body.email.toLowerCase();
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
      await throttle.succeeded(req.ip, email);
      await database.db.transaction(async (tx) => {
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
    '/user/isVerify',
    {
      config: { changes: [] },
      schema: {
        tags: ['auth'],
        summary:
          'Whether the bearer token belongs to a live account (the body may be empty); when it does, its id, name, email, role, restaurantIds and restaurants',
        response: { 200: verifyAnswer },
      },
    },
    async (req) => {
      const account = await app.adminFromRequest(req);
      if (!account) return { verify: false };
      // Who is signed in (issue 26): the top bar's name, role and restaurants; the web app's permissions.
      return { verify: true, ...account, restaurants: await restaurantNames(database.db, account.restaurantIds) };
    },
  );
}
