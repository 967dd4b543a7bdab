// Download tickets: a CSV export is opened by the browser itself (a plain link, so the file streams to disk
// and never sits in the page's memory), and a link cannot carry the Authorization header. The back-office
// first asks POST /export/ticket for a ticket - a JWT of one minute, good only for exports - and puts it in
// the link's query. Export routes accept that ticket or the usual bearer token.
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { admins } from '../db/schema';
import { unauthorized } from '../lib/errors';

const AUDIENCE = 'specter-export';
export const TICKET_SECONDS = 60;

const keyOf = (secret: string) => new TextEncoder().encode(`export:${secret}`);

export function issueTicket(secret: string, adminId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(adminId))
    .setIssuedAt()
    .setExpirationTime(`${TICKET_SECONDS}s`)
    .setAudience(AUDIENCE)
    .sign(keyOf(secret));
}

async function ticketAdmin(secret: string, ticket: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(ticket, keyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** onRequest of an export route: a valid ticket of a live admin in ?ticket=, else the bearer token. */
export function requireAdminOrTicket(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    const ticket = (req.query as Record<string, unknown> | undefined)?.ticket;
    if (ticket === undefined) return app.requireAdmin(req);
    const id = typeof ticket === 'string' ? await ticketAdmin(app.deps.config.JWT_SECRET ?? '', ticket) : null;
    const [admin] = id
      ? await app.deps.database.db
          .select({ id: admins.id, name: admins.name, email: admins.email })
          .from(admins)
          .where(and(eq(admins.id, id), eq(admins.isDeleted, false)))
          .limit(1)
      : [];
    if (!admin) throw unauthorized('This download link has expired, please export again');
    req.admin = admin;
  };
}
