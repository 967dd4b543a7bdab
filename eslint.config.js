// ESLint: the TypeScript and React-hooks rules, and the house rules of docs/ARCHITECTURE.md as import
// boundaries, so a wrong import fails `npm run lint` instead of being found later by the bundle's size.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Web code never imports the server. */
const noServer = {
  regex: '(^|/)server(/|$)',
  message: 'The web app never imports server/ (docs/ARCHITECTURE.md, Rules of the house).',
};

/** The light public pages: React only (80 KB budget). Values from src/contract only where no zod comes along. */
const publicBundle = {
  paths: ['react-admin', 'zod', '@tanstack/react-query', 'react-hook-form'].map((name) => ({
    name,
    message: 'The public pages load React only: no react-admin, router, MUI, zod.',
  })),
  patterns: [
    noServer,
    { regex: '^(ra-|@mui/|react-router)', message: 'The public pages load React only: no react-admin, MUI, router.' },
    {
      regex: '(^|/)(admin|resources)(/|$)|(^|/)(dataProvider|authProvider|App)$',
      caseSensitive: true,
      message: 'The public pages never import the back-office.',
    },
    {
      // The contract's schemas are zod: the public pages take only their types (values only from its zod-free files).
      regex: '(^|/)contract(/(?!publicConfig$|invoicePageRender$|currency$|receiptLabels$|dates$)[^/]+)?$',
      allowTypeImports: true,
      message: 'Only `import type` from src/contract here, so zod stays out of the public bundle.',
    },
  ],
};

/** Screens and building blocks reach the data provider through react-admin's context (useDataProvider), never by
 * importing src/dataProvider.ts, which sits above them (issue 46: no import circle). */
const providerByContext = {
  regex: '(^|/)dataProvider$',
  caseSensitive: true,
  message:
    "Reach the data provider through react-admin's context: useDataProvider<SpecterDataProvider>() (its type is src/admin/data.ts).",
};

/** The server's layers, lowest first (docs/ARCHITECTURE.md, The server's layers): a module imports its own layer
 * and the layers below, never one above; the domain's folders (`apart`) never import one another either, they
 * share through core/, db/ and deps.ts. Each layer names its folders (`dirs`) and root files (`files`, no .ts) in
 * server/. A new folder of server/ gets its row here (tests/lint/layers.test.ts fails until it has one). */
const SERVER_LAYERS = [
  { layer: 'ground', dirs: ['lib', 'i18n'], files: ['config'] },
  { layer: 'core', dirs: ['core', 'vat'] },
  { layer: 'db', dirs: ['db'] },
  { layer: 'deps', files: ['deps'] },
  { layer: 'domain', dirs: ['pos', 'sms', 'otp', 'funnel', 'customer', 'export'], apart: true },
  { layer: 'plugins', dirs: ['plugins'] },
  { layer: 'routes', dirs: ['routes'] },
  { layer: 'app', files: ['app'] },
  { layer: 'stand-ins', dirs: ['stand-ins'] },
  { layer: 'main', files: ['main'] },
];

/** The server imports only src/contract of the web side. */
const serverNoWeb = {
  paths: ['react', 'react-dom', 'react-admin'].map((name) => ({ name, message: 'The server imports no web code.' })),
  patterns: [
    {
      regex: '(^|/)src/(?!contract(/|$))',
      message: 'The server imports only src/contract of the web side (docs/ARCHITECTURE.md, Rules of the house).',
    },
  ],
};

/** How a relative import from a file `depth` folders below server/ climbs back to server/ itself. */
const toServer = (depth) => (depth === 0 ? '\\./' : `(\\.\\./){${depth}}`);
/** Names of server/'s folders and root files, as the first name after that climb (`pos/..`, `deps`, `deps.js`). */
const named = (names) => `(?:${names.join('|')})(?:/|(?:\\.[jt]s)?$)`;

/** One config per folder (and depth inside it) and root file of server/: from server/ it imports only its own
 * layer and those below (a folder with no layer counts as above), and a domain folder not its peers. */
