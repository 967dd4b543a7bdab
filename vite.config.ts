import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Writes .br and .gz beside every text asset of the build, served as-is by the server (@fastify/static
 * preCompressed): a phone on a weak network gets the smallest file without the server compressing per request. */
function precompress() {
  return {
    name: 'specter-precompress',
    apply: 'build' as const,
    closeBundle(this: { environment?: { name: string } }) {
      // The server bundle (dist/server) is read from disk by Node, never sent: nothing to compress.
      if (this.environment?.name === 'ssr') return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) =>
          statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)],
        );
      for (const file of walk('dist').filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// Two entries: index.html is the back-office (react-admin, MUI); public.html is the light public entry
// for /user/invoice and /Privacy (React only). They share no chunk but React itself.
// `vite build` builds two environments (builder: {}): the browser's (dist/) and the server's, which is only the
// invoice page's server render (src/public/invoice-render.tsx -> dist/server/invoice-render.js, loaded by
// server/plugins/invoicePage.ts; docs/ARCHITECTURE.md, The receipt in the first response).
const API_PREFIXES = [
  '/admin',
  '/user',
  '/statistics',
  '/order',
  '/restaurant',
  '/pos',
  '/healthz',
  '/api',
  '/customer',
];
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
// Vite has settled NODE_ENV before it reads this file (production for a build unless the shell set it), and the JSX
// is compiled for the development runtime in any other case (a test's build): the bundled React must match it.
const SERVER_RENDER_REACT = process.env.NODE_ENV === 'production' ? 'production' : 'development';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  builder: {},
  environments: {
    client: {
      build: {
        rollupOptions: {
          // invoice-boot: the script of the server-drawn invoice page, which loads public.html's entry after the
          // first paint (src/public/boot.ts, server/plugins/invoicePage.ts).
          input: { admin: 'index.html', public: 'public.html', 'invoice-boot': 'src/public/boot.ts' },
        },
      },
    },
    ssr: {
      // React itself is bundled into the server render, in the build the JSX was compiled for - production for
      // `vite build` - whatever NODE_ENV the server later runs with: `npm start` (NODE_ENV unset) otherwise drew every
      // receipt with React's development build, twice the CPU of a render (docs/PERFORMANCE.md, "The hot till as it
      // ships"); the browser hydrates with the production build of the same React either way.
      resolve: { noExternal: ['react', 'react-dom'] },
      define: { 'process.env.NODE_ENV': JSON.stringify(SERVER_RENDER_REACT) },
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: {
          input: { 'invoice-render': 'src/public/invoice-render.tsx' },
          output: { entryFileNames: '[name].js' },
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    // In development the API runs on its own port (npm run dev starts both); page navigations stay with Vite.
    proxy: Object.fromEntries(
      API_PREFIXES.map((p) => [
        p,
        {
          target: apiTarget,
          // Page navigations stay with Vite: the public pages get their own entry, the rest the back-office.
          bypass: (req: { url?: string; headers: { accept?: string } }) => {
            if (!req.headers.accept?.includes('text/html')) return undefined;
            return /^\/(user\/invoice|user\/receipts|Privacy)\b/.test(req.url ?? '') ? '/public.html' : '/index.html';
          },
        },
      ]),
    ),
  },
});
