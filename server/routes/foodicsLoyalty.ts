// Foodics' Loyalty Adapter (issue 47, docs/POS.md "The loyalty adapter"): Foodics' POS calls us when a cashier scans a
// member's QR (or types the phone): POST /pos/foodics/loyalty/reward asks for the reward to apply, POST
// /pos/foodics/loyalty/redeem says it was applied. Authorised by `Authorization: Bearer FOODICS_LOYALTY_TOKEN`
// (compared in constant time; missing or wrong: 401; the setting unset: 404, as for a path that does not exist).
// Tolerant in what it accepts (every form of phone and country code the integrations send), exact in what it
// sends (the adapter's bare answer). A cashier is waiting: only our database is read, never Foodics.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneFromAdapter } from '../core/phone';
import { adapterRewardAnswer, type AdapterEcho } from '../core/loyalty';
import {
  bestAffordable,
  offeredReward,
  redeemAtTill,
  redeemedBefore,
  restaurantsOfBusiness,
  tillMembers,
  type TillMember,
} from '../db/repositories/loyalty';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { say, type MessageKey } from '../i18n';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A string, or a number sent for one (references and ids come as either). */
const text = (what: string, max = 100) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: `must be ${what}` })
      .trim()
      .min(1, `must be ${what}`)
      .max(max, `is too long (at most ${max})`),
  );
const optionalText = (max = 100) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v === null || v === '' ? undefined : v),
    z.string({ error: 'must be a string' }).trim().max(max, `is too long (at most ${max})`).optional(),
  );

export const rewardRequest = z
  .object({
    customer_mobile_number: text("the customer's mobile number", 32),
    mobile_country_code: text('a country code such as 966, "+966" or "SA"', 8),
    reward_code: optionalText(),
    business_reference: text("the Foodics business's reference"),
    branch_id: optionalText(),
    customer_name: optionalText(200),
  })
  .loose();

export const redeemRequest = rewardRequest.extend({
  order_id: text('the Foodics order id'),
  discount_amount: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
      z.number({ error: 'must be a number' }).finite('must be a number').min(0, 'must be 0 or more'),
    )
    .optional(),
  date: optionalText(40),
  user_id: optionalText(),
});

const rewardAnswer = z
  .object({
    type: z.number(),
    discount_amount: z.number(),
    is_percent: z.boolean(),
    max_discount_amount: z.number(),
    discount_includes_modifiers: z.boolean(),
    allowed_products: z.array(z.string()).nullable(),
    is_discount_taxable: z.boolean(),
    customer_mobile_number: z.unknown(),
    mobile_country_code: z.unknown(),
    reward_code: z.string(),
    business_reference: z.unknown(),
  })
  .describe("The reward to apply, in the adapter's shape: type 1 a discount on the order, type 2 on products");
const message = z.object({ message: z.string() });

