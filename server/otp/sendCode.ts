import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The public half of POST /user: body { phone }. Normalises the phone, creates the app user when new,
 * sends a 4-digit code through the SMS port under the limits of SECURITY.md, answers 200.
 * routes/users.ts calls this when the body carries `phone` and no admin fields.
 * TODO(issue 4): implement.
 */
export async function handleSendCode(_app: FastifyInstance, _req: FastifyRequest, reply: FastifyReply, _body: { phone: string }) {
  return reply.code(501).send({ message: 'Not implemented yet' });
}
