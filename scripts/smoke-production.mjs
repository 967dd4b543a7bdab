// CI's production check (docs/DEPLOYMENT.md, Build and run): the built dist/ and dist-server/ with package.json and
// the lockfile are copied into an empty folder, `npm ci --omit=dev` installs the production dependencies only (no
// tsx, TypeScript, Vite or esbuild), and the documented start command, `node dist-server/main.js` with
// NODE_ENV=production, must serve /healthz, /readyz and the invoice page (and not /api/docs); then SIGTERM must stop
// it cleanly.
//   node scripts/smoke-production.mjs [--node <a Node binary to start the server with; default: this one>]
// The install needs only package.json and the lockfile, so CI makes it while the tests run (.ci/run):
//   node scripts/smoke-production.mjs --install-only <empty folder>    installs there, and stops
//   node scripts/smoke-production.mjs --installed <that folder> [...]  copies the builds in, starts, checks
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const nodeBin = option('--node') ?? process.execPath;
const installOnly = option('--install-only');
const installed = option('--installed');
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const fail = (message) => {
  console.error(`production smoke: FAILED - ${message}`);
  process.exitCode = 1;
};

for (const built of installOnly ? [] : ['dist/index.html', 'dist/server/invoice-render.js', 'dist-server/main.js']) {
  if (!existsSync(path.join(root, built))) {
    console.error(`production smoke: ${built} is missing; run \`npm run build\` first.`);
    process.exit(1);
  }
}

// In memory when the machine has a tmpfs: the install writes and the clean-up deletes some 140 MB of small files,
// which took minutes on this shared machine's disk.
const tmpBase = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const dir = installOnly ?? installed ?? mkdtempSync(path.join(tmpBase, 'specter-prod-'));
let server;
try {
  if (!installed) {
    for (const f of ['package.json', 'package-lock.json']) cpSync(path.join(root, f), path.join(dir, f));
    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error(`npm ci --omit=dev exited with ${install.status}`);
    for (const dev of ['tsx', 'typescript', 'vite', 'esbuild', 'vitest']) {
      if (existsSync(path.join(dir, 'node_modules', dev))) throw new Error(`${dev} was installed by --omit=dev`);
    }
    console.log(`production smoke: production dependencies installed (${elapsed()})`);
    if (installOnly) process.exit(0);
  } else if (!existsSync(path.join(dir, 'node_modules'))) {
    throw new Error(`${dir} holds no install: run --install-only first`);
  }
  for (const f of ['dist', 'dist-server']) cpSync(path.join(root, f), path.join(dir, f), { recursive: true });

  const port = await new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
  // Production settings as docs/DEPLOYMENT.md lists them; the SMS provider is named but never called here.
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    ADMIN_EMAIL: 'ops@specter.test',
    ADMIN_PASSWORD: 'smoke-test-password-1',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'ACsmoke',
    TWILIO_AUTH_TOKEN: 'smoke',
    TWILIO_FROM: '+15005550006',
    LOG_LEVEL: 'warn',
    PURGE_INTERVAL_SECONDS: '0',
  };
  const version = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
  // The documented start command (docs/DEPLOYMENT.md): NODE_ENV=production node dist-server/main.js
  server = spawn(nodeBin, ['dist-server/main.js'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 90_000;
  while (!/Specter is running at/.test(output)) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`production smoke: node dist-server/main.js on Node ${version} is listening (${elapsed()})`);

  const base = `http://127.0.0.1:${port}`;
  const health = await fetch(`${base}/healthz`);
  const healthBody = await health.json();
  if (health.status !== 200 || healthBody.status !== 'ok') {
    throw new Error(`GET /healthz answered ${health.status} ${JSON.stringify(healthBody)}`);
  }
  console.log(`production smoke: GET /healthz ${health.status} ${JSON.stringify(healthBody)}`);
  // In production the API's description is not published unless API_DOCS=on (docs/DEPLOYMENT.md, issue 48).
  const docs = await fetch(`${base}/api/docs/json`);
  if (docs.status !== 404) throw new Error(`GET /api/docs/json answered ${docs.status} in production (404 expected)`);
  const ready = await fetch(`${base}/readyz`);
  if (ready.status !== 200) throw new Error(`GET /readyz answered ${ready.status} ${await ready.text()}`);
  console.log(
    `production smoke: GET /api/docs/json 404, GET /readyz ${ready.status} ${JSON.stringify(await ready.json())}`,
  );
  // No restaurant exists: the page is still drawn by the server (its shell, the receipt's Oops! panel), from the
  // built dist/ and its server render dist/server/invoice-render.js.
  const page = await fetch(`${base}/user/invoice?restId=1&deviceId=1`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  const drawn = html.includes('<div id="root"><main class="page">') && html.includes('data-entry="/assets/');
  if (!page.headers.get('content-type')?.startsWith('text/html') || !drawn) {
    throw new Error(`GET /user/invoice answered ${page.status} without the drawn page:\n${html.slice(0, 800)}`);
  }
  console.log(`production smoke: GET /user/invoice ${page.status} text/html, ${html.length} characters`);

  server.kill('SIGTERM');
  // The 20 s bound is cleared once the server has exited: a pending timer kept this script, and so every CI run,
  // alive for its full 20 s after the smoke had passed.
  let bound;
  const end = await Promise.race([exited, new Promise((r) => (bound = setTimeout(() => r(null), 20_000)))]);
  clearTimeout(bound);
  if (!end || end.code !== 0) throw new Error(`SIGTERM did not stop the server cleanly: ${JSON.stringify(end)}`);
  server = undefined;
  console.log(`production smoke: passed, stopped cleanly on SIGTERM (${elapsed()})`);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  // An --install-only run leaves its install for the --installed one (or exits above); a failed install is removed.
  rmSync(dir, { recursive: true, force: true });
}
