import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two entries: index.html is the back-office (react-admin, MUI); public.html is the light public entry
// for /user/invoice and /Privacy (React only). They share no chunk but React itself.
const API_PREFIXES = ['/admin', '/user', '/statistics', '/order', '/restaurant', '/pos', '/healthz', '/api'];
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      input: { admin: 'index.html', public: 'public.html' },
    },
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
            return /^\/(user\/invoice|Privacy)\b/.test(req.url ?? '') ? '/public.html' : '/index.html';
          },
        },
      ]),
    ),
  },
});
