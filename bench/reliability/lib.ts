// Shared by the reliability scripts: run the real server process (node --import tsx server/main.ts) with a
// given environment, read the one-time codes the console SMS provider writes to its log, time requests.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { freePort, ROOT } from '../lib';

export { freePort, ROOT, table } from '../lib';

/** Limits raised so a script on one address is not throttled (docs/SECURITY.md limits are tested elsewhere). */
export const RAISED_LIMITS: Record<string, string> = {
  OTP_IP_SENDS_PER_10M: '100000',
  OTP_IP_SENDS_PER_DAY: '100000',
  OTP_IP_CHECKS_PER_10M: '100000',
  OTP_SENDS_PER_15M: '100000',
  OTP_SENDS_PER_HOUR: '100000',
  OTP_SENDS_PER_DAY: '100000',
  OTP_RESEND_SECONDS: '0',
  OTP_PHONE_FAILURES_PER_DAY: '100000',
  SMS_GLOBAL_PER_HOUR: '1000000',
  SMS_GLOBAL_PER_DAY: '1000000',
  LOGIN_FAILURES_PER_15M: '100000',
  LOGIN_EMAIL_FAILURES_PER_15M: '100000',
  LOGIN_IP_FAILURES_PER_15M: '100000',
};

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** ms from spawn to "Specter is running". */
  startMs: number;
  /** Everything the process wrote that is not an SMS line or a request log (for failures). */
  log(): string;
  /** Waits for the code texted to phone (E.164) after now; consumes it. */
  code(phoneE164: string, timeoutMs?: number): Promise<string>;
  /** VmRSS in MB (from /proc/<pid>/status). */
  rssMb(): number;
  kill9(): Promise<void>;
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/** The console SMS provider masks all but the last 3 digits: "SMS to •••••••••567: Your Specter code is 1234." */
const SMS_LINE = /SMS to \u2022+(\d{3}): Your Specter code is (\d{4})/;

export async function startServer(env: Record<string, string>, opts: { port?: number } = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const started = Date.now();
  // Never inherit the caller's database or Redis: each script says what it wants.
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'TEST_DB', 'JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'])
    delete base[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SMS_PROVIDER: 'console',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let other = '';
  let pending = '';
  let ready = false;
  const codes = new Map<string, string>();
  const onData = (d: Buffer) => {
    pending += d.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const m = SMS_LINE.exec(line);
      if (m) {
        codes.set(m[1], m[2]);
        continue;
      }
      if (line.includes('"reqId"')) continue;
      if (line.includes('Specter is running at')) ready = true;
      if (other.length < 200_000) other += `${line}\n`;
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let expectedExit = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!expectedExit && ready) {
        console.error(
          `[server ${child.pid}] exited unexpectedly (code ${code}, signal ${signal}) at ${new Date().toISOString()}; last log lines:\n${other.split('\n').slice(-15).join('\n')}`,
        );
      }
      resolve(code);
    }),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const until = Date.now() + 120_000;
  while (!ready) {
    if (gone || Date.now() > until) throw new Error(`the server did not start:\n${other}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = Date.now() - started;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    startMs,
    exited,
    log: () => other,
    async code(phone, timeoutMs = 5000) {
      const key = phone.slice(-3);
      const end = Date.now() + timeoutMs;
      for (;;) {
        const c = codes.get(key);
        if (c) {
          codes.delete(key);
          return c;
        }
        if (Date.now() > end || gone) throw new Error(`no code for ${phone}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    rssMb() {
      try {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return m ? Number(m[1]) / 1024 : NaN;
      } catch {
        return NaN; // the process is gone
      }
    },
    async kill9() {
      if (gone) return;
      expectedExit = true;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone) return;
      expectedExit = true;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Phones for one run: a random block of 055xxxxxxx numbers counted up, so numbers in flight at the same
 * time never share their last three digits (the part the SMS log shows).
 */
export function phoneCounter() {
  let n = randomInt(0, 9_000_000);
  return () => {
    n = (n + 1) % 10_000_000;
    const local = `055${String(n).padStart(7, '0')}`;
    return { local, e164: `+966${local.slice(1)}` };
  };
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- scripts read whatever JSON the server answered
  body: any;
  ms: number;
  error?: string;
}

/** A network failure as one short word: the cause's code (ECONNREFUSED...) when there is one. */
function describeFailure(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } }).cause;
  return cause ? String(cause.code ?? cause) : (err as Error).message;
}

/** A JSON call that never throws: a network failure answers status 0 with the error. */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 30_000,
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, body: null, ms: performance.now() - started, error: describeFailure(err) };
  }
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i > 0 && process.argv[i + 1]) return Number(process.argv[i + 1]);
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? Number(eq.split('=')[1]) : fallback;
}