export default async function foodicsLoyaltyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const { db } = app.deps.database;

  /** The cashier's line, in the language the POS asks for (English when it names none). */
  const refuse = (req: FastifyRequest, status: number, key: MessageKey) => new HttpError(status, say(req.lang, key));

  const authorised = async (req: FastifyRequest) => {
    const token = config.FOODICS_LOYALTY_TOKEN;
    if (!token) throw notFound('Not found');
    // "Bearer <token>" as most integrations send it; the bare token as one of them does.
    const given = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim();
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (!given || !timingSafeEqual(digest(given), digest(token))) throw refuse(req, 401, 'tillBadToken');
  };

  /** The business's restaurants and the phone's memberships there; the 400 / 404 a cashier reads otherwise. */
  async function membersOf(req: FastifyRequest, body: z.infer<typeof rewardRequest>) {
    const restaurantIds = await restaurantsOfBusiness(db, body.business_reference);
    if (!restaurantIds.length) throw refuse(req, 404, 'tillUnknownBusiness');
    const phone = phoneFromAdapter(body.customer_mobile_number, body.mobile_country_code);
    if (!phone)
      throw badRequest(
        'customer_mobile_number: must be a mobile number of the country of mobile_country_code (its national number, with or without the leading 0)',
      );
    const members = await tillMembers(db, restaurantIds, phone);
    if (!members.length) throw refuse(req, 404, 'tillNotMember');
    return members;
  }

  /** The reward a code names at one of the memberships' restaurants, with the membership; undefined when none. */
  async function named(members: TillMember[], code: string) {
    for (const m of members) {
      const reward = await offeredReward(db, m.restaurantId, code);
      if (reward) return { member: m, reward };
    }
    return undefined;
  }

  /** The dearest reward one of the memberships affords, with the membership; undefined when none. */
  async function best(members: TillMember[]) {
    for (const m of members) {
      const reward = await bestAffordable(db, m.restaurantId, m.balance);
      if (reward) return { member: m, reward };
    }
    return undefined;
  }

  /** The request's phone, country code and business reference as Foodics sent them (before they were read as
   * strings): the answer echoes them so, and the POS matches its own values. */
  const echoes = new WeakMap<FastifyRequest, AdapterEcho>();
  const keepEcho = (req: FastifyRequest, _reply: unknown, done: () => void) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    echoes.set(req, {
      customer_mobile_number: raw.customer_mobile_number,
      mobile_country_code: raw.mobile_country_code,
      business_reference: raw.business_reference,
    });
    done();
  };

  const common = {
    tags: ['pos'],
    security: [{ foodicsLoyalty: [] }],
  };

  app.post(
    '/pos/foodics/loyalty/reward',
    {
      onRequest: authorised,
      preValidation: keepEcho,
      // Reads only.
      config: { changes: [] },
      schema: {
        ...common,
        summary:
          "Foodics' loyalty adapter: the reward a member can have at the till (the one named by reward_code, else the dearest they afford); takes nothing",
        description:
          'The member is the phone (customer_mobile_number, national, with or without its 0; mobile_country_code 966, "966", "+966" or "SA") at the restaurants whose Foodics business is business_reference. 404 `{message}` for a cashier: not a member, an unknown or inactive reward, a reward the member cannot afford, nothing affordable.',
        body: rewardRequest,
        response: { 200: rewardAnswer, 401: message, 404: message },
      },
    },
    async (req) => {
      const body = req.body;
      const members = await membersOf(req, body);
      const code = body.reward_code ?? '';
      const found = code ? await named(members, code) : await best(members);
      if (!found) throw refuse(req, 404, code ? 'tillUnknownReward' : 'tillNothingAffordable');
      if (found.reward.cost > found.member.balance) throw refuse(req, 404, 'tillCannotAfford');
      const r = found.reward;
      return adapterRewardAnswer(
        {
          code: r.code,
          kind: r.kind,
          value: Number(r.value),
          maxDiscount: r.maxDiscount === null ? null : Number(r.maxDiscount),
          productIds: r.productIds,
        },
        echoes.get(req) ?? req.body,
      );
    },
  );

  app.post(
    '/pos/foodics/loyalty/redeem',
    {
      onRequest: authorised,
      // The member's balance and the ledger (the back-office's members and ledger lists).
      config: { changes: ['loyalty'] },
      schema: {
        ...common,
        summary:
          "Foodics' loyalty adapter: the reward was applied at the till; its cost is taken from the member's balance, once per (business_reference, order_id, reward_code)",
        description:
          'Foodics retries: the same redeem again answers 200 and takes nothing more. Two tills at once never take a balance below zero: the ones it allows pass, the others get 400 `{message}` ("Not enough points"). The ledger keeps branch_id, user_id (the cashier), order_id and date.',
        body: redeemRequest,
        response: {
          200: z.object({ status: z.literal('success'), balance: z.number() }),
          401: message,
          404: message,
        },
      },
    },
    async (req) => {
      const body = req.body;
      const requestCode = body.reward_code ?? '';
      // A retry of a redeem already taken answers as the first did, whatever changed since.
      const before = await redeemedBefore(db, body.business_reference, body.order_id, requestCode);
      if (before) return { status: 'success' as const, balance: before.balance };
      const members = await membersOf(req, body);
      const found = requestCode ? await named(members, requestCode) : await best(members);
      if (!found) {
        if (requestCode) throw refuse(req, 404, 'tillUnknownReward');
        throw refuse(req, 400, 'tillNotEnoughPoints');
      }
      const done = await redeemAtTill(db, {
        memberId: found.member.memberId,
        restaurantId: found.member.restaurantId,
        reward: found.reward,
        businessReference: body.business_reference,
        posOrderId: body.order_id,
        requestCode,
        branchId: body.branch_id ?? null,
        userId: body.user_id ?? null,
        posDate: body.date ?? null,
        discount: body.discount_amount ?? null,
      });
      if (done.outcome === 'short') throw refuse(req, 400, 'tillNotEnoughPoints');
      return { status: 'success' as const, balance: done.balance };
    },
  );
}