const serverLayerConfigs = (extra = {}) =>
  SERVER_LAYERS.flatMap(({ layer, dirs = [], files = [], apart }, at) => {
    const upTo = SERVER_LAYERS.slice(0, at + 1);
    const peers = apart ? dirs : [];
    const allowed = upTo.flatMap((l) => [...(l.dirs ?? []), ...(l.files ?? [])]);
    const below = upTo.map((l) => l.layer).join(', ');
    const members = [...dirs.map((dir) => ({ dir })), ...files.map((file) => ({ file }))];
    return members.flatMap(({ dir, file }) => {
      const name = dir ? `server/${dir}/` : `server/${file}.ts`;
      // A root file is at depth 0; a folder's files at depth 1 (server/db/x.ts) to 4 (server/db/a/b/c/x.ts).
      const depths = dir ? [1, 2, 3, 4] : [0];
      return depths.map((depth) => {
        const patterns = [...serverNoWeb.patterns, ...(extra[dir ?? file] ?? [])];
        if (at < SERVER_LAYERS.length - 1)
          patterns.push({
            regex: `^${toServer(depth)}(?!${named(allowed)})[^./]`,
            message: `Layers point down (docs/ARCHITECTURE.md, The server's layers): ${name} is in the ${layer} layer and imports from the layers ${below} only.`,
          });
        const others = dir ? peers.filter((d) => d !== dir) : [];
        if (others.length)
          patterns.push({
            regex: `^${toServer(depth)}${named(others)}`,
            message: `The domain's folders never import one another (docs/ARCHITECTURE.md, The server's layers): ${name} shares with ${others.join(', ')} through core/, db/ or deps.ts.`,
          });
        return {
          files: [dir ? `server/${dir}/${'*/'.repeat(depth - 1)}*.ts` : `server/${file}.ts`],
          rules: { '@typescript-eslint/no-restricted-imports': ['error', { ...serverNoWeb, patterns }] },
        };
      });
    });
  });

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', 'data/', 'coverage/', 'server/db/migrations/', '.ci/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  // --- the web app ---
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noServer] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'The web app reads its settings from import.meta.env.' },
      ],
    },
  },
  {
    // A resource is registered in one place: its entry in src/resources/index.ts, which App.tsx maps to <Resource>s
    // (docs/ARCHITECTURE.md, Add a resource).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/App.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Resource']",
          message: 'Register a resource in src/resources/index.ts (its folder exports the entry), not here.',
        },
        {
          selector: "VariableDeclarator[id.name='API_RESOURCES'] > ObjectExpression",
          message: "A resource's API paths are the `api` of its entry in src/resources/<name>/index.ts.",
        },
      ],
    },
  },
  {
    files: ['src/public/**', 'src/invoice/**', 'src/privacy/**', 'src/lib/**', 'src/receipts/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', publicBundle] },
  },
  {
    // The invoice page's server render (bundled to dist/server, never sent to the browser) draws with
    // react-dom/server: the one "server" it may import (docs/ARCHITECTURE.md, The receipt in the first response).
    files: ['src/public/invoice-render.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...publicBundle,
          patterns: [
            { ...noServer, regex: '^(?!react-dom/server$)(.*/)?server(/|$)' },
            ...publicBundle.patterns.filter((p) => p !== noServer),
          ],
        },
      ],
    },
  },
  {
    // The back-office's building blocks never reach up to the resources or the app that composes them.
    files: ['src/admin/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              regex: '(^|/)(resources|invoice|privacy|public)(/|$)|(^|/)App$',
              caseSensitive: true,
              message: 'src/admin holds building blocks: resources and App import it, not the other way.',
            },
            providerByContext,
          ],
        },
      ],
    },
  },
  {
    files: ['src/resources/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              regex: '(^|/)(invoice|privacy|public)(/|$)|(^|/)App$',
              caseSensitive: true,
              message: 'A resource imports src/admin and src/lib only.',
            },
            providerByContext,
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./|^(react|react-dom|react-admin|ra-|@mui/)',
              message: 'src/contract stands alone: the server and the web app both import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The resources' declarations (src/contract/resources/) read the contract's schemas one folder up, no further.
    files: ['src/contract/resources/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./|^(react|react-dom|react-admin|ra-|@mui/)',
              message: 'src/contract stands alone: the server and the web app both import it.',
            },
          ],
        },
      ],
    },
  },
  // --- the server ---
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', serverNoWeb],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only server/config.ts reads process.env: take it from deps.config.',
        },
      ],
    },
  },
  {
    files: ['server/config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // The layers, each folder's own rule; routes also reach a POS or an SMS provider only through their ports.
  ...serverLayerConfigs({
    routes: [
      {
        regex: '(^|/)(pos/(foodics|specter)|sms/(twilio|unifonic|console)|stand-ins)(/|$)',
        message: 'Routes reach a POS or an SMS provider only through server/pos and server/sms.',
      },
    ],
  }),
  // --- tests, scripts, benches: Node, and test doubles may be loose ---
  {
    files: ['tests/**', 'bench/**', 'scripts/**', '*.config.{js,ts}', 'vite.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
