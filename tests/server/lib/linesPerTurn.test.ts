// Log lines leave once per turn of the event loop (server/lib/logging.ts linesPerTurn, docs/PERFORMANCE.md "The hot
// till's front door"): in order, in one write per turn, and none lost when the process exits or crashes.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { linesPerTurn } from '../../../server/lib/logging';

describe('linesPerTurn', () => {
  it("hands a turn's lines to its destination in one write, in order, once the turn is over", async () => {
    const writes: string[] = [];
    const out = linesPerTurn({ write: (text) => writes.push(text) });
    out.write('a\n');
    out.write('b\n');
    out.write('c\n');
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\nc\n']);
    out.write('d\n');
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('flushSync writes what is waiting at once, and nothing twice', async () => {
    const writes: string[] = [];
    const out = linesPerTurn({ write: (text) => writes.push(text) });
    out.write('a\n');
    out.flushSync();
    expect(writes).toEqual(['a\n']);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\n']);
  });

  // The product's own standard output (pino behind linesPerTurn): lines logged in the turn the process ends in are
  // still written, whether it exits or throws.
  const script = (end: string) => `
    import Fastify from 'fastify';
    import { loggerOptions } from './server/lib/logging.ts';
    const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info' }) });
    for (let i = 0; i < 500; i++) app.log.info('line ' + i);
    ${end}`;

  for (const [how, end] of [
    ['exits', 'process.exit(0);'],
    ['crashes', "throw new Error('boom');"],
  ] as const) {
    it(`writes every line of the last turn when the process ${how}`, () => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(end)], {
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'development' },
      });
      const lines = run.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { msg: string });
      expect(lines.map((l) => l.msg)).toEqual(Array.from({ length: 500 }, (_, i) => `line ${i}`));
      expect(run.status).toBe(how === 'exits' ? 0 : 1);
    });
  }
});
