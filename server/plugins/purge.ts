// Runs server/db/purge.ts every PURGE_INTERVAL_SECONDS while the app is up (0 = never). The timer does not
// keep the process alive and stops when the app closes; a failed run (database away) waits for the next one.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpired, purgeRetained } from '../db/purge';

export default fp(async function purge(app: FastifyInstance) {
  const every = app.deps.config.PURGE_INTERVAL_SECONDS;
  if (!every) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      // A phone guard outlives its lock: kept at least OTP_LOCK_HOURS (and a day).
      const { config, database } = app.deps;
      running = purgeExpired(database, config.OTP_LOCK_HOURS)
        .then(async (r) => {
          if (r) app.log.debug({ purged: r }, 'expired rows purged');
          const kept = await purgeRetained(database, {
            posDays: config.POS_RETENTION_DAYS,
            activityDays: config.ACTIVITY_RETENTION_DAYS,
            ledgerDays: config.LOYALTY_LEDGER_RETENTION_DAYS,
          });
          if (kept) app.log.debug({ purged: kept }, 'rows past their retention purged');
        })
        .catch((err) => app.log.warn({ err }, 'purge failed; next run as scheduled'));
    }, every * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
