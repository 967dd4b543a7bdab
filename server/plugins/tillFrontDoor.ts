// The hot till's front door (docs/PERFORMANCE.md, "The hot till's front door"). A crowd scanning one till asks for
// one address many times a second, and its answer is remembered for ANSWER_CACHE_MS anyway (app.answers.tills).
// Once GET /order/foodics/web/last-order has answered an address with 200 through Fastify, the door answers the
// same address (same query, same language) from that memory before Fastify, with what the route sent: the same
// headers, a new request id, the remembered body. Everything the route does on such a call is done here too -
// the address's view limit, the till's and its key's checks (lastOrders.admitViewAtOnce), the funnel's view, the
// request's metrics and its access line - and whenever any of them cannot be decided at once (a memory expired, a
// limit's shared count being written, a 404 to give), the door steps aside and Fastify answers as ever. Once the
// route has refused an address with 429 (its view limit), the door refuses that address's next views over the
// limit the same way (headers as the route sent them, Retry-After and the message's wait from the same count,
// the message from the same catalogue): a flood from one address costs what a refusal should.
// A call from another origin (CORS), a GET with a body, any other method and a closing app always go to Fastify.
// tests/server/api/tillFrontDoor.test.ts holds the two ways to the same answer. Registered after services.ts (it
// uses app.answers, app.lastOrders and app.funnel); the route (server/routes/invoice.ts) teaches it.
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pino from 'pino';
import { localise, pickLanguage, type Lang } from '../i18n';
import { clientAddressOf, proxyTrust } from '../lib/clientAddress';
import { chindingsOf, writeAccessLine } from '../lib/logging';
import { observeRequest } from '../lib/metrics';
import { requestIdGenerator } from '../lib/requestId';

export const LAST_ORDER_ROUTE = '/order/foodics/web/last-order';
const ADDRESS_START = `${LAST_ORDER_ROUTE}?`;

