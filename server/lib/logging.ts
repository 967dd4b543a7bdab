// The Fastify logger's options (pino): what may reach the log. Phones are masked in every line (all but the
// last 3 digits), wherever they sit - a message, a URL, an error; errors are written without the database's
// query parameters (Drizzle puts phones, tokens and password hashes there) and without driver details that
// echo values; request headers and bodies that carry secrets are redacted (docs/RELIABILITY.md "Logs").
import type { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/** A phone as it may appear: an E.164 number, or 8 to 15 digits with single spaces between groups. */
const PHONE = /(?<![\w.:-])\+?\d(?: ?\d){7,14}(?![\w-])/g;

const PHONE_ANYWHERE = new RegExp(PHONE.source);

/** Masks every digit of a phone-like run but the last 3. */
export function maskPhones(text: string): string {
  return text.replace(PHONE, (run) => {
    const total = run.replace(/\D/g, '').length;
    let seen = 0;
    return run.replace(/\d/g, (d) => (++seen > total - 3 ? d : '•'));
  });
}

/** Drizzle's "Failed query: ...\nparams: a,b" keeps the query, drops the values. */
const dropParams = (text: string) => text.replace(/^params: .*$/gm, 'params: [not logged]');

function codeOf(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++, e = e.cause as typeof e)
    if (typeof e.code === 'string' || typeof e.code === 'number') return String(e.code);
  return undefined;
}

/** An error as it may be logged: type, message and stack without query parameters, its (or its cause's) code. */
export function safeError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: maskPhones(dropParams(String(err))), stack: '' };
  const std = pino.stdSerializers.err(err);
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: std.type,
    message: dropParams(std.message),
    stack: dropParams(std.stack),
  };
  const code = codeOf(err);
  if (code) out.code = code;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') out.statusCode = status;
  return out;
}

function maskStrings(value: unknown): unknown {
  if (typeof value === 'string') return maskPhones(value);
  if (Array.isArray(value)) return value.map(maskStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskStrings(v)]));
  }
  return value;
}

/** The last step before a line is written: phones masked in every string of it. */
export function maskLine(line: string): string {
  // Most lines hold no phone-like run: skip the parse for them. The numeric time ("time":1795600215443) and other
  // numbers after a colon never match (PHONE refuses a run preceded by a word character, '.', ':' or '-').
  if (!PHONE_ANYWHERE.test(line)) return line;
  try {
    return JSON.stringify(maskStrings(JSON.parse(line))) + '\n';
  } catch {
    return maskPhones(line);
  }
}

/**
 * What a log line says of a request: the route it matched (`/pos/foodics/webhook/:secret`), never the address
 * as sent - a path parameter or a query can carry a secret (the Foodics webhook's secret, an export ticket, a
 * phone in a search). A request that matched no route is named by its path without the query.
 */
export function routeOf(request: { url?: string; routeOptions?: { url?: string } }): string {
  return request.routeOptions?.url ?? (request.url ?? '').split('?')[0];
}

/** The `req` of a log line (Fastify's own serializer writes the whole URL): method, route, host, address. */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, route: routeOf(request), host: request.host, remoteAddress: request.ip };
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: Writable): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent' && !stream) return false;
  return {
    level: config.LOG_LEVEL,
    // No `redact`: the `req` serializer writes method, route, host and address only, so a request's headers and
    // body (its authorization, a password, a code) never reach a line - pino redacts after serializing, and the
    // paths it was given could not occur (docs/PERFORMANCE.md, "The hot till as it ships").
    serializers: { err: safeError, error: safeError, req: requestForLog },
    hooks: { streamWrite: maskLine },
    // A stream of the caller's (the tests read lines from one at once) as it is; standard output once per turn.
    stream: stream ?? standardOutput(),
  };
}

/** Where lines go: anything with pino's one need, a write of a string. */
interface LineSink {
  write(text: string): unknown;
}

/**
 * A stream that takes a line at once and hands the lines of one turn of the event loop to `dest` in one write,
 * in order, at the end of that turn (setImmediate): a crowd's access lines cost one write per turn instead of one
 * each - pino's asynchronous destination also measured the whole pending text again on every line it buffered (4 % of
 * the hot till's samples, docs/PERFORMANCE.md "The hot till's front door"). `flushSync` writes what is
 * waiting at once.
 */
export function linesPerTurn(dest: LineSink): LineSink & { flushSync(): void } {
  let lines: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (lines.length === 0) return;
    const text = lines.length === 1 ? lines[0] : lines.join('');
    lines = [];
    dest.write(text);
  };
  return {
    write(line) {
      lines.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
    flushSync: flush,
  };
}

let stdout: (LineSink & { flushSync(): void }) | undefined;

/** Standard output, one per process: pino's synchronous destination (a write is done when it returns, so a crash
 * loses nothing written before it) behind linesPerTurn; what a turn still holds when the process exits (a clean
 * shutdown, a crash) is written on the way out. Only a SIGKILL can lose a line: those of the turn it lands in. */
function standardOutput() {
  if (!stdout) {
    stdout = linesPerTurn(pino.destination({ dest: 1, sync: true }));
    process.once('exit', stdout.flushSync);
  }
  return stdout;
}

/** Where pino keeps a logger's bound fields (already JSON) and its output stream. */
const { chindingsSym: CHINDINGS, streamSym: STREAM } = pino.symbols;

/**
 * The access log: one line per answered request, with what Fastify's own two lines ("incoming request",
 * "request completed") carried between them - the call, its status and how long it took. The lines of a failed
 * request and of Fastify's error handling stay as Fastify writes them. The request is named by its route
 * (routeOf), never by the address as sent.
 */

export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply, {});
    const log = reply.log as unknown as pino.Logger & Record<symbol, unknown>;
    if (!log.isLevelEnabled('info')) return;
    writeAccessLine(log, log[CHINDINGS] as string, {
      method: request.method,
      route: routeOf(request),
      host: request.host,
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  }
}

/** What an access line says of a request. */
export interface AccessFields {
  method: string;
  route: string;
  host?: string;
  ip?: string;
  statusCode: number;
  /** Milliseconds. */
  responseTime: number;
}

/**
 * Writes the access line of a request through a logger's stream, with the fields that logger binds (pino's
 * "chindings", already JSON: `,"pid":1,"hostname":"h","reqId":"2HKY2N3H"`): the line pino would write for
 * log.info({ req, res, responseTime }, 'request completed'), built from its few fields - pino's generic
 * serialization of them was the larger part of the hot till's access line (docs/PERFORMANCE.md, "The hot till as
 * it ships"). Same stream, same phone mask, same fields in the same order; tests/server/lib/accessLine.test.ts
 * holds it to pino's own output. Used by AccessLog and by the hot till's front door (server/plugins/tillFrontDoor.ts).
 */
export function writeAccessLine(log: pino.Logger, chindings: string, f: AccessFields) {
  const line =
    `{"level":${log.levels.values.info},"time":${Date.now()}${chindings},"req":{` +
    `"method":${JSON.stringify(f.method)},"route":${JSON.stringify(f.route)}` +
    (f.host === undefined ? '' : `,"host":${JSON.stringify(f.host)}`) +
    (f.ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(f.ip)}`) +
    `},"res":{"statusCode":${f.statusCode}},"responseTime":${f.responseTime},"msg":"request completed"}\n`;
  ((log as unknown as Record<symbol, unknown>)[STREAM] as { write(s: string): void }).write(maskLine(line));
}

/** A logger's bound fields as pino keeps them (already JSON). */
export const chindingsOf = (log: pino.Logger): string => (log as unknown as Record<symbol, string>)[CHINDINGS];
