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
      regex: '(^|/)contract(/(?!publicConfig$|invoicePageRender$)[^/]+)?$',
      allowTypeImports: true,
      message: 'Only `import type` from src/contract here, so zod stays out of the public bundle.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'server/db/migrations/', '.ci/'] },
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
    files: ['src/public/**', 'src/invoice/**', 'src/privacy/**', 'src/lib/**'],
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
  // --- the server ---
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'react-admin'].map((name) => ({
            name,
            message: 'The server imports no web code.',
          })),
          patterns: [
            {
              regex: '(^|/)src/(?!contract(/|$))',
              message:
                'The server imports only src/contract of the web side (docs/ARCHITECTURE.md, Rules of the house).',
            },
          ],
        },
      ],
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
  {
    // Routes reach a POS or an SMS provider only through their ports.
    files: ['server/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)src/(?!contract(/|$))', message: 'The server imports only src/contract of the web side.' },
            {
              regex: '(^|/)(pos/(foodics|specter)|sms/(twilio|unifonic|console)|stand-ins)(/|$)',
              message: 'Routes reach a POS or an SMS provider only through server/pos and server/sms.',
            },
          ],
        },
      ],
    },
  },
  // --- tests, scripts, benches: Node, and test doubles may be loose ---
  {
    files: ['tests/**', 'bench/**', 'scripts/**', '*.config.{js,ts}', 'vite.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