/** Headers of a route's answer that belong to one answer, not to the address: made anew for each. */
const PER_ANSWER = new Set([
  'x-request-id',
  'content-length',
  'retry-after',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
/** Addresses (with their language) remembered at most; past it the memory starts again. */
const MAX_LEARNED = 10_000;

/** What the route sent, minus what belongs to one answer: the headers of its 200 or of its 429, with the two set
 * on every answer last (one object per address and status, set in place and handed to Node as it is: Node reads
 * it at once - a copy per answer cost a third of the door's time). */
type Sent = OutgoingHttpHeaders & { 'x-request-id': string; 'content-length': number };

interface Learned {
  restaurantId: number;
  casherId: string;
  key: string | undefined;
  lang: Lang;
  /** The key of the till's answer in app.answers.tills. */
  tillKey: string;
  /** The route's 200, once it has sent one to this address. */
  answer?: Sent;
  /** The body the answer's content length was last measured for. */
  measured: string;
  /** The route's 429, once it has refused this address (Retry-After is set per answer). */
  refusal?: Sent & { 'retry-after': string };
  /** The last refusal's body, and the wait it says. */
  refused?: { retryAfter: number; body: string };
}

/** The funnel's view of a caller at the door; its logger is made only if a count fails. */
class DoorCaller {
  constructor(
    private readonly app: FastifyInstance,
    readonly ip: string,
    readonly headers: IncomingHttpHeaders,
    private readonly reqId: string,
  ) {}
  get log() {
    return this.app.log.child({ reqId: this.reqId });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hot till's front door. */
    tillFrontDoor: TillFrontDoor;
  }
}

export interface TillFrontDoor {
  /** The route's onResponse: an answer of 200 or 429 to a same-origin GET teaches the door its address. */
  learn(req: FastifyRequest, reply: FastifyReply): void;
  /** Answers a request at the door (true) or leaves it to Fastify (false). */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers given at the door since the app started (the tests read it). */
  answered(): number;
}

export default fp(async function tillFrontDoor(app: FastifyInstance) {
  const door = createTillFrontDoor(app);
  app.decorate('tillFrontDoor', door);
  app.frontDoor.open(door.answer);
  // From the moment the app starts closing, Fastify answers every request (503).
  app.addHook('preClose', (done) => {
    app.frontDoor.shut();
    done();
  });
});

function createTillFrontDoor(app: FastifyInstance): TillFrontDoor {
  const { config } = app.deps;
  const { answers, lastOrders, funnel } = app;
  const trust = proxyTrust(config.TRUST_PROXY);
  const requestId = requestIdGenerator(!!config.TRUST_PROXY);
  const log = app.log as unknown as pino.Logger;
  const learned = new Map<string, Learned>();
  // Accept-Language headers seen (a crowd's phones send a handful): their language without parsing each time.
  const languages = new Map<string, Lang>();
  const languageOf = (header: string | undefined): Lang => {
    if (header === undefined) return 'en';
    let lang = languages.get(header);
    if (lang === undefined) {
      if (languages.size >= 1000) languages.clear();
      lang = pickLanguage(header);
      languages.set(header, lang);
    }
    return lang;
  };
  let count = 0;

  return {
    learn(req, reply) {
      const raw = req.raw;
      const status = reply.statusCode;
      if ((status !== 200 && status !== 429) || raw.method !== 'GET' || raw.headers.origin !== undefined) return;
      const url = raw.url ?? '';
      if (!url.startsWith(ADDRESS_START)) return;
      const sent: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined && !PER_ANSWER.has(name.toLowerCase())) sent[name] = value;
      const at = `${req.lang} ${url}`;
      let till = learned.get(at);
      if (!till) {
        if (learned.size >= MAX_LEARNED) learned.clear();
        const { restaurantId, casherId, key } = req.query as { restaurantId: number; casherId: string; key?: string };
        const tillKey = `${restaurantId}:${casherId}`;
        till = { restaurantId, casherId, key, lang: req.lang, tillKey, measured: '' };
        learned.set(at, till);
      }
      if (status === 200) {
        till.answer = { ...sent, 'x-request-id': '', 'content-length': 0 };
        till.measured = ''; // measured anew on the next answer: these headers have no length yet
      }
      // Retry-After is the one header of a refusal that changes from answer to answer: set on each.
      else till.refusal = { ...sent, 'x-request-id': '', 'content-length': 0, 'retry-after': '' };
    },

    answer(req, res) {
      const url = req.url;
      if (req.method !== 'GET' || url === undefined || !url.startsWith(ADDRESS_START)) return false;
      // Another origin's call (CORS), or a body on a GET (Fastify reads and limits it): Fastify's.
      const h = req.headers;
      if (h.origin !== undefined || h['content-length'] !== undefined || h['transfer-encoding'] !== undefined)
        return false;
      const start = performance.now();
      const till = learned.get(`${languageOf(req.headers['accept-language'])} ${url}`);
      if (till === undefined) return false;
      const body = till.answer ? answers.tills.peek(till.tillKey) : undefined;
      const ip = clientAddressOf(req, trust);
      // A host a proxy reports is read by Fastify (the access line names it): left to it.
      if (ip === undefined || (trust && req.headers['x-forwarded-host'] !== undefined)) return false;
      const verdict = lastOrders.admitViewAtOnce({ ip, key: till.key }, till.restaurantId, till.casherId, {
        answer: body !== undefined,
        refuse: till.refusal !== undefined,
      });
      if (verdict === 'unknown') return false;

      const id = requestId(req);
      let status: 200 | 429;
      if (verdict === 'admitted') {
        status = 200;
        const headers = till.answer!;
        if (till.measured !== body) {
          headers['content-length'] = Buffer.byteLength(body!);
          till.measured = body!;
        }
        headers['x-request-id'] = id;
        res.writeHead(200, headers);
        res.end(body);
        funnel.view(new DoorCaller(app, ip, req.headers, id), till.restaurantId, till.casherId);
      } else {
        status = 429;
        // The error handler's answer to the same refusal (server/plugins/errors.ts): its message in the caller's
        // language with the wait in words, the wait in Retry-After.
        if (till.refused?.retryAfter !== verdict.retryAfter) {
          const text = JSON.stringify({ message: localise(verdict.message, till.lang, verdict.retryAfter) });
          till.refused = { retryAfter: verdict.retryAfter, body: text };
        }
        const headers = till.refusal!;
        headers['content-length'] = Buffer.byteLength(till.refused.body);
        headers['retry-after'] = String(verdict.retryAfter);
        headers['x-request-id'] = id;
        res.writeHead(429, headers);
        res.end(till.refused.body);
      }
      count++;
      const ms = performance.now() - start;
      observeRequest('GET', LAST_ORDER_ROUTE, status, ms);
      if (log.isLevelEnabled('info'))
        writeAccessLine(log, `${chindingsOf(log)},"reqId":${JSON.stringify(id)}`, {
          method: 'GET',
          route: LAST_ORDER_ROUTE,
          host: req.headers.host ?? '',
          ip,
          statusCode: status,
          responseTime: ms,
        });
      return true;
    },

    answered: () => count,
  };
}
