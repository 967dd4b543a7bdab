// The loyalty expiry (issue 47): every LOYALTY_EXPIRY_INTERVAL_SECONDS (a day; 0 = never) the balances with no earn
// or redeem for their program's expiry_days expire, the ledger saying so (db/repositories/loyalty.ts
// expireIdleBalances). The first run is a minute after the start (a restart more often than daily still runs it);
// several instances share the work (SKIP LOCKED) and a second run expires nothing twice. As server/plugins/purge.ts:
// the timer does not keep the process alive, stops when the app closes, and a failed run waits for the next one.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireIdleBalances } from '../db/repositories/loyalty';

const FIRST_RUN_AFTER_MS = 60_000;

export default fp(async function loyaltyExpiry(app: FastifyInstance) {
  const every = app.deps.config.LOYALTY_EXPIRY_INTERVAL_SECONDS;
  if (!every) return;
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = expireIdleBalances(app.deps.database.db)
      .then((n) => {
        if (n) {
          app.log.info({ expired: n }, 'loyalty balances expired');
          app.answers.changed(['loyalty']);
        }
      })
      .catch((err) => app.log.warn({ err }, 'loyalty expiry failed; next run as scheduled'));
  };
  app.addHook('onReady', async () => {
    const first = setTimeout(run, Math.min(FIRST_RUN_AFTER_MS, every * 1000));
    const later = setInterval(run, every * 1000);
    first.unref();
    later.unref();
    timers.push(first, later);
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    await running;
  });
});
