// Answers remembered already encoded (docs/PERFORMANCE.md): checked against their contract schema and turned
// into JSON once when loaded, then sent as they are on every call that hits the memory - no validation and no
// serialization per request.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** The answer checked against its schema and encoded, to be kept in a memory. */
export const encode = <S extends z.ZodType>(schema: S, answer: z.input<S>): string =>
  JSON.stringify(schema.parse(answer));

/** Sends an encoded answer. Fastify sends a string with a JSON content type as it is; the route's typed reply
 * expects the object, hence the cast. */
export const sendEncoded = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json as never);
