import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/*
 * The repository's source files and who imports whom, read from the text (no compiler): what the
 * structure tests (architecture.test.ts, layers.test.ts, file-size.test.ts) judge.
 */

export const root = join(import.meta.dirname, '..', '..');

/** The files under `dir` (a repository path) whose names match `ext`, as repository paths with '/'. */
export function files(dir: string, ext = /\.(ts|tsx)$/): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = posix.join(dir, name);
    return statSync(join(root, rel)).isDirectory() ? files(rel, ext) : ext.test(name) ? [rel] : [];
  });
}

export const source = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every import of a file: static, re-export, side-effect, dynamic and type-only alike (`typeof import(...)` too). */
export const importSpecifiers = (text: string) =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
export const relativeImports = (text: string) => importSpecifiers(text).filter((spec) => /^\.{1,2}\//.test(spec));

/**
 * Who imports whom among the files of `dirs` (repository paths, e.g. worker/models/node.ts), by
 * their relative imports. An import that names no file of the graph ends in "(not found)".
 */
export function importGraph(dirs: readonly string[]): Map<string, string[]> {
  const all = dirs.flatMap((d) => files(d));
  const known = new Set(all);
  const resolve = (from: string, spec: string) => {
    const base = posix.normalize(posix.join(posix.dirname(from), spec));
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => known.has(c)) ?? `${base} (not found)`;
  };
  return new Map(all.map((f) => [f, relativeImports(source(f)).map((s) => resolve(f, s))]));
}

/** Groups of modules that import each other, directly or round a loop (Tarjan's strongly connected components). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
