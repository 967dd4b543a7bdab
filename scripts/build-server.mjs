// The server compiled to JavaScript (part of `npm run build`): server/main.ts and everything it imports from the
// repository, bundled by esbuild into dist-server/main.js; packages stay imports of node_modules, so production runs
// `node dist-server/main.js` on an `npm ci --omit=dev` install (no tsx, TypeScript or Vite: docs/DEPLOYMENT.md).
// The SQL migrations are copied beside it (server/db/client.ts finds them next to the running module).
// `node scripts/build-server.mjs` builds; `serverBuildIsStale()` tells scripts/start.mjs whether to.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'dist-server');
const migrations = path.join(root, 'server', 'db', 'migrations');
// inputs.json: the repository files that went into main.js, written at each build, so a start can tell a stale build.

/** True when dist-server/main.js is missing or older than a file it was built from (or its migrations). */
export function serverBuildIsStale(outDir = serverDist) {
  const main = path.join(outDir, 'main.js');
  const inputsFile = path.join(outDir, 'inputs.json');
  if (!existsSync(main) || !existsSync(inputsFile)) return true;
  const built = statSync(main).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  const newer = (file) => !existsSync(file) || statSync(file).mtimeMs > built;
  return [...inputs.map((f) => path.join(root, f)), migrations, path.join(migrations, 'meta')].some(newer);
}

/** Bundles the server into dist-server/. Each file is written beside its place and renamed into it, so a server
 * starting meanwhile (several end-to-end journeys at once) reads a whole file, never half of one. */
export async function buildServer(outDir = serverDist) {
  const main = path.join(outDir, 'main.js');
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // One file: the few dynamic imports of the server (ioredis when REDIS_URL is set) are packages, left external.
    write: false,
    outfile: main,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
  });
  // A package the server imports must be a production dependency, or `npm ci --omit=dev` leaves it out.
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const packageOf = (spec) =>
    spec
      .split('/')
      .slice(0, spec.startsWith('@') ? 2 : 1)
      .join('/');
  const imported = Object.values(result.metafile.inputs).flatMap((i) => i.imports.filter((m) => m.external));
  const missing = [
    ...new Set(
      imported
        .map((m) => m.path)
        .filter((p) => !isBuiltin(p))
        .map(packageOf),
    ),
  ].filter((name) => !(name in dependencies));
  if (missing.length) {
    throw new Error(
      `The server imports ${missing.join(', ')}, not in package.json's dependencies (--omit=dev drops it)`,
    );
  }
  mkdirSync(outDir, { recursive: true });
  const copy = `${outDir}.migrations-${process.pid}`;
  cpSync(migrations, copy, { recursive: true });
  rmSync(path.join(outDir, 'migrations'), { recursive: true, force: true });
  renameSync(copy, path.join(outDir, 'migrations'));
  const atomic = (file, contents) => {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, contents);
    renameSync(tmp, file);
  };
  atomic(path.join(outDir, 'inputs.json'), JSON.stringify(Object.keys(result.metafile.inputs).sort(), null, 1));
  for (const out of result.outputFiles) atomic(out.path, out.contents);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`dist-server/main.js built in ${Date.now() - started} ms`);
}
