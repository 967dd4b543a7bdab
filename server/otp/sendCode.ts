import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { say } from '../i18n';
import type { SendCodeBody } from '../../src/contract';
import { badRequest } from '../lib/errors';
import { CLAIM_MESSAGES } from '../core/claim';

/**
 * The public half of POST /user: body { phone } or { phone, restaurantId, casherId, orderId }. Sends a 4-digit
 * code under the limits of docs/SECURITY.md and answers the same 200 for any allowed number
 * (no account enumeration). With the till (and the order shown on it), the code is bound to that order, which
 * must still be claimable: a saved or vanished order gets no code (409 saying why). With the till but no order,
 * the till's newest order (pos/claim.ts): saved already, 409 and no code. The app user is created when new.
 * When the phone already has a live code for that order (a typo sent the customer back to the receipt), nothing
 * is texted: 200 with `sent: false` and the seconds until `resend: true` may text it again (docs/API.md).
 */
export async function handleSendCode(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  body: SendCodeBody,
) {
  const { otp } = app;
  const phone = otp.normalize(body.phone);
  let order;
  if (body.restaurantId !== undefined && body.casherId !== undefined) {
    const claim = await app.lastOrders.claimable(body.restaurantId, body.casherId, body.orderId);
    order = { restaurantId: claim.restaurantId, deviceId: claim.deviceId, posOrderId: claim.order.posOrderId };
  } else if (body.orderId !== undefined) {
    throw badRequest(CLAIM_MESSAGES.orderNeedsTill);
  }
  const { sent, resendIn } = await otp.send(phone, req.ip, order, req.lang, 'save', body.resend === true, req.log);
  // A live code found again is not a new code asked for: the funnel counts codes texted.
  if (sent) app.funnel.code(req, order && { restaurantId: order.restaurantId, deviceId: order.deviceId });
  return reply.code(200).send({ message: say(req.lang, sent ? 'codeSent' : 'codeStillLive'), sent, resendIn });
}
