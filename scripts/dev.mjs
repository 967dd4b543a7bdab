// npm run dev: the API server with reload (tsx watch) on API_PORT (3001) and Vite's dev server on 5173,
// which proxies API calls to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  }),
);
