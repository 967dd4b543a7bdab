// No import circles in src/ or server/ (issue 46, docs/ARCHITECTURE.md "Rules of the house"): every import of every
// TypeScript file of the two folders - `import type` too, and `export ... from` - is resolved with TypeScript's own
// module resolution (the project's tsconfig), and the graph must have no cycle. A cycle reported names its files
// in order. Why a resolver of our own rather than madge or dpdm: TypeScript (already installed for the editors and
// typescript-eslint) reads the imports and resolves them exactly as the compiler does, in some forty lines, with no
// new dependency; the tools add a parser and a resolver of their own to do the same.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  },
)!;
const host = ts.createCompilerHost(config.options);

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [path.join(root, dir, e.name)]
        : [],
  );

/** The files of our own that a file imports (packages left out). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const resolved = ts.resolveModuleName(fileName, file, config.options, host).resolvedModule?.resolvedFileName;
    return resolved && !resolved.includes('node_modules') ? [path.resolve(resolved)] : [];
  });
}

/** Every cycle of the graph, each once (its files from the lowest-sorting one), found by depth-first search. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0]);
        const turned = [...loop.slice(start), ...loop.slice(0, start)];
        found.set(turned.join(' -> '), turned);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found.values()];
}

describe('imports', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('go round in no circle in src/ or server/', () => {
    const files = [...filesUnder('src'), ...filesUnder('server')];
    expect(files.length).toBeGreaterThan(200);
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const named = cycles(graph).map((c) => [...c, c[0]].map((f) => path.relative(root, f)).join(' -> '));
    expect(named).toEqual([]);
  });
});
