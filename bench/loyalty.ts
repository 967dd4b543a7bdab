// Foodics' loyalty adapter at size (docs/PERFORMANCE.md, "Loyalty at the till"): a cashier is waiting, so reward and
// redeem must answer within 50 ms p99 at 1,000,000 members and 10,000,000 ledger entries on PostgreSQL. Seeds, with
// set-based SQL, --restaurants N Foodics restaurants (default 20) each running a program with three rewards,
// --members N app users each a member of one of them (default 1,000,000) and --ledger N ledger entries over them
// (default 10,000,000: earns, with redeems among them), then times through the real app (its validation, the
// token check, the database; the answer memory off):
// - reward: the first call for each of --runs members never asked before, then one member asked --runs times;
// - redeem: the first redeem of each of --runs members, a retry of the same redeem --runs times (Foodics retries:
//   answered without taking), and --runs new redeems of one member one after another.
// PostgreSQL only (DATABASE_URL; database specter_loyalty_bench, dropped at the end):
// `DATABASE_URL=postgres://... npx tsx bench/loyalty.ts` (full size), `--members 20000 --ledger 200000` to try it.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { benchApp, numArg, percentiles, scratchPostgres, table } from './lib';
import { seedLoyalty } from './loyaltySeed';

const RESTAURANTS = numArg('restaurants', 20);
const MEMBERS = numArg('members', 1_000_000);
const LEDGER = numArg('ledger', 10_000_000);
const RUNS = numArg('runs', 200);
const TOKEN = 'bench-loyalty-token-0123456789-abcdef';

type Row = Record<string, string | number>;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The national number of member g (1-based): app user g's phone is +966 and this. */
const national = (g: number) => `5${String(g).padStart(8, '0')}`;

/** RESTAURANTS Foodics restaurants (business references bref-1 ...), then the members and the ledger over them
 * (bench/loyaltySeed.ts). */
async function seed(database: Database) {
  const made = rowsOf<{ id: number }>(
    await database.db
      .execute(sql`insert into restaurants (name, logo, token, branchs_token, system_type, pos_business_ref)
    select 'Bench ' || r, 'https://example.com/b.png', 't', 't', 'Foodics', 'bref-' || r
    from generate_series(1, ${RESTAURANTS}) r returning id`),
  );
  return seedLoyalty(database, {
    restaurantIds: made.map((r) => r.id).sort((x, y) => x - y),
    members: MEMBERS,
    ledger: LEDGER,
    newUsers: true,
  });
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench/loyalty.ts runs on PostgreSQL: set DATABASE_URL');
  const scratch = await scratchPostgres(url, 'specter_loyalty_bench');
  try {
    const seeded = await seed(scratch.database);
    console.log(`seeded in ${seeded.ms} ms:`, seeded.sizes);
    const { app } = await benchApp(scratch.database, { ANSWER_CACHE_MS: '0', FOODICS_LOYALTY_TOKEN: TOKEN });
    // Member g (app user g) belongs to the restaurant made (g % RESTAURANTS)-th from 0, whose reference is bref-<that + 1>.
    const who = (g: number) => ({
      customer_mobile_number: national(g),
      mobile_country_code: 966,
      business_reference: `bref-${1 + (g % RESTAURANTS)}`,
    });
    const call = async (path: 'reward' | 'redeem', payload: Record<string, unknown>) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/pos/foodics/loyalty/${path}`,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload,
      });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${path} ${res.statusCode}: ${res.body}`);
      return ms;
    };
    // Members spread over the whole table, never asked before (distinct for each series).
    const spread = (series: number) =>
      Array.from({ length: RUNS }, (_, i) => 1 + ((i * 104_729 + series * 7_919 + 13) % MEMBERS));
    const rows: Row[] = [];
    const series = async (name: string, run: (i: number) => Promise<number>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await run(i));
      rows.push({ call: name, runs: RUNS, ...percentiles(times) });
    };
    const firsts = spread(1);
    await series('reward, first call per member', (i) => call('reward', who(firsts[i])));
    const one = spread(2)[0];
    await series('reward, one member again and again', () => call('reward', who(one)));
    const redeemers = spread(3);
    await series('redeem, first redeem per member', (i) =>
      call('redeem', { ...who(redeemers[i]), reward_code: 'TEN-OFF', order_id: `bench-first-${i}` }),
    );
    const retried = redeemers[0];
    await series('redeem, the same redeem retried (answered, nothing taken)', () =>
      call('redeem', { ...who(retried), reward_code: 'TEN-OFF', order_id: 'bench-first-0' }),
    );
    const busy = spread(4)[0];
    await series('redeem, new redeems of one member in a row', (i) =>
      call('redeem', { ...who(busy), reward_code: 'KARAK', order_id: `bench-busy-${i}` }),
    );
    await app.close();
    console.log(
      `\nLoyalty adapter on PostgreSQL: ${seeded.sizes.members} members, ${seeded.sizes.ledger} ledger entries`,
    );
    table(rows);
  } finally {
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
