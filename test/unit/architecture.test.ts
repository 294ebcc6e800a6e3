// The layering of docs/architecture.md ("Layering rules"), enforced on the real tree: every import of every source
// file under main/, shared/, preload/ and renderer/src is parsed (static, type-only, re-exports, dynamic import())
// and checked against the rules below; main/ must have no import cycle. The first block proves the checker
// itself catches a forbidden import and a cycle, so a green run means something.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges, sourceFiles, type ImportEdge } from '../helpers/import-graph.js';

const repo = path.resolve(import.meta.dirname, '../..');

/** A rule: files under `files` must not import anything matching `forbid` (prefix of a tree path, or a module). */
interface Rule {
  name: string;
  files: string;
  forbid: (to: string, local: boolean) => boolean;
}

const under =
  (...dirs: string[]) =>
  (to: string, local: boolean) =>
    local && dirs.some((d) => to.startsWith(d));
const NODE_BUILTIN = /^(node:|fs$|fs\/|path$|os$|child_process$|http$|https$|net$|crypto$|events$|stream$)/;
const HOSTS = ['main/host/', 'main/cli/', 'main/web/', 'main/electron/'];

const RULES: Rule[] = [
  {
    name: 'the engine knows no host, store, window or transport, no composition root, and reads no files',
    files: 'main/engine/',
    forbid: (to, local) =>
      under(...HOSTS, 'main/store/', 'main/sdk/', 'main/config/', 'main/trace/')(to, local) ||
      (!local && (/^(node:)?fs(\/|$)/.test(to) || /^(electron|better-sqlite3|ws|node-pty)$/.test(to))),
  },
  {
    name: 'layers below the engine (environment, approval, llm, trace, config) know neither the engine nor what is above it',
    files: 'main/(environment|approval|llm|trace|config)/',
    forbid: under('main/engine/', 'main/sdk/', 'main/store/', ...HOSTS),
  },
  {
    name: 'the store knows no engine and no host',
    files: 'main/store/',
    forbid: under('main/engine/', 'main/sdk/', ...HOSTS),
  },
  {
    name: 'the composition root (main/sdk) knows no host and no store',
    files: 'main/sdk/',
    forbid: under('main/store/', ...HOSTS),
  },
  {
    name: 'the host service knows no Electron, HTTP or CLI',
    files: 'main/host/',
    forbid: (to, local) =>
      under('main/electron/', 'main/web/', 'main/cli/')(to, local) || (!local && /^(electron|ws)$/.test(to)),
  },
  {
    name: 'main/os (process facts) imports only Node',
    files: 'main/os/',
    forbid: (to, local) => local && !to.startsWith('main/os/'),
  },
  {
    name: 'the model layer (llm), traces and approval know no other layer of main/ but os',
    files: 'main/(llm|trace|approval)/',
    forbid: (to, local) => local && to.startsWith('main/') && !/^main\/(llm|trace|approval|os)\//.test(to),
  },
  {
    name: 'configuration knows only the model layer below it',
    files: 'main/config/',
    forbid: (to, local) => local && to.startsWith('main/') && !/^main\/(config|llm|os)\//.test(to),
  },
  {
    name: 'the environment (tools, commands, MCP) knows no configuration, traces or checkpoints',
    files: 'main/environment/',
    forbid: under('main/config/', 'main/trace/', 'main/checkpoints/'),
  },
  {
    name: 'checkpoints know no engine, composition root, store or host',
    files: 'main/checkpoints/',
    forbid: under('main/engine/', 'main/sdk/', 'main/store/', 'main/environment/', ...HOSTS),
  },
  {
    name: 'worktrees (git work for sessions in their own worktree) know no engine, composition root, store or host',
    files: 'main/worktrees/',
    forbid: (to, local) => local && to.startsWith('main/') && !/^main\/(worktrees|os)\//.test(to),
  },
  {
    name: 'browser mode is a transport: it knows the API contract, not the host, the store or another host',
    files: 'main/web/',
    forbid: (to, local) => local && to.startsWith('main/') && !/^main\/(web|os)\//.test(to),
  },
  {
    name: 'the Electron glue knows no other transport, no CLI, no store and no engine',
    files: 'main/electron/',
    forbid: under('main/web/', 'main/cli/', 'main/store/', 'main/engine/'),
  },
  {
    name: 'no module but the CLI itself imports the CLI',
    files: 'main/(?!cli/)',
    forbid: under('main/cli/'),
  },
  {
    name: 'the CLI imports no renderer or preload',
    files: 'main/cli/',
    forbid: under('renderer/', 'preload/'),
  },
  {
    name: 'the renderer imports only itself, the API contract and shared/ (no main/, no preload/, no Node)',
    files: 'renderer/src/',
    forbid: (to, local) =>
      local ? !/^(renderer\/src\/|shared\/)/.test(to) : NODE_BUILTIN.test(to) || to === 'electron',
  },
  {
    name: 'the preload imports only shared/ and electron',
    files: 'preload/',
    forbid: (to, local) => (local ? !/^(preload\/|shared\/)/.test(to) : to !== 'electron' && to !== 'zod'),
  },
  {
    name: 'shared/ imports neither side, nor Node',
    files: 'shared/',
    forbid: (to, local) => (local ? !to.startsWith('shared/') : NODE_BUILTIN.test(to) || to === 'electron'),
  },
];

