// The server's layers (docs/ARCHITECTURE.md, The server's layers) are ESLint rules per folder (SERVER_LAYERS in
// eslint.config.js): each boundary is shown here refusing an import that points up (or sideways between the
// domain's folders) and letting one that points down through, the imports the layers were made for are shown
// refused where they used to be, and every folder of server/ is shown to have a layer at all.
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The import-restriction messages ESLint gives for `code` as if it were the file at `filePath`. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

const UP = /Layers point down/;
const SIDEWAYS = /The domain's folders never import one another/;

describe("the server's layers point down", () => {
  // [the importing file, an import pointing up (refused), an import pointing down or within (accepted)]
  it.each([
    ['server/lib/probe.ts', "import '../db/client';", "import '../config';\nimport '../i18n';"],
    ['server/lib/probe.ts', "import type { Db } from '../db/client';", "import { badRequest } from './errors';"],
    ['server/lib/probe.ts', "import '../core/claim';", "import '../../src/contract';"],
    ['server/i18n/probe.ts', "import '../otp/service';", "import '../lib/errors';"],
    ['server/config.ts', "import './db/client';", "import '../src/contract/publicConfig';"],
    ['server/core/probe.ts', "import '../db/schema';", "import '../lib/errors';\nimport '../vat/zatca';"],
    ['server/vat/probe.ts', "import '../pos/lastOrder';", "import '../core/posPort';"],
    [
      'server/db/repositories/probe.ts',
      "import '../../pos/sync';",
      "import '../../core/posPort';\nimport '../paging';",
    ],
    ['server/db/repositories/probe.ts', "import '../../deps';", "import '../audit';\nimport '../../lib/errors';"],
    ['server/db/seed/probe.ts', "import '../../stand-ins/foodics/fixture';", "import '../client';"],
    ['server/deps.ts', "import './pos/lastOrder';", "import './db/client';\nimport './core/smsPort';"],
    ['server/otp/probe.ts', "import '../plugins/services';", "import '../deps';\nimport '../db/rateLimit';"],
    ['server/pos/foodics/probe.ts', "import '../../routes/invoice';", "import '../sync';\nimport '../../core/claim';"],
    ['server/plugins/probe.ts', "import '../routes/users';", "import '../pos/lastOrder';\nimport './auth';"],
    ['server/routes/probe.ts', "import '../app';", "import '../plugins/auth';\nimport '../otp/sendCode';"],
    ['server/app.ts', "import './stand-ins/demo';", "import './routes/users';\nimport './deps';"],
    ['server/app.ts', "import './main.js';", "import './plugins/services';"],
    ['server/stand-ins/probe.ts', "import '../main';", "import '../pos/sync';\nimport '../app';"],
  ])('%s may not %s', async (file, up, down) => {
    const messages = await restricted(file, up);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(UP);
    expect(await restricted(file, down)).toEqual([]);
  });

  it('main.ts, the top, may import every layer', async () => {
    const code = "import './stand-ins/demo';\nimport './app';\nimport './db/secrets';\nimport './lib/tokens';";
    expect(await restricted('server/main.ts', code)).toEqual([]);
  });

  it.each([
    ['server/otp/probe.ts', "import '../pos/lastOrder';"],
    ['server/sms/probe.ts', "import '../otp/service';"],
    ['server/pos/foodics/probe.ts', "import '../../funnel/days';"],
    ['server/customer/probe.ts', "import '../export/csv';"],
  ])("the domain's folders never import one another: %s may not %s", async (file, sideways) => {
    const messages = await restricted(file, sideways);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(SIDEWAYS);
  });

  it('the imports that pointed up before the layers were made are refused where they were', async () => {
    const before: [string, string][] = [
      ['server/lib/paging.ts', "import type { Db } from '../db/client';"],
      ['server/lib/paging.ts', "import { listTotal } from '../db/repositories/counts';"],
      ['server/lib/rateLimit.ts', "import type { Database } from '../db/client';"],
      ['server/lib/purge.ts', "import type { Database } from '../db/client';"],
      ['server/lib/secrets.ts', "import { serverSecrets } from '../db/schema';"],
      ['server/lib/rememberedList.ts', "import type { HeaderSink } from '../db/paging';"],
      ['server/db/seed/demo.ts', "import { syncRestaurant } from '../../pos/sync';"],
      ['server/db/seed/demo.ts', "import { mapOrder } from '../../pos/foodics/mapping';"],
      ['server/db/seed/demo.ts', "import { businessDay } from '../../funnel/days';"],
      ['server/db/repositories/savedOrders.ts', "import type { PosOrder } from '../../pos/port';"],
      ['server/db/repositories/appUsers.ts', "import type { Tx } from '../../audit/record';"],
      ['server/db/repositories/appUsers.ts', "import { lockedUntilSql } from '../../otp/phoneLock';"],
      ['server/deps.ts', "import type { PosAdapter } from './pos/port';"],
    ];
    for (const [file, code] of before) expect(await restricted(file, code), `${file}: ${code}`).toHaveLength(1);
    // Sideways between the domain's folders.
    expect(await restricted('server/otp/sendCode.ts', "import { CLAIM_MESSAGES } from '../pos/claim';")).toHaveLength(
      1,
    );
    expect(await restricted('server/sms/console.ts', "import { maskPhone } from '../otp/phone';")).toHaveLength(1);
    expect(await restricted('server/pos/lastOrder.ts', "import '../customer/receipts';")).toHaveLength(1);
  });

  it('every folder and root file of server/ has a layer (a probe in it may not import main.ts)', async () => {
    const entries = readdirSync('server', { withFileTypes: true })
      .filter((e) => e.isDirectory() || e.name.endsWith('.ts'))
      .map((e) => (e.isDirectory() ? `server/${e.name}/probe.ts` : `server/${e.name}`))
      .filter((file) => file !== 'server/main.ts');
    expect(entries.length).toBeGreaterThan(15);
    for (const file of entries) {
      const up = file.split('/').length === 2 ? "import './main';" : "import '../main';";
      expect(await restricted(file, up), `${file} has no layer in eslint.config.js (SERVER_LAYERS)`).toHaveLength(1);
    }
  });
});
