// The customer's own calls (public, behind /user/receipts): a code to a phone, a short session in a cookie,
// their saved receipts, sign out, and Delete my data after a fresh code. Codes go through server/otp under
// the same limits as saving an invoice. Every message is the customer's, in their language (server/i18n).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerCodeBody,
  customerPhoneBody,
  customerSessionSchema,
  customerSignInBody,
  dataDeletedSchema,
  errorSchema,
  idParam,
  messageSchema,
  receiptPageSchema,
  receiptsQuery,
  savedReceiptSchema,
  codeSentSchema,
  consentsSchema,
  restaurantIdParam,
} from '../../src/contract';
import { appUserPhone, signInAppUser } from '../db/repositories/appUsers';
import { endSessions, sessionsEndedAt } from '../db/repositories/customerSessions';
import { HttpError, notFound } from '../lib/errors';
import { en } from '../i18n/en';
import { savedReceiptsInWords, say } from '../i18n';
import { maskPhone } from '../core/phone';
import { createSessionService, type CustomerSession } from '../customer/session';
import { findReceipt, listReceipts } from '../customer/receipts';
import { deleteCustomerData } from '../customer/deleteData';
import { consentsOf, withdrawConsent } from '../db/repositories/guests';

const customer = { customer: true } as const;

export default async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps.database;
  const { otp } = app;
  const sessions = createSessionService(deps.config);

  /** The signed-in customer, or 401. A session whose app user has gone (deleted data), or that was issued before
   * the phone signed out (a copy of the cookie), is over. */
  async function signedIn(req: FastifyRequest): Promise<CustomerSession> {
    const s = await sessions.read(req);
    const ended = s && (await sessionsEndedAt(db, s.phone));
    if (s && ended && s.issuedAt <= ended) throw new HttpError(401, en.signInRequired);
    if (s && s.userId > 0) {
      if ((await appUserPhone(db, s.userId)) === s.phone) return s;
    } else if (s) return s;
    throw new HttpError(401, en.signInRequired);
  }

  const sessionAnswer = (s: CustomerSession) => ({ phone: maskPhone(s.phone), expiresAt: s.expiresAt.toISOString() });

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
        response: { 200: customerSessionSchema, 400: errorSchema, 429: errorSchema },
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

  app.get(
    '/customer/receipts',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary: "The signed-in customer's saved receipts, newest first, paged.",
        querystring: receiptsQuery,
        response: { 200: receiptPageSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      reply.header('Cache-Control', 'no-store');
      return listReceipts(db, s, req.query.page, req.query.perPage);
    },
  );

  app.get(
    '/customer/receipts/:id',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary: "One of the signed-in customer's saved receipts in full; another customer's is not found.",
        params: idParam,
        response: { 200: savedReceiptSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      const receipt = await findReceipt(db, s, req.params.id);
      if (!receipt) throw notFound(en.receiptNotFound);
      reply.header('Cache-Control', 'no-store');
      return receipt;
    },
  );

  app.post(
    '/customer/data/code',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary: "Texts a fresh code to the signed-in customer's phone, to confirm Delete my data.",
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
      config: { ...customer, changes: ['appUsers', 'savedOrders', 'phoneLocks', 'activity'] },
      schema: {
        tags: ['customer'],
        summary:
          'Delete my data: with a fresh code, deletes the app user and their saved receipts, texts a confirmation and ends the session.',
        body: customerCodeBody,
        response: { 200: dataDeletedSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      const gone = await otp.verifyAndConsume(
        s.phone,
        req.body.otp,
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

  // The guestbook's consents (issue 34): the restaurants this phone said yes to, and Withdraw.
  app.get(
    '/customer/consents',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary: 'The restaurants the signed-in customer let know them as a guest, with when and the wording version.',
        response: { 200: consentsSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      reply.header('Cache-Control', 'no-store');
      return { consents: await consentsOf(db, s.phone) };
    },
  );

  app.delete(
    '/customer/consents/:restaurantId',
    {
      config: { ...customer, changes: ['guests'] },
      schema: {
        tags: ['customer'],
        summary:
          "Withdraws the signed-in customer's consent to a restaurant: at once out of its guestbook (list, search, export, guest page).",
        params: restaurantIdParam,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const s = await signedIn(req);
      const which = (await consentsOf(db, s.phone)).find((c) => c.restaurant_id === req.params.restaurantId);
      if (!(await withdrawConsent(db, s.phone, req.params.restaurantId)))
        throw notFound(say(req.lang, 'consentNotFound'));
      return { message: say(req.lang, 'consentWithdrawn', { restaurant: which?.restaurant.name ?? '' }).trim() };
    },
  );
}
