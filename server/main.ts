// The whole product in one process: reads config, opens and migrates the database, seeds the first
// admin (and demo data on the embedded database), builds the app, listens, and shuts down cleanly.
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { firstLiveTill } from './db/repositories/restaurants';
import { ensureFirstAdmin } from './db/seed/bootstrap';
import { keepLoyaltyTimeZone } from './db/repositories/loyaltyInsights';
import { demoDataWanted, loadDemoData } from './stand-ins/demoSeed';
import { resolveSecret } from './db/secrets';
import { createTokenService } from './lib/tokens';
import { createPosAdapters } from './pos';
import { createSmsSender } from './sms';
import { startDemoServices } from './stand-ins/demo';
import { invoiceLink, qrLinkAdvice, tillLoyaltyLines } from './lib/startBanner';
import { buildApp } from './app';
import { sealStoredTokens } from './db/tokenSeal';
import { sealerOf } from './lib/sealing';
import { serveMetrics } from './lib/metrics';
import type { Deps } from './deps';

async function main() {
  let config: Config = loadConfig();
  // Refuse unsafe combinations before anything starts (docs/DEPLOYMENT.md "Safe defaults").
  const demoWanted = demoDataWanted(config);
  createSmsSender(config, { info: () => {} });
  // Demo stand-ins (a local Foodics) when no real POS address is configured and we are not in production.
  const demo = await startDemoServices(config);
  config = demo.config;

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  // Loyalty's kept figures are dated in the business day's time zone: rebuilt when the setting changed.
  await keepLoyaltyTimeZone(database.db, config.FUNNEL_TIME_ZONE);

  const secret = await resolveSecret(config.JWT_SECRET, config.DATA_DIR, database);
  const tokens = createTokenService(secret, config.JWT_TTL, config.ANSWER_CACHE_MS);
  let redis: import('ioredis').Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: false });
    redis.on('error', () => {});
  }
  // The server secret resolved: the POS adapters name tokens by a key derived from it when TOKEN_KEY is unset.
  const resolved: Config = { ...config, JWT_SECRET: secret };
  const deps: Deps = {
    config: resolved,
    database,
    tokens,
    pos: createPosAdapters(resolved, database, redis),
    // Replaced below by one writing to the app's logger, once the app exists.
    sms: {
      name: 'pending',
      send: async () => {
        throw new Error('SMS sender not ready');
      },
    },
    redis,
  };
  // POS tokens are sealed at rest (docs/SECURITY.md, "POS tokens"): rows stored before sealing, or sealed by a
  // previous key, are sealed with the current one; so are the other secrets a database read must not give (the
  // TOTP secrets, the webhook secret, the shared links' copies: docs/SECURITY.md, "What a database read gives").
  const sealing = await sealStoredTokens(database, sealerOf(deps.config), secret);
  if (sealing.sealed) console.log(`  POS tokens sealed with the current key: ${sealing.sealed}`);
  if (sealing.unreadable) {
    console.log(
      `  ${sealing.unreadable} restaurant(s) hold POS tokens sealed with a key this server was not given: set TOKEN_KEY_PREVIOUS, or reconnect them`,
    );
  }
  if (!config.TOKEN_KEY && !config.JWT_SECRET && database.kind === 'postgres') {
    console.log(
      '  TOKEN_KEY and JWT_SECRET are not set: POS tokens are sealed with a key kept in this database, so a copy of it opens them; set TOKEN_KEY (docs/DEPLOYMENT.md)',
    );
  }
  const app = await buildApp(deps);
  // The console provider also prints each message as a plain line of its own, so the demo's codes stand out
  // from the access log (docs/DEPLOYMENT.md, "The first five minutes").
  deps.sms = createSmsSender(deps.config, app.log, { plainLines: true });

  const firstAdmin = await ensureFirstAdmin(database, config);
  if (demoWanted && (await loadDemoData(deps, { foodicsToken: demo.foodicsToken }))) {
    console.log('  Demo data loaded: restaurants, branches and devices from the Foodics stand-in, app users, orders');
  }

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // METRICS_PORT: /metrics on a port of its own, for a scraper inside the network only (docs/DEPLOYMENT.md).
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(config.METRICS_PORT, config.HOST, config.METRICS_TOKEN);
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log('');
  console.log(`  Specter is running at ${shown}`);
  console.log(`  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`);
  if (firstAdmin) {
    console.log(`  Sign in with: ${firstAdmin.email} / ${firstAdmin.password ?? '(the ADMIN_PASSWORD you set)'}`);
  }
  if (resolved.API_DOCS) console.log(`  API description: ${shown}/api/docs`);
  const till = config.FOODICS_STAND_IN ? await firstLiveTill(database.db) : undefined;
  if (till) console.log(`  Open a demo receipt: ${invoiceLink(config.PUBLIC_URL ?? shown, till)}`);
  // The port it listens on (PORT=0: the one the system gave), for the phone's example address.
  const port = (app.server.address() as import('node:net').AddressInfo).port;
  for (const line of qrLinkAdvice(config.PUBLIC_URL, shown, port)) console.log(line);
  if (deps.sms.name === 'console') {
    console.log('  One-time codes are not texted in the demo: each is printed below on a line of its own.');
  }
  demo.connectWebhooks(port);
  if (config.FOODICS_STAND_IN) {
    console.log(
      `  Foodics stand-in (demo POS): ${config.FOODICS_BASE_URL}; close an order on a till with POST /_stand-in/orders {"device_id": ".."} (its webhook brings it to the receipt at once)`,
    );
    for (const line of tillLoyaltyLines(config.FOODICS_BASE_URL)) console.log(line);
  }
  console.log('');

  // SIGTERM (docs/DEPLOYMENT.md "Stopping"): stop accepting (new connections are refused, a request on a kept-alive
  // connection is answered 503), answer every request in flight, write the funnel's counts, close the database
  // and Redis, and exit - within SHUTDOWN_GRACE_SECONDS whatever hangs.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
    app.log.info(`${signal} received, finishing requests (at most ${config.SHUTDOWN_GRACE_SECONDS} s)`);
    const force = setTimeout(() => {
      app.log.error('shutdown grace ended with work unfinished: exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    // A request still running a second before the end is cut so the database can still be closed cleanly.
    const cut = setTimeout(() => app.server.closeAllConnections(), Math.max(0, graceMs - 1000));
    cut.unref();
    let code = 0;
    try {
      metricsServer?.close();
      await app.close();
      // Counts started by the last requests (after the app's own onClose hook ran) are written too.
      await app.funnel.settled();
      await database.close();
      if (redis) await redis.quit().catch(() => redis!.disconnect());
      await demo.close();
      app.log.info('stopped cleanly');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
