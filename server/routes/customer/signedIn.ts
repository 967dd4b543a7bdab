// What every call of My receipts shares (docs/CUSTOMER.md): the session service, who is signed in (or 401), and
// the session as the page is told of it. Made once per app by the customer's plugin (./index.ts) and handed to
// each concern's routes, so they all read the one cookie the same way.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appUserPhone } from '../../db/repositories/appUsers';
import { sessionsEndedAt } from '../../db/repositories/customerSessions';
import { HttpError } from '../../lib/errors';
import { en } from '../../i18n/en';
import { maskPhone } from '../../core/phone';
import { createSessionService, type CustomerSession } from '../../customer/session';

/** The route config of every customer call: its messages are the customer's, in their language (server/i18n). */
export const customer = { customer: true } as const;

export type CustomerSessions = ReturnType<typeof customerSessions>;

export function customerSessions(app: FastifyInstance) {
  const { deps } = app;
  const { db } = deps.database;
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

  return { sessions, signedIn, sessionAnswer };
}
