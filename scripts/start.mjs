// npm start: build the web app when dist/ is missing or older than the sources, and the server (dist-server/) when
// it is older than the files it is built from, then run the compiled server (node dist-server/main.js).
// On a production install (npm ci --omit=dev: no Vite, no esbuild) nothing is built: the builds must be there.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist', 'index.html');
const serverMain = path.join(root, 'dist-server', 'main.js');
const canBuild =
  existsSync(path.join(root, 'node_modules', 'vite')) && existsSync(path.join(root, 'node_modules', 'esbuild'));

function newestMtime(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

if (canBuild) {
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
  // The server's build takes about a second and is never left stale (SKIP_BUILD is about the web app only).
  const { buildServer, serverBuildIsStale } = await import('./build-server.mjs');
  if (serverBuildIsStale()) {
    console.log('Building the server (dist-server/)...');
    await buildServer();
  }
} else if (!existsSync(dist) || !existsSync(serverMain)) {
  console.error(
    'dist/ or dist-server/ is missing: run `npm run build` where the development dependencies are installed.',
  );
  process.exit(1);
}

const child = spawn(process.execPath, [serverMain], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
