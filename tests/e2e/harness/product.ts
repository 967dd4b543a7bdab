// Starts the whole product as `npm start` runs it once built (node dist-server/main.js: production build, one process)
// on a free port, with a fresh embedded database, the Foodics stand-in and the console SMS provider. Its log is kept
// so tests can read the one-time codes the console provider prints. The builds are the caller's: tests/e2e/run.mjs
// and scripts/screenshots.ts make them first (scripts/start.mjs's staleness check is not repeated per journey).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchFolder } from './scratch';

export interface RunningProduct {
  url: string;
  /** Everything the server printed so far. */
  log(): string;
  /** The newest one-time code the console SMS provider printed (optionally for a phone ending). */
  waitForCode(phoneEnding?: string, sinceOffset?: number): Promise<string>;
  stop(): Promise<void>;
}

/** The address the product printed once it listened ("Specter is running at http://127.0.0.1:NNNN"), or null. */
export function startedAt(output: string): string | null {
  return /Specter is running at (http:\/\/\S+)/.exec(output)?.[1] ?? null;
}

export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dataDir = scratchFolder('specter-e2e-');
  // A copy of the run's migrated database (harness/globalSetup.ts): no initdb and no migrations at each start.
  // Outside the journeys' run (scripts/screenshots.ts) there is none, and the product creates its own.
  const template = process.env.SPECTER_E2E_DATA_TEMPLATE;
  if (template) cpSync(template, dataDir, { recursive: true });
  let output = '';
  // --liftoff-only: V8 keeps the embedded PostgreSQL's WebAssembly on its baseline compiler. A journey's product lives
  // seconds and runs few queries, so the optimizing tier's background compiles were wasted: a start took 2.6 CPU
  // seconds with it and 1.5 without (docs/RELIABILITY.md, Test suite speed). Production runs without the flag.
  const child: ChildProcess = spawn(process.execPath, ['--liftoff-only', path.join(root, 'dist-server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      // Port 0: the product listens where the kernel says and prints the address (a port picked here first could be
      // taken in between - by another journey's product listening on port 0 for its Foodics stand-in, say).
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SMS_PROVIDER: 'console',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));

  const deadline = Date.now() + 150_000;
  while (!startedAt(output)) {
    if (child.exitCode !== null) throw new Error(`The product exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The product did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = startedAt(output)!;

  return {
    url,
    log: () => output,
    async waitForCode(phoneEnding, sinceOffset = 0) {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        // Only the console SMS provider's lines ("SMS to •••123: <text>"), never another line that happens to hold
        // the phone's last digits and a 4-digit number (an access line's time, say); the code is the text's first
        // 4-digit number, in either language.
        const lines = output
          .slice(sinceOffset)
          .split('\n')
          .filter((l) => l.includes('SMS to ') && (!phoneEnding || l.includes(`${phoneEnding}: `)));
        const m = /SMS to [^:]*: [^"]*?\b(\d{4})\b/.exec(lines.at(-1) ?? '');
        if (m) return m[1];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`No one-time code in the server log:\n${output.slice(-2000)}`);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
