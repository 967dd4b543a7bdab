// My receipts' sign-in and sign-out (docs/CUSTOMER.md): a code to a phone (through server/otp, under the same
// limits as saving an invoice), the short session in a cookie it opens - or that a save's proof opens with no
// other code - who is signed in, and signing out, which ends every session of the phone on the server too.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codeErrorSchema,
  codeSentSchema,
  customerPhoneBody,
  customerProofBody,
  customerSessionSchema,
  customerSignInBody,
  errorSchema,
  messageSchema,
} from '../../../src/contract';
import { signInAppUser } from '../../db/repositories/appUsers';
import { endSessions, sessionsEndedAt } from '../../db/repositories/customerSessions';
import { HttpError } from '../../lib/errors';
import { en } from '../../i18n/en';
import { say } from '../../i18n';
import { customer, type CustomerSessions } from './signedIn';

export function signInRoutes(fastify: FastifyInstance, { sessions, signedIn, sessionAnswer }: CustomerSessions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { otp } = app;

  app.post(
    '/customer/code',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary: 'Texts a 4-digit code to sign in to My receipts (the limits of saving an invoice). Public.',
        description:
          'When the phone already has a live sign-in code, nothing is texted: 200 with `sent: false` and `resendIn` ' +
          '(seconds); `resend: true` texts the same code again once the resend wait is over.',
        security: [],
        body: customerPhoneBody,
        response: { 200: codeSentSchema, 400: errorSchema, 429: errorSchema, 502: errorSchema, 503: errorSchema },
      },
    },
    async (req) => {
      const { sent, resendIn } = await otp.send(
        req.body.phone,
        req.ip,
        undefined,
        req.lang,
        'signIn',
        req.body.resend === true,
      );
      return { message: say(req.lang, sent ? 'codeSent' : 'codeStillLive'), sent, resendIn };
    },
  );

  app.post(
    '/customer/session',
    {
      config: { ...customer, changes: ['appUsers', 'phoneLocks'] },
      schema: {
        tags: ['customer'],
        summary: 'Signs in to My receipts with the phone and its code: sets the session cookie. Public.',
        security: [],
        body: customerSignInBody,
        response: { 200: customerSessionSchema, 400: codeErrorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const phone = otp.normalize(req.body.phone);
      // The same answer whether or not the phone has saved anything: no account enumeration.
      const userId = await otp.verifyAndConsume(
        phone,
        req.body.otp,
        req.ip,
        null,
        (tx) => signInAppUser(tx, phone),
        'signIn',
      );
      return sessionAnswer(await sessions.open(reply, req, phone, userId));
    },
  );

  app.post(
    '/customer/session/from-save',
    {
      config: { ...customer, changes: ['appUsers'] },
      schema: {
        tags: ['customer'],
        summary:
          "Signs in to My receipts with the proof a save just gave (add-order's `proof`): no other code. Public.",
        description:
          'The proof is good for CUSTOMER_RECENT_PROOF_MINUTES after the save, and not after the phone signed out ' +
          'or deleted its data; otherwise 401 and the page asks for a code as usual.',
        security: [],
        body: customerProofBody,
        response: { 200: customerSessionSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const proof = await sessions.readProof(req.body.proof);
      const ended = proof && (await sessionsEndedAt(db, proof.phone));
      if (!proof || (ended && proof.at <= ended)) throw new HttpError(401, en.signInRequired);
      const userId = await signInAppUser(db, proof.phone);
      return sessionAnswer(await sessions.open(reply, req, proof.phone, userId, proof.at));
    },
  );

  app.get(
    '/customer/session',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary: 'Who is signed in to My receipts (the phone masked), or 401.',
        response: { 200: customerSessionSchema, 401: errorSchema },
      },
    },
    async (req) => sessionAnswer(await signedIn(req)),
  );

  app.delete(
    '/customer/session',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary:
          'Signs out of My receipts: the cookie is cleared and the session ended on the server (a copy of the cookie is refused too).',
        response: { 200: messageSchema },
      },
    },
    async (req, reply) => {
      // Ended on the server too, so a copy of the cookie is over as well (every session of the phone).
      const s = await sessions.read(req);
      if (s) await endSessions(db, s.phone, s.issuedAt);
      sessions.close(reply, req);
      return { message: say(req.lang, 'signedOut') };
    },
  );
}
