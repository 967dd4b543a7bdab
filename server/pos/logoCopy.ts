// The receipt's logo from Specter's own origin (docs/ARCHITECTURE.md "The receipt's logo", docs/PERFORMANCE.md 1b):
// a restaurant's logo usually lives on its own host, and a phone on a slow network pays that host's connection
// (DNS, TCP, TLS) before it can paint the receipt's largest element. So after a restaurant is saved or synced (and
// at start), each live restaurant's http(s) logo without a copy is fetched once - in the background, never holding
// the save's answer - and kept in the database (db/repositories/logoCopies.ts); the receipt then names the copy's
// address on this site, and the logo's own address while there is none.
//
// What is fetched, and kept: http(s) only, never from a private, loopback or link-local address (unless
// LOGO_COPY_PRIVATE_HOSTS: the server must not be a way into its own network), at most 3 redirects each checked the
// same way, an answer within LOGO_COPY_TIMEOUT_MS (connection, headers and body), at most LOGO_COPY_MAX_BYTES, a
// declared PNG, JPEG, GIF or WebP whose bytes are one (read by image-size, which also gives its width and height).
// SVG is refused: an SVG can carry script and links, and a copy served from this origin must be inert.
import { createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { imageSize } from 'image-size';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { keepLogoCopy, logosToCopy, type KeptLogo } from '../db/repositories/logoCopies';

/** The image types a copy may be, by what image-size reads in the bytes: their content type and extension. */
const KINDS: Record<string, { contentType: string; ext: string }> = {
  png: { contentType: 'image/png', ext: 'png' },
  jpg: { contentType: 'image/jpeg', ext: 'jpg' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  webp: { contentType: 'image/webp', ext: 'webp' },
};
const DECLARED = /^image\/(png|jpeg|jpg|pjpeg|gif|webp)\s*(;|$)/i;
const MAX_REDIRECTS = 3;
/** A failed copy is tried again after this long (the next save, sync or start after it). */
export const LOGO_RETRY_MS = 60 * 60_000;

/** Addresses the server never fetches a logo from (RFC 6890's special-purpose ranges that reach no public host). */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an address (v4, v6, v4 mapped into v6) is one the server never fetches from. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (!family) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class Refused extends Error {}

/** dns.lookup that refuses a name resolving to a private address (checked on the address connected to, so a name
 * cannot answer one address to a check and another to the connection). */
function guardedLookup(privateHosts: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (!privateHosts && list.some((a) => isPrivateAddress(a.address)))
        return callback(new Refused(`${hostname} is a private address`), '');
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

interface Answer {
  status: number;
  location?: string;
  contentType: string;
  bytes: Buffer;
}

/** One GET of `url`: status, Location, Content-Type and at most `maxBytes` of body (more: refused). */
function get(url: URL, limits: Pick<Config, 'LOGO_COPY_MAX_BYTES'>, privateHosts: boolean, signal: AbortSignal) {
  return new Promise<Answer>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'GET',
        signal,
        lookup: guardedLookup(privateHosts) as never,
        headers: { accept: 'image/png,image/jpeg,image/gif,image/webp', 'user-agent': 'Specter logo copy' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        const declared = Number(res.headers['content-length'] ?? 0);
        if (status !== 200) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType, bytes: Buffer.alloc(0) });
        }
        if (!DECLARED.test(contentType)) {
          res.destroy();
          return reject(new Refused(`not a PNG, JPEG, GIF or WebP image (${contentType || 'no type'})`));
        }
        if (declared > limits.LOGO_COPY_MAX_BYTES) {
          res.destroy();
          return reject(new Refused(`larger than ${limits.LOGO_COPY_MAX_BYTES} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.LOGO_COPY_MAX_BYTES) {
            res.destroy();
            reject(new Refused(`larger than ${limits.LOGO_COPY_MAX_BYTES} bytes`));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Fetches a logo for its copy: the image with its type and size, or why there is none (never throws). */
export async function fetchLogo(
  address: string,
  config: Pick<Config, 'LOGO_COPY_MAX_BYTES' | 'LOGO_COPY_TIMEOUT_MS' | 'LOGO_COPY_PRIVATE_HOSTS'>,
  stop?: AbortSignal,
): Promise<KeptLogo> {
  const signal = AbortSignal.any([AbortSignal.timeout(config.LOGO_COPY_TIMEOUT_MS), ...(stop ? [stop] : [])]);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('not an http(s) address');
      if (url.username || url.password) throw new Refused('an address with credentials');
      // A literal address is connected to without a lookup: checked here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !config.LOGO_COPY_PRIVATE_HOSTS && isPrivateAddress(host))
        throw new Refused(`${host} is a private address`);
      const answer = await get(url, config, config.LOGO_COPY_PRIVATE_HOSTS, signal);
      if ([301, 302, 303, 307, 308].includes(answer.status) && answer.location) {
        if (hop >= MAX_REDIRECTS) throw new Refused(`more than ${MAX_REDIRECTS} redirects`);
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status !== 200) throw new Refused(`the host answered ${answer.status}`);
      return readImage(answer.bytes);
    }
  } catch (err) {
    const timedOut = signal.aborted && !stop?.aborted;
    const error = timedOut
      ? `no answer within ${config.LOGO_COPY_TIMEOUT_MS} ms`
      : err instanceof Refused || err instanceof TypeError
        ? err.message
        : `the host could not be reached (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
    return { ok: false, error };
  }
}

/** The bytes as a copy: only a PNG, JPEG, GIF or WebP with a width and a height (whatever the host declared). */
function readImage(bytes: Buffer): KeptLogo {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, error: 'not an image' };
  }
  const kind = size.type ? KINDS[size.type] : undefined;
  if (!kind) return { ok: false, error: `not a PNG, JPEG, GIF or WebP image (${size.type ?? 'unknown'})` };
  if (!size.width || !size.height) return { ok: false, error: 'an image without a size' };
  return {
    ok: true,
    ...kind,
    width: size.width,
    height: size.height,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

export interface LogoCopies {
  /** Copies every logo that wants one (logosToCopy), one at a time; asked while running, it runs once more after. */
  refresh(): void;
  /** Resolves once no refresh is running or asked for. */
  settled(): Promise<void>;
  /** Stops: the fetch in flight is abandoned. */
  close(): Promise<void>;
}

export function createLogoCopies(
  config: Config,
  database: Database,
  log: { warn(obj: object, msg: string): void },
  /** A copy was made: what receipts show changed (the caller drops its memories of them). */
  copied: () => void = () => {},
): LogoCopies {
  const stop = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  const pass = async () => {
    for (const { id, logo } of await logosToCopy(database.db, LOGO_RETRY_MS)) {
      if (stop.signal.aborted) return;
      const got = await fetchLogo(logo, config, stop.signal);
      if (stop.signal.aborted) return;
      if (!got.ok) log.warn({ restaurantId: id, logo: logo.slice(0, 200), reason: got.error }, 'logo not copied');
      await keepLogoCopy(database.db, id, logo, got);
      if (got.ok) copied();
    }
  };
  const run = async () => {
    do {
      again = false;
      try {
        await pass();
      } catch (err) {
        if (!stop.signal.aborted) log.warn({ err }, 'logo copies not refreshed');
      }
    } while (again && !stop.signal.aborted);
    running = null;
  };
  return {
    refresh() {
      if (!config.LOGO_COPY || stop.signal.aborted) return;
      if (running) again = true;
      else running = run();
    },
    async settled() {
      while (running) await running;
    },
    async close() {
      stop.abort();
      await this.settled();
    },
  };
}
