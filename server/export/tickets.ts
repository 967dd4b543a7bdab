// Download tickets: a CSV export is opened by the browser itself (a plain link, so the file streams to disk
// and never sits in the page's memory), and a link cannot carry the Authorization header. The back-office
// first asks POST /export/ticket for a ticket - a JWT of one minute, good only for exports - and puts it in
// the link's query. Export routes accept that ticket or the usual bearer token. A ticket opens one download:
// its id is counted on the app's shared limiter (Redis or the database, so every instance sees it) for the
// ticket's minute, and a second use is refused (docs/SECURITY.md).
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveAdminById } from '../db/repositories/admins';
import { unauthorized } from '../lib/errors';

const AUDIENCE = 'specter-export';
export const TICKET_SECONDS = 60;

const keyOf = (secret: string) => new TextEncoder().encode(`export:${secret}`);

declare module 'fastify' {
  interface FastifyRequest {
    /** The ticket's id when a download was opened by a ticket: its progress is reported under it (progress.ts). */
    exportProgressId?: string;
  }
}

/** A ticket, and its id: the name the download's progress is read by (GET /export/progress/{id}). */
export async function issueTicket(secret: string, adminId: number): Promise<{ ticket: string; id: string }> {
  const id = randomUUID();
  const ticket = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(adminId))
    .setIssuedAt()
    .setExpirationTime(`${TICKET_SECONDS}s`)
    .setAudience(AUDIENCE)
    .setJti(id)
    .sign(keyOf(secret));
  return { ticket, id };
}

async function ticketOf(secret: string, ticket: string): Promise<{ adminId: number; jti: string } | null> {
  try {
    const { payload } = await jwtVerify(ticket, keyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 && typeof payload.jti === 'string' ? { adminId: id, jti: payload.jti } : null;
  } catch {
    return null;
  }
}

/** Whether this is the ticket's first use (atomic on the shared limiter: of two uses at once, one wins). */
async function firstUse(app: FastifyInstance, jti: string): Promise<boolean> {
  const hit = await app.limiter.hit(`export:ticket:${jti}`, TICKET_SECONDS + 5);
  return hit.count === 1;
}

/** onRequest of an export route: a valid, unused ticket of a live account in ?ticket=, else the bearer token; then
 * the route's roles and the account's scope, as for a token (server/plugins/auth.ts). */
export function requireAdminOrTicket(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    const ticket = (req.query as Record<string, unknown> | undefined)?.ticket;
    if (ticket === undefined) return app.requireAdmin(req);
    const valid = typeof ticket === 'string' ? await ticketOf(app.deps.config.JWT_SECRET ?? '', ticket) : null;
    const id = valid && (await firstUse(app, valid.jti)) ? valid.adminId : null;
    const admin = id ? await liveAdminById(app.deps.database.db, id) : null;
    if (!admin) throw unauthorized('This download link has expired, please export again');
    app.admitAccount(req, admin);
    req.exportProgressId = valid!.jti;
  };
}
