// The customer's own calls (public, behind /user/receipts): a code to a phone, a short session in a cookie,
// their saved receipts, sign out, and Delete my data after a fresh code. Codes go through server/otp under
// the same limits as saving an invoice. Every message is the customer's, in their language (server/i18n).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerCodeBody,
  customerPhoneBody,
  customerProofBody,
  customerSessionSchema,
  customerSignInBody,
  dataDeletedSchema,
  codeErrorSchema,
  errorSchema,
  idParam,
  messageSchema,
  receiptPageSchema,
  receiptsQuery,
  savedReceiptSchema,
  codeSentSchema,
  receiptShareSchema,
  consentsSchema,
  restaurantIdParam,
  customerLoyaltySchema,
  loyaltyJoinBody,
  loyaltyJoinSchema,
} from '../../src/contract';
import { appUserPhone, signInAppUser } from '../db/repositories/appUsers';
import { endSessions, sessionsEndedAt } from '../db/repositories/customerSessions';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { en } from '../i18n/en';
import { savedReceiptsInWords, say } from '../i18n';
import { maskPhone } from '../core/phone';
import { createSessionService, type CustomerSession } from '../customer/session';
import { findReceipt, listReceipts } from '../customer/receipts';
import { deleteCustomerData } from '../customer/deleteData';
import { liveShares, shareReceipt, stopSharing } from '../customer/shares';
import { consentsOf, recordConsent, withdrawConsent } from '../db/repositories/guests';
import { customerLoyalty, earnForReceipt, leaveProgram, receiptOfPhone } from '../db/repositories/loyalty';

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

  const recentMs = deps.config.CUSTOMER_RECENT_PROOF_MINUTES * 60_000;
  const sessionAnswer = (s: CustomerSession) => ({
    phone: maskPhone(s.phone),
    expiresAt: s.expiresAt.toISOString(),
    deleteWithoutCodeUntil: sessions.recentlyProved(s) ? new Date(s.provedAt.getTime() + recentMs).toISOString() : null,
  });

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
      const page = await listReceipts(db, s, req.query.page, req.query.perPage);
      const shared = await liveShares(
        db,
        page.receipts.map((r) => r.id),
      );
      return {
        ...page,
        receipts: page.receipts.map((r) => ({ ...r, share_expires_at: shared.get(r.id)?.toISOString() ?? null })),
      };
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
      const found = await findReceipt(db, s, req.params.id);
      if (!found) throw notFound(en.receiptNotFound);
      const { till: _, ...receipt } = found;
      const shared = await liveShares(db, [receipt.id]);
      reply.header('Cache-Control', 'no-store');
      return { ...receipt, share_expires_at: shared.get(receipt.id)?.toISOString() ?? null };
    },
  );

  app.post(
    '/customer/receipts/:id/share',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary:
          "Makes a link to a read-only copy of one of the signed-in customer's saved receipts (201), or answers the live one.",
        description:
          'The link (`PUBLIC_URL/r/{token}`, 128 random bits, stored hashed) lives RECEIPT_SHARE_DAYS days; asking again ' +
          'while it lives answers the same link. It never shows the phone or a name (docs/CUSTOMER.md).',
        params: idParam,
        response: { 201: receiptShareSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      const share = await shareReceipt(
        db,
        deps.config.JWT_SECRET ?? '',
        s,
        req.params.id,
        deps.config.RECEIPT_SHARE_DAYS,
      );
      if (!share) throw notFound(en.receiptNotFound);
      const origin = deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
      reply.code(201).header('Cache-Control', 'no-store');
      return { url: `${origin}/r/${share.token}`, expires_at: share.expiresAt.toISOString() };
    },
  );

  app.delete(
    '/customer/receipts/:id/share',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary: "Stops sharing one of the signed-in customer's saved receipts: its link is dead at once (204).",
        params: idParam,
        response: { 204: z.null().describe('Stopped: no body'), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      if (!(await stopSharing(db, s, req.params.id))) throw notFound(en.receiptNotFound);
      return reply.code(204).send(null);
    },
  );

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
      config: { ...customer, changes: ['guests', 'loyalty'] },
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
      // One yes, one withdrawal: out of the guestbook and out of the rewards (the points forfeited, as the page
      // warned before confirming; the ledger says so), in one transaction.
      const gone = await withdrawConsent(db, s.phone, req.params.restaurantId, (tx) =>
        leaveProgram(tx, s.phone, req.params.restaurantId),
      );
      if (!gone.withdrawn) throw notFound(say(req.lang, 'consentNotFound'));
      const restaurant = which?.restaurant.name ?? '';
      return {
        message: (gone.extra
          ? say(req.lang, 'leftRewards', { restaurant, points: gone.extra })
          : say(req.lang, 'consentWithdrawn', { restaurant })
        ).trim(),
      };
    },
  );

  // Loyalty (issue 47): the customer's cards, and joining a restaurant's rewards right after a save.
  app.get(
    '/customer/loyalty',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary:
          "The signed-in customer's rewards: a card per restaurant they are a member of (balance, next reward, rewards, expiry, the QR for the cashier, history).",
        response: { 200: customerLoyaltySchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      reply.header('Cache-Control', 'no-store');
      return customerLoyalty(db, s.phone, req.lang);
    },
  );

  app.post(
    '/customer/loyalty/join',
    {
      config: { ...customer, changes: ['guests', 'loyalty'] },
      schema: {
        tags: ['customer'],
        summary:
          "Joins the rewards of a receipt's restaurant right after saving it without the yes: the yes is recorded and the receipt earns. Public: the save's proof, or the My receipts session.",
        description:
          "`receipt_id` is add-order's `id`; `proof` its proof (CUSTOMER_RECENT_PROOF_MINUTES), else the session cookie names the phone. The receipt earns once; 404 when it is not the phone's or the restaurant runs no program.",
        security: [],
        body: loyaltyJoinBody,
        response: { 200: loyaltyJoinSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      let phone: string;
      if (req.body.proof) {
        const proof = await sessions.readProof(req.body.proof);
        const ended = proof && (await sessionsEndedAt(db, proof.phone));
        if (!proof || (ended && proof.at <= ended)) throw new HttpError(401, en.signInRequired);
        phone = proof.phone;
      } else phone = (await signedIn(req)).phone;
      const joined = await db.transaction(async (tx) => {
        const receipt = await receiptOfPhone(tx, phone, req.body.receipt_id);
        if (!receipt) throw notFound(en.receiptNotFound);
        await recordConsent(tx, phone, receipt.restaurantId);
        const earned = await earnForReceipt(tx, {
          restaurantId: receipt.restaurantId,
          appUserId: receipt.appUserId,
          phone,
          orderId: receipt.id,
          posOrderId: receipt.posOrderId,
          total: Number(receipt.total),
        });
        // No program: nothing is recorded either (the yes would be to rewards that do not exist).
        if (!earned) throw notFound(en.noRewardsProgram);
        return { ...earned, restaurantId: receipt.restaurantId };
      });
      const restaurant = (await consentsOf(db, phone)).find((c) => c.restaurant_id === joined.restaurantId);
      return {
        message: say(req.lang, 'rewardsJoined', {
          restaurant: restaurant?.restaurant.name ?? '',
          points: joined.points,
          balance: joined.balance ?? 0,
        }),
        points: joined.points,
        balance: joined.balance ?? 0,
      };
    },
  );
}
