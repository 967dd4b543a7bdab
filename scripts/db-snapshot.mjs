// `npm run db:snapshot`: makes drizzle-kit's latest schema snapshot (server/db/migrations/meta) match
// server/db/schema.ts, so that `npm run db:generate` writes exactly the next change and nothing else
// (docs/ARCHITECTURE.md, The database). The migrations are hand-written SQL (numbered by hand, several engineers
// at once), so drizzle-kit's own snapshots fall behind them: this runs `drizzle-kit generate` on a copy of the
// folder, keeps the snapshot it writes there (the whole schema, chained to the latest one kept) under the name of
// the journal's last migration (meta/0020_snapshot.json for 0020_orders_per_restaurant_counts), and throws the
// copy's SQL away. Run it after adding a migration by hand (and schema.ts's matching change); it writes nothing
// when the snapshot is current. tests/server/db/schemaSnapshot.test.ts fails until it has been run.
// `checkSnapshot()` is the test's: whether generate would write anything, and what.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.join(root, 'server', 'db', 'migrations');
const meta = path.join(migrations, 'meta');

/** drizzle-kit generate on a copy of the migrations folder: the files it wrote there (none when current). */
function generateOnCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), 'specter-snapshot-'));
  const out = path.join(dir, 'migrations');
  cpSync(migrations, out, { recursive: true });
  const before = new Set([...readdirSync(out), ...readdirSync(path.join(out, 'meta')).map((f) => `meta/${f}`)]);
  // drizzle-kit reads --out relative to the working directory (it writes `./<out>`).
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'),
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './server/db/schema.ts',
      '--out',
      path.relative(root, out),
      '--name',
      'snapshot_check',
    ],
    { cwd: root, stdio: 'pipe' },
  );
  const written = [...readdirSync(out), ...readdirSync(path.join(out, 'meta')).map((f) => `meta/${f}`)].filter(
    (f) => !before.has(f) && f !== 'meta',
  );
  return { dir, out, written };
}

/** Whether `drizzle-kit generate` on the committed tree writes anything: the files and the SQL it would write. */
export function checkSnapshot() {
  const { dir, out, written } = generateOnCopy();
  try {
    const sql = written.filter((f) => f.endsWith('.sql')).map((f) => readFileSync(path.join(out, f), 'utf8'));
    return { written, sql: sql.join('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the current schema's snapshot as the journal's last migration's; answers the file written, or null. */
export function writeSnapshot() {
  const { dir, out, written } = generateOnCopy();
  try {
    const snapshot = written.find((f) => f.startsWith('meta/') && f.endsWith('_snapshot.json'));
    if (!snapshot) return null;
    const journal = JSON.parse(readFileSync(path.join(meta, '_journal.json'), 'utf8'));
    const last = journal.entries[journal.entries.length - 1].tag;
    const target = path.join(meta, `${last.slice(0, 4)}_snapshot.json`);
    // Its prevId already names the latest snapshot kept (drizzle-kit chains them): a replaced one keeps its own.
    const fresh = JSON.parse(readFileSync(path.join(out, snapshot), 'utf8'));
    const kept = readdirSync(meta).includes(path.basename(target)) ? JSON.parse(readFileSync(target, 'utf8')) : null;
    if (kept) Object.assign(fresh, { id: kept.id, prevId: kept.prevId });
    writeFileSync(target, `${JSON.stringify(fresh, null, 2)}\n`);
    return path.relative(root, target);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = writeSnapshot();
  console.log(written ? `Wrote ${written}: drizzle-kit's snapshot of server/db/schema.ts` : 'The snapshot is current.');
}
