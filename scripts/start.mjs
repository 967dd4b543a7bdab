// npm start: build the web app when dist/ is missing or older than the sources, then run the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist', 'index.html');

function newestMtime(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

const sources = ['src', 'public', 'index.html', 'public.html', 'vite.config.ts']
  .map((p) => path.join(root, p))
  .filter(existsSync);
// A build from before the invoice page's server render (dist/server) counts as stale too.
const stale =
  !existsSync(dist) ||
  !existsSync(path.join(root, 'dist', 'server', 'invoice-render.js')) ||
  Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs;
if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('Building the web app (vite build)...');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
