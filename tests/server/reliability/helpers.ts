// Helpers of the reliability tests: build the real app on a database the test owns (so several app
// instances can share one database, or a test can close it under the app), random phones and addresses.
import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { testConfig, type Config } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { admins } from '../../../server/db/schema';
import type { Deps } from '../../../server/deps';
import { hashPassword } from '../../../server/lib/passwords';
import { createTokenService } from '../../../server/lib/tokens';
import { createPosAdapters } from '../../../server/pos';
import { createPostgresDatabase, openMigratedPglite } from '../helpers/db';

export interface Instance {
  app: FastifyInstance;
  deps: Deps;
  config: Config;
  sms: { to: string; body: string }[];
  lastCode(to: string): string | undefined;
  adminToken(): Promise<string>;
}

/** One app instance on a database it does not own (closing the app leaves the database open). */
export async function buildInstance(
  database: Database,
  overrides: Record<string, string> = {},
  extra: Partial<Deps> = {},
): Promise<Instance> {
  const config = testConfig(overrides);
  const tokens = createTokenService(config.JWT_SECRET!, config.JWT_TTL);
  const sms: { to: string; body: string }[] = [];
  const deps: Deps = {
    config,
    database,
    tokens,
    pos: createPosAdapters(config, database),
    sms: {
      name: 'test',
      send: async (to, body) => {
        sms.push({ to, body });
      },
    },
    ...extra,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    config,
    sms,
    lastCode: (to) =>
      [...sms]
        .reverse()
        .find((m) => m.to === to)
        ?.body.match(/\b(\d{4})\b/)?.[1],
    async adminToken() {
      const [row] = await database.db
        .insert(admins)
        .values({
          name: 'Reliability Admin',
          email: `rel-${randomBytes(6).toString('hex')}@example.com`,
          passwordHash: await hashPassword('password-123'),
        })
        .returning({ id: admins.id });
      return tokens.issue(row.id);
    },
  };
}

/** A fresh in-memory PGlite with the schema. */
/** A database the test may break (close under the app): never one kept for reuse. */
export const freshPglite = () => openMigratedPglite({ reuse: false });

/** A new database on the PostgreSQL of url (migrated), dropped by drop(). */
export async function freshPostgres(url: string, opts: { connectVia?: (u: URL) => URL; poolSize?: number } = {}) {
  // A copy of the run's migrated template (helpers/db.ts), then the pool the test asked for (maybe through a proxy).
  const created = await createPostgresDatabase(url, 'specter_rel_');
  const database = await openDatabase({
    databaseUrl: (opts.connectVia ? opts.connectVia(new URL(created.url)) : new URL(created.url)).toString(),
    poolSize: opts.poolSize ?? 5,
  });
  return {
    name: created.name,
    /** The direct address of the new database (for more pools on it). */
    url: created.url,
    database,
    async drop() {
      await database.close().catch(() => {});
      await created.drop();
    },
  };
}

/** A Saudi mobile number nobody else uses in this run: 055 + 7 random digits. */
export const randomPhone = () => `055${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
export const e164 = (local: string) => `+966${local.slice(1)}`;
/** A random client address (TEST-NET-2/3 style, 10.x), so limit windows of earlier runs do not collide. */
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * A TCP proxy in front of a database, which a test can stop (the database is "gone": connections are cut
 * and new ones refused) and start again on the same port (the database "returns").
 */
export async function tcpProxy(targetHost: string, targetPort: number) {
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await start();
  return {
    get port() {
      return port;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    start,
  };
}

/**
 * An HTTP proxy in front of a POS stand-in that can hold every request it receives - a POS that does not answer -
 * until the test releases them, which then go on to the stand-in. A test sees what waits on the POS (`held`)
 * instead of timing it.
 */
export async function holdingProxy(target: string) {
  const waiting: (() => void)[] = [];
  let holding = false;
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (holding) waiting.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** From now on, requests wait until release(). */
    hold() {
      holding = true;
    },
    /** How many requests are waiting. */
    held: () => waiting.length,
    /** Sends the waiting requests on, and the next ones at once. */
    release() {
      holding = false;
      for (const forward of waiting.splice(0)) forward();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
