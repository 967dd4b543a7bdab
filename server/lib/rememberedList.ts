// A back-office list's answer from the instance's short memory (ANSWER_CACHE_MS, docs/PERFORMANCE.md): the
// callers asking for the same list at the same moment share one load, and for the memory's period the answer is
// sent as it was encoded, with its total headers. A write through this instance that changes what a list shows
// drops every list before its answer leaves (server/lib/answerCaches.ts), so an admin who saves and returns to a
// list sees the change; another instance shows it within ANSWER_CACHE_MS. The key is the whole address, after who asks (`req.answersFor`, set by the admin guard: '' for an admin, whose lists are the same for every admin; a manager's or staff's role and restaurants, issue 26).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { encode, sendEncoded } from './encoded';
import type { HeaderSink } from './pageMarks';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whose view an answer memory holds: '' for everything (an admin), else role and restaurants (plugins/auth.ts). */
    answersFor?: string;
  }
}

export interface RememberedList {
  json: string;
  headers: [string, string][];
}

/** A list's address without its page: the pages of one list share their marks (server/lib/pageMarks.ts). */
export function listAddress(url: string): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.delete('page');
  params.sort();
  return `${path}?${params.toString()}`;
}

export async function answerList<S extends z.ZodType>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  load: (headers: HeaderSink) => Promise<z.input<S>>,
) {
  const kept = await app.answers.lists.get(`${req.answersFor ?? ''}${req.url}`, async () => {
    const headers: [string, string][] = [];
    const answer = await load({
      header: (name, value) => headers.push([name, value]),
      marks: app.answers.pageMarks.of(`${req.answersFor ?? ''}${listAddress(req.url)}`),
    });
    return { json: encode(schema, answer), headers };
  });
  for (const [name, value] of kept.headers) reply.header(name, value);
  return sendEncoded(reply, kept.json);
}
