import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { otpService } from './service';

/**
 * The public half of POST /user: body { phone }. Sends a 4-digit code under the limits of SECURITY.md and
 * answers the same 200 for any allowed number (no account enumeration). The app user is created when new.
 */
export async function handleSendCode(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, body: { phone: string }) {
  await otpService(app.deps).send(body.phone, req.ip);
  return reply.code(200).send({ message: 'The code has been sent' });
}
