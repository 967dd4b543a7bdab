// The ceiling under the hot till's ceiling (docs/PERFORMANCE.md, "The hot till as it ships", ninth session): how
// fast a bare Fastify route answers when it sends what the hot till sends - the product's own security headers
// (server/plugins/securityHeaders.ts, as registered in the product), a request id, the cache and language headers,
// and a body of the till's answer's size as one Buffer - beside the plain bare route `bench/hot-till.ts` compares
// with. Their ratio is what the hot till would read if the product's own work cost nothing.
// Usage: npx tsx bench/answer-ceiling.ts [--seconds 8] [--rounds 2] [--bytes 612]
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { testConfig } from '../server/config';
import securityHeaders from '../server/plugins/securityHeaders';
import { freePort, numArg, table } from './lib';

const seconds = numArg('seconds', 8);
const rounds = numArg('rounds', 2);
const bytes = numArg('bytes', 612);

/** In a child process: serve one kind of route on the port given, then say so. */
async function serve(kind: string, port: number) {
  const app = Fastify();
  if (kind === 'answer') {
    app.decorate('deps', { config: testConfig() } as never);
    await app.register(securityHeaders);
    const body = Buffer.from(JSON.stringify({ pad: 'x'.repeat(Math.max(0, bytes - 10)) }));
    app.get('/', (_req, reply) =>
      reply
        .header('x-request-id', '2HKY2N3H')
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-language', 'en')
        .header('vary', 'Accept-Language')
        .send(body),
    );
  } else {
    app.get('/', () => ({ hello: 'world' }));
  }
  await app.listen({ port, host: '127.0.0.1' });
  process.send!('listening');
}

async function measure(kind: string) {
  const port = await freePort();
  const child: ChildProcess = fork(process.argv[1], ['--serve', kind, String(port)], { execArgv: ['--import', 'tsx'] });
  await new Promise((resolve) => child.once('message', resolve));
  const url = `http://127.0.0.1:${port}/`;
  await autocannon({ url, connections: 32, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections: 32, duration: seconds });
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 1000)); // idle between cases
  return { rps: Math.round(r.requests.average), bad: r.non2xx + r.errors + r.timeouts };
}

const at = process.argv.indexOf('--serve');
if (at > 0) {
  await serve(process.argv[at + 1], Number(process.argv[at + 2]));
} else {
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    const bare = await measure('bare');
    const answer = await measure('answer');
    rows.push({
      round,
      'bare req/s': bare.rps,
      "the hot till's answer req/s": answer.rps,
      'of bare': (answer.rps / bare.rps).toFixed(2),
      'non-2xx/errors': bare.bad + answer.bad,
    });
  }
  table(rows);
}
