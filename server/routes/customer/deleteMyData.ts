// Delete my data (docs/CUSTOMER.md): a fresh code to the signed-in customer's phone, then the app user and their
// saved receipts deleted with it - or with no code within CUSTOMER_RECENT_PROOF_MINUTES of the sign-in that proved
// the phone - a confirmation texted and the session ended. Codes go through server/otp (docs/SECURITY.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codeErrorSchema,
  customerCodeBody,
  dataDeletedSchema,
  errorSchema,
  messageSchema,
} from '../../../src/contract';
import { badRequest } from '../../lib/errors';
import { en } from '../../i18n/en';
import { savedReceiptsInWords, say } from '../../i18n';
import { maskPhone } from '../../core/phone';
import { deleteCustomerData } from '../../customer/deleteData';
import { customer, type CustomerSessions } from './signedIn';

export function deleteMyDataRoutes(fastify: FastifyInstance, { sessions, signedIn }: CustomerSessions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps.database;
  const { otp } = app;

  app.post(
    '/customer/data/code',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary:
          "Texts a fresh code to the signed-in customer's phone, to confirm Delete my data (not needed within CUSTOMER_RECENT_PROOF_MINUTES of a sign-in).",
        response: { 200: messageSchema, 401: errorSchema, 429: errorSchema, 502: errorSchema, 503: errorSchema },
      },
    },
    async (req) => {
      const s = await signedIn(req);
      // Always a fresh text (as before): the confirmation is asked for once, on purpose.
      await otp.send(s.phone, req.ip, undefined, req.lang, 'deleteData', true);
      return { message: say(req.lang, 'codeSent') };
    },
  );

  app.post(
    '/customer/data/delete',
    {
      config: { ...customer, changes: ['appUsers', 'savedOrders', 'phoneLocks', 'activity', 'loyalty'] },
      schema: {
        tags: ['customer'],
        summary:
          'Delete my data: with a fresh code (or none within CUSTOMER_RECENT_PROOF_MINUTES of the sign-in that proved the phone), deletes the app user and their saved receipts, texts a confirmation and ends the session.',
        body: customerCodeBody,
        response: { 200: dataDeletedSchema, 400: codeErrorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      const code = req.body.otp;
      // A sign-in a few minutes ago proved the phone: no second code. An older session confirms by code.
      if (code === undefined && !sessions.recentlyProved(s)) throw badRequest(en.enterCode);
      const gone =
        code === undefined
          ? await db.transaction((tx) => deleteCustomerData(tx, s.phone))
          : await otp.verifyAndConsume(
              s.phone,
              code,
              req.ip,
              null,
              (tx) => deleteCustomerData(tx, s.phone),
              'deleteData',
            );
      sessions.close(reply, req);
      try {
        await deps.sms.send(
          s.phone,
          say(req.lang, 'dataDeletedSms', { receipts: savedReceiptsInWords(req.lang, gone.receipts) }),
        );
      } catch (err) {
        // The data is gone whatever the SMS provider does; the page shows the confirmation.
        req.log.warn(`[sms] confirmation of deleted data to ${maskPhone(s.phone)} failed: ${(err as Error).message}`);
      }
      return {
        message: say(req.lang, 'dataDeleted', { receipts: savedReceiptsInWords(req.lang, gone.receipts) }),
        receipts: gone.receipts,
      };
    },
  );
}
