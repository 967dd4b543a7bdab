// Request ids (docs/DEPLOYMENT.md "Request ids"): every answer carries X-Request-Id and every log line of the
// request carries it as `reqId`. Made here (8 characters a customer can read out to support: digits and
// upper-case letters without I, L, O, U), or taken from the load balancer's X-Request-Id when TRUST_PROXY says a
// proxy stands in front, and then only when it looks like an id (letters, digits, . _ : -, at most 64).
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;
const pool = Buffer.alloc(LENGTH * 512);
let at = pool.length;

/** A new id: 8 random characters of ALPHABET (40 bits), from a pool of random bytes refilled now and then. */
export function newRequestId(): string {
  if (at + LENGTH > pool.length) {
    randomFillSync(pool);
    at = 0;
  }
  let id = '';
  for (let i = 0; i < LENGTH; i++) id += ALPHABET[pool[at++] & 31];
  return id;
}

const GIVEN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the proxy's id when trusted and well-formed, else a new one. */
export function requestIdGenerator(trustProxy: boolean) {
  if (!trustProxy) return () => newRequestId();
  return (req: IncomingMessage) => {
    const given = req.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && GIVEN.test(given) ? given : newRequestId();
  };
}
