// A resource is registered in one place (docs/ARCHITECTURE.md, Add a resource): its entry in
// src/resources/index.ts. ESLint refuses a <Resource> anywhere but App.tsx (which maps the list) and an
// API_RESOURCES written out by hand; this shows both refusals, and App.tsx's own <Resource> let through.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const resource = `import { Resource } from 'react-admin';\nexport const R = () => <Resource name="tills" />;\n`;

describe('resources are registered in the manifest only', () => {
  it.each(['src/admin/layout/Probe.tsx', 'src/resources/tills/Probe.tsx', 'src/Probe.tsx'])(
    'a <Resource> in %s is refused',
    async (file) => {
      expect(await restricted(file, resource)).toEqual([expect.stringMatching(/src\/resources\/index\.ts/)]);
    },
  );

  it('App.tsx, which maps the manifest to <Resource>s, may', async () => {
    expect(await restricted('src/App.tsx', resource)).toEqual([]);
  });

  it('a screen or a building block importing src/dataProvider is refused (they reach it through the context)', async () => {
    const code = "import { dataProvider } from '../../dataProvider';\nvoid dataProvider;\n";
    const refused = async (file: string) => {
      const [result] = await eslint.lintText(code, { filePath: file });
      return result.messages
        .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
        .map((m) => m.message);
    };
    expect(await refused('src/resources/tills/Probe.tsx')).toEqual([expect.stringMatching(/useDataProvider/)]);
    expect(await refused('src/admin/lists/Probe.tsx')).toEqual([expect.stringMatching(/useDataProvider/)]);
    const typeOnly =
      "import type { SpecterDataProvider } from '../../admin/data';\nexport type P = SpecterDataProvider;\n";
    const [ok] = await eslint.lintText(typeOnly, { filePath: 'src/resources/tills/Probe.tsx' });
    expect(ok.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')).toEqual([]);
  });

  it('an API_RESOURCES table written by hand is refused', async () => {
    const code = "export const API_RESOURCES = { tills: { path: '/api/tills', search: [] } };\n";
    expect(await restricted('src/dataProvider.ts', code)).toHaveLength(1);
  });
});
