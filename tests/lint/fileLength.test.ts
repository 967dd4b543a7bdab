// Small files with one job (issue 46, docs/ARCHITECTURE.md "Rules of the house"): no production file of src/ or
// server/ over 300 lines without a written reason. The reasons are listed here, one line each, and kept honest both
// ways: a new long file fails until it is split or given its reason, and a listed file that is split (or gone) fails
// until its line is removed, so the list only ever names files that are long today.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIMIT = 300;

/** The long files, each with why it stays whole. */
const LONG_FILES: Record<string, string> = {
  'server/db/schema.ts':
    "Drizzle's schema as code: drizzle-kit reads every table from this one module to write each migration and its snapshot; a table is found by its name",
  'src/admin/i18n/en.ts': "the back-office's English catalogue: data, one key per text, kept in the order of ar.ts",
  'src/admin/i18n/ar.ts': "the back-office's Arabic catalogue: data, one key per text, kept in the order of en.ts",
  'server/config.ts':
    'every environment variable the server reads, parsed and documented in one place (nothing else reads process.env)',
  'server/db/repositories/loyalty.ts':
    "the ledger's writers - earn, undo, redeem, expire, leave, forget - share one lock order and one balance rule; apart, each could drift from the others",
  'server/pos/lastOrder.ts':
    "the hot till's read path in the order a request takes it (cache, coalescing, the database's checks); split, the order it is read in would be lost",
  'src/dataProvider.ts':
    "react-admin's one data provider: the contract's overrides of plain REST side by side, each a few lines, read together",
  'server/db/repositories/savedOrders.ts':
    'saved orders: the save, the Orders list and its CSV batches share the search and scope clauses built here',
  'server/db/repositories/admins.ts':
    "every back-office account's queries: sign-in, the token's account, the list and edits share the role and restaurant joins",
  'server/db/repositories/foodicsConnect.ts':
    "Connect Foodics' one transaction (role re-read, business held elsewhere, reconnects) and the OAuth states it consumes",
  'src/invoice/PhoneCode.tsx':
    "the customer's phone and code step, shared by Save Invoice, My receipts and Delete my data: one component with its states",
  'server/routes/foodicsConnect.ts':
    "Connect Foodics' round trip: the start, the callback and the health panel's calls read in the order the browser takes them",
};

const root = process.cwd();
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(path.posix.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [path.posix.join(dir, e.name)]
        : [],
  );
const lines = (file: string) => readFileSync(path.join(root, file), 'utf8').replace(/\n$/, '').split('\n').length;
const long = Object.fromEntries(
  [...filesUnder('src'), ...filesUnder('server')].map((f) => [f, lines(f)] as const).filter(([, n]) => n > LIMIT),
);

describe(`production files over ${LIMIT} lines`, () => {
  it('each has its written reason', () => {
    expect(Object.keys(long).filter((f) => !(f in LONG_FILES))).toEqual([]);
  });

  it('each listed file is still long (a split one leaves the list)', () => {
    expect(Object.keys(LONG_FILES).filter((f) => !(f in long))).toEqual([]);
  });
});
