// The customer's own calls (public, behind /user/receipts): a code to a phone, a short session in a cookie,
// their saved receipts, sign out, and Delete my data after a fresh code. Codes go through server/otp under
// the same limits as saving an invoice. Every message is the customer's, in their language (server/i18n).
// One plugin (one scope, as server/routes/index.ts registers it), its routes added by concern in this order:
// signing in and out, the receipts and their links, Delete my data, the guestbook's consents, the loyalty card.
// What they share - the session service and who is signed in - is made once here (./signedIn.ts).
import type { FastifyInstance } from 'fastify';
import { customerSessions } from './signedIn';
import { signInRoutes } from './signIn';
import { receiptRoutes } from './receipts';
import { deleteMyDataRoutes } from './deleteMyData';
import { consentRoutes } from './consents';
import { loyaltyCardRoutes } from './loyaltyCard';

export default async function customerRoutes(fastify: FastifyInstance) {
  const sessions = customerSessions(fastify);
  signInRoutes(fastify, sessions);
  receiptRoutes(fastify, sessions);
  deleteMyDataRoutes(fastify, sessions);
  consentRoutes(fastify, sessions);
  loyaltyCardRoutes(fastify, sessions);
}
