// Import graph of the source tree for the architecture test: every relative import of every .ts/.tsx file under
// the given roots (static, type-only, re-exports, dynamic import() and import('…') types), resolved to repository
// paths, plus the bare module names each file imports. Parsing is TypeScript's own pre-processor; pure otherwise.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  from: string;
  /** repository-relative path of the imported file, or the bare specifier (e.g. `node:fs`, `electron`) */
  to: string;
  /** true when `to` is a file of the tree */
  local: boolean;
}

/** Every `.ts`/`.tsx` file under `roots` (relative to `repo`), skipping tests and declaration files. */
export function sourceFiles(repo: string, roots: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(rel);
      } else if (/\.tsx?$/.test(e.name) && !/\.d\.ts$|\.test\.tsx?$/.test(e.name)) out.push(rel);
    }
  };
  for (const r of roots) if (fs.existsSync(path.join(repo, r))) walk(r);
  return out.sort();
}

/** The specifiers a file imports, as TypeScript's pre-processor finds them. */
export function specifiersOf(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Resolve a relative specifier (`../x.js`, `./y`) from `from` to a file of the tree; undefined if none matches. */
export function resolveLocal(repo: string, from: string, spec: string): string | undefined {
  const base = path.posix.join(path.posix.dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`];
  return candidates.find((c) => /\.tsx?$/.test(c) && fs.existsSync(path.join(repo, c)));
}

export function importEdges(repo: string, files: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const spec of specifiersOf(fs.readFileSync(path.join(repo, from), 'utf8'))) {
      if (spec.startsWith('.')) {
        const to = resolveLocal(repo, from, spec);
        edges.push({ from, to: to ?? path.posix.join(path.posix.dirname(from), spec), local: !!to });
      } else edges.push({ from, to: spec, local: false });
    }
  }
  return edges;
}

/** Strongly connected components with more than one file (or a file importing itself): the import cycles. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!e.local) continue;
    if (!next.has(e.from)) next.set(e.from, []);
    if (!next.has(e.to)) next.set(e.to, []);
    next.get(e.from)!.push(e.to);
  }
  // Tarjan's algorithm, iterative so deep graphs cannot overflow the stack
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const root of [...next.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; i: number }[] = [{ node: root, i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1];
      const succ = next.get(top.node)!;
      if (top.i < succ.length) {
        const w = succ[top.i++];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.node);
        if (comp.length > 1 || succ.includes(top.node)) cycles.push(comp.sort());
      }
    }
  }
  return cycles;
}