/** Every edge that breaks a rule, as `rule: from → to` lines. */
function violations(edges: readonly ImportEdge[], rules: readonly Rule[]): string[] {
  const out: string[] = [];
  for (const r of rules) {
    const scope = new RegExp(`^${r.files}`);
    for (const e of edges)
      if (scope.test(e.from) && r.forbid(e.to, e.local)) out.push(`${r.name}: ${e.from} → ${e.to}`);
  }
  return out;
}

const edge = (from: string, to: string, local = true): ImportEdge => ({ from, to, local });

describe('the checker', () => {
  it('flags a forbidden import and lets an allowed one pass', () => {
    const bad = [edge('main/engine/session.ts', 'main/host/runtime.ts'), edge('renderer/src/x.ts', 'main/store/db.ts')];
    const good = [
      edge('main/engine/session.ts', 'main/environment/prepare.ts'),
      edge('renderer/src/x.ts', 'shared/api.ts'),
    ];
    expect(violations([...bad, ...good], RULES)).toEqual([
      `${RULES[0].name}: main/engine/session.ts → main/host/runtime.ts`,
      `${RULES.find((r) => r.files === 'renderer/src/')!.name}: renderer/src/x.ts → main/store/db.ts`,
    ]);
    expect(violations([edge('main/engine/a.ts', 'node:fs', false)], RULES)).toHaveLength(1);
    expect(violations([edge('shared/omni/a.ts', 'node:crypto', false)], RULES)).toHaveLength(1);
  });

  it('each rule over a lower layer or a host catches a planted import', () => {
    const planted: [string, string][] = [
      ['main/os/procs.ts', 'main/environment/commands/session.ts'],
      ['main/llm/client.ts', 'main/environment/tools/exec-command.ts'],
      ['main/trace/writer.ts', 'main/config/load.ts'],
      ['main/approval/rules.ts', 'main/environment/names.ts'],
      ['main/config/load.ts', 'main/trace/writer.ts'],
      ['main/environment/environment.ts', 'main/config/load.ts'],
      ['main/checkpoints/shadow.ts', 'main/store/db.ts'],
      ['main/web/server.ts', 'main/host/host.ts'],
      ['main/electron/app.ts', 'main/web/server.ts'],
      ['main/host/host.ts', 'main/cli/run.ts'],
      ['main/cli/run.ts', 'renderer/src/main.tsx'],
    ];
    for (const [from, to] of planted)
      expect(violations([edge(from, to)], RULES).length, `${from} → ${to}`).toBeGreaterThan(0);
  });

  it('finds a cycle through type-only and dynamic edges alike, and none in a tree without one', () => {
    const ring = [
      edge('main/a.ts', 'main/b.ts'),
      edge('main/b.ts', 'main/c.ts'),
      edge('main/c.ts', 'main/a.ts'),
      edge('main/c.ts', 'main/d.ts'),
    ];
    expect(importCycles(ring)).toEqual([['main/a.ts', 'main/b.ts', 'main/c.ts']]);
    expect(importCycles(ring.slice(0, 2))).toEqual([]);
    expect(importCycles([edge('main/s.ts', 'main/s.ts')])).toEqual([['main/s.ts']]);
  });
});

describe('the real tree', () => {
  const files = sourceFiles(repo, ['main', 'shared', 'preload', 'renderer/src']);
  const edges = importEdges(repo, files);

  it('is read: every layer has files and relative imports resolve', () => {
    for (const dir of ['main/engine/', 'main/sdk/', 'main/host/', 'shared/', 'preload/', 'renderer/src/']) {
      expect(
        files.some((f) => f.startsWith(dir)),
        dir,
      ).toBe(true);
    }
    const unresolved = edges.filter(
      (e) => !e.local && /^(main|shared|renderer|preload)\//.test(e.to) && !/\.css$/.test(e.to),
    );
    expect(unresolved).toEqual([]);
    expect(edges.length).toBeGreaterThan(500);
  });

  it('has a rule for every folder of main/ (a new folder needs its place in the layering)', () => {
    const folders = [...new Set(files.filter((f) => /^main\/[^/]+\//.test(f)).map((f) => f.split('/')[1]!))];
    expect(folders.length).toBeGreaterThan(10);
    const uncovered = folders.filter(
      (d) => !RULES.some((r) => r.files !== 'main/(?!cli/)' && new RegExp(`^${r.files}`).test(`main/${d}/x.ts`)),
    );
    expect(uncovered).toEqual([]);
  });

  it('keeps the layering of docs/architecture.md', () => {
    expect(violations(edges, RULES)).toEqual([]);
  });

  it('has no import cycle among main/ modules (type-only imports count)', () => {
    expect(importCycles(edges.filter((e) => e.from.startsWith('main/') && e.to.startsWith('main/')))).toEqual([]);
  });
});
