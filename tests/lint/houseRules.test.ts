// The house rules of docs/ARCHITECTURE.md are ESLint rules (eslint.config.js): each is shown here to refuse a
// wrong import in the folder it guards and to let the right one through, so a rule that silently stopped
// matching would fail this file rather than let the invoice bundle grow.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages ESLint gives for `code` as if it were the file at `filePath`. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (messages: string[]) => messages.filter((m) => /restricted/.test(m));

describe('house rules enforced by ESLint', () => {
  it.each([
    ['src/invoice/probe.ts', "import 'react-admin';"],
    ['src/invoice/probe.ts', "import '@mui/material';"],
    ['src/privacy/probe.ts', "import 'react-router-dom';"],
    ['src/public/probe.ts', "import 'zod';"],
    ['src/invoice/probe.ts', "import '../admin/lists/EmptyText';"],
    ['src/privacy/probe.ts', "import '../resources/users';"],
    ['src/public/probe.ts', "import { invoiceSchema } from '../contract'; void invoiceSchema;"],
    ['src/lib/probe.ts', "import 'ra-core';"],
    ['src/receipts/probe.ts', "import '@mui/material';"],
    [
      'src/receipts/probe.ts',
      "import { customerLoyaltySchema } from '../contract/loyalty'; void customerLoyaltySchema;",
    ],
  ])('%s may not %s (public pages load React only)', async (file, code) => {
    expect(restricted(await lint(file, code))).toHaveLength(1);
  });

  it('the public pages may take types from src/contract and values from its zod-free publicConfig', async () => {
    const code =
      "import type { Invoice } from '../contract/invoice';\nimport { PUBLIC_CONFIG_DEFAULTS } from '../contract/publicConfig';\nexport type T = Invoice;\nvoid PUBLIC_CONFIG_DEFAULTS;";
    expect(restricted(await lint('src/invoice/probe.ts', code))).toEqual([]);
  });

  it('web code never imports server/', async () => {
    expect(restricted(await lint('src/resources/probe.ts', "import '../../server/app';"))).toHaveLength(1);
    expect(restricted(await lint('src/probe.ts', "import '../server/config';"))).toHaveLength(1);
  });

  it("react-dom/server only in the invoice page's server render, which still imports no server/ and no zod", async () => {
    expect(restricted(await lint('src/public/invoice-render.tsx', "import 'react-dom/server';"))).toEqual([]);
    expect(restricted(await lint('src/public/main.tsx', "import 'react-dom/server';"))).toHaveLength(1);
    expect(restricted(await lint('src/invoice/probe.ts', "import 'react-dom/server';"))).toHaveLength(1);
    expect(restricted(await lint('src/public/invoice-render.tsx', "import '../../server/app';"))).toHaveLength(1);
    expect(restricted(await lint('src/public/invoice-render.tsx', "import 'zod';"))).toHaveLength(1);
  });

  it('the public pages take values from the zod-free seam of the server render (src/contract/invoicePageRender)', async () => {
    const code = "import { INVOICE_STATE_ID } from '../contract/invoicePageRender';\nvoid INVOICE_STATE_ID;";
    expect(restricted(await lint('src/public/probe.ts', code))).toEqual([]);
  });

  it('src/admin never imports src/resources or the App that composes them', async () => {
    expect(restricted(await lint('src/admin/probe.ts', "import '../resources/users';"))).toHaveLength(1);
    expect(restricted(await lint('src/admin/probe.ts', "import '../App';"))).toHaveLength(1);
    expect(restricted(await lint('src/resources/users/probe.ts', "import '../../admin/lists/EmptyText';"))).toEqual([]);
  });

  it('the server imports src/contract and nothing else of the web side', async () => {
    expect(restricted(await lint('server/routes/probe.ts', "import '../../src/dataProvider';"))).toHaveLength(1);
    expect(restricted(await lint('server/probe.ts', "import 'react';"))).toHaveLength(1);
    expect(restricted(await lint('server/routes/probe.ts', "import '../../src/contract';"))).toEqual([]);
  });

  it('routes reach a POS or an SMS provider only through server/pos and server/sms', async () => {
    expect(restricted(await lint('server/routes/probe.ts', "import '../pos/foodics/client';"))).toHaveLength(1);
    expect(restricted(await lint('server/routes/probe.ts', "import '../sms/twilio';"))).toHaveLength(1);
    expect(restricted(await lint('server/routes/probe.ts', "import '../pos/lastOrder';"))).toEqual([]);
  });

  it('only server/config.ts reads process.env', async () => {
    expect(restricted(await lint('server/otp/probe.ts', 'void process.env.X;'))).toHaveLength(1);
    expect(restricted(await lint('src/probe.ts', 'void process.env.X;'))).toHaveLength(1);
    expect(restricted(await lint('server/config.ts', 'void process.env.X;'))).toEqual([]);
  });
});
