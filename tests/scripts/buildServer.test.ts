// Production runs the compiled server (docs/DEPLOYMENT.md, Build and run): scripts/build-server.mjs bundles
// server/main.ts into one JavaScript file with its migrations beside it, and that file alone (no tsx) starts the
// product on a fresh embedded database and answers /healthz; scripts/start.mjs rebuilds it when a source is newer.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale } from '../../scripts/build-server.mjs';

describe('the compiled server (dist-server)', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'specter-build-server-'));
  const outDir = path.join(tmp, 'dist-server');
  // Laid out as in production: node_modules beside dist-server (here the repository's, linked).
  symlinkSync(path.resolve('node_modules'), path.join(tmp, 'node_modules'), 'dir');
  beforeAll(() => buildServer(outDir), 60_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is one JavaScript file with the migrations beside it, and imports no TypeScript loader', () => {
    const main = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["'](tsx|typescript|vite|esbuild)["'/]/);
    expect(existsSync(path.join(outDir, 'migrations', 'meta', '_journal.json'))).toBe(true);
  });

  it('starts with plain node on a fresh embedded database, migrates it, answers /healthz and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: tmp, // not the repository: nothing may be read from the sources at run time
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'data'),
        DEMO_DATA: '0',
        FOODICS_STAND_IN: '0',
        FOODICS_BASE_URL: 'http://127.0.0.1:9/v5',
        SMS_PROVIDER: 'console',
        ADMIN_EMAIL: 'ops@specter.test',
        ADMIN_PASSWORD: 'build-server-test-1',
        LOG_LEVEL: 'warn',
        PURGE_INTERVAL_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      let address: RegExpExecArray | null = null;
      while (!(address = /Specter is running at (http:\/\/\S+)/.exec(output))) {
        if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`the compiled server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const res = await fetch(`${address[1].replace('localhost', '127.0.0.1')}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);

  it('counts as stale once a file it was built from is newer, and only then', () => {
    expect(serverBuildIsStale(outDir)).toBe(false);
    const source = path.resolve('server/main.ts');
    const { atime, mtime } = statSync(source);
    try {
      const later = new Date(statSync(path.join(outDir, 'main.js')).mtimeMs + 5_000);
      utimesSync(source, later, later);
      expect(serverBuildIsStale(outDir)).toBe(true);
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(serverBuildIsStale(outDir)).toBe(false);
  });
});
