// Tools only the benches use, kept out of the project's dependencies so that `npm ci` and every CI run do not
// install them (Lighthouse alone brings about 160 packages): installed on first use from the npm registry into a
// cache folder (SPECTER_BENCH_TOOLS, default ~/.cache/specter-bench-tools) at the versions named here, then imported
// from there. Delete the folder, or change a version here, to take another.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const TOOLS = { lighthouse: '12.8.2', 'chrome-launcher': '1.2.1' } as const;
const DIR = process.env.SPECTER_BENCH_TOOLS ?? path.join(os.homedir(), '.cache', 'specter-bench-tools');

/** What the benches read of a Lighthouse report. */
export interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; score?: number | null; errorMessage?: string; displayValue?: string; details?: unknown }
  >;
}

export type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<{ lhr: LighthouseReport } | undefined>;

export interface ChromeLauncher {
  launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
}

/** The tool's folder in the cache, installed (with the others) when it is missing or at another version. */
function installed(name: keyof typeof TOOLS): string {
  const manifest = path.join(DIR, 'node_modules', name, 'package.json');
  const want = TOOLS[name];
  const have = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : '';
  if (have !== want) {
    console.error(`Installing the benches' tools into ${DIR} (once)...`);
    const specs = Object.entries(TOOLS).map(([n, v]) => `${n}@${v}`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--prefix', DIR, '--no-save', '--no-audit', '--no-fund', ...specs], {
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`npm install of ${specs.join(' ')} failed`);
  }
  return path.join(DIR, 'node_modules', name);
}

/** Lighthouse's Node API (its default export). */
export async function lighthouse(): Promise<Lighthouse> {
  const dir = installed('lighthouse');
  return (await import(pathToFileURL(path.join(dir, 'core', 'index.js')).href)).default as Lighthouse;
}

/** chrome-launcher, the launcher Lighthouse's own docs use: it starts the Chromium Lighthouse drives. */
export async function chromeLauncher(): Promise<ChromeLauncher> {
  const dir = installed('chrome-launcher');
  const { main = 'index.js' } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { main?: string };
  return (await import(pathToFileURL(path.join(dir, main)).href)) as ChromeLauncher;
}
