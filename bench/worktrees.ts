// Benchmark of sessions in their own worktree (issue 22): a Node project of 10 000 tracked files (nested folders,
// ~2 KB each) with an ignored node_modules of 20 000 files in 400 packages, a `.env` named in `.worktreeinclude`.
// Subject: `sessions.create {worktree: true}` through the host until it returns (branch + worktree checked out,
// .env copied, node_modules linked, the session made) — "a session ready"; each worktree removed again after. Baseline
// (interleaved): copying the project folder whole with `cp -a` (node_modules included), what a worktree-less copy
// costs. Goal: ready ≤ 10 000 ms. Temp FLOE_HOME and folders; no model request is made.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '../main/host/index.js';
import { tempHome } from '../test/helpers/cli.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { MIN_RUNS } from './lib/stats.js';

const FILES = 10_000;
const PACKAGES = 400;
const FILES_PER_PACKAGE = 50;
const ROUNDS = MIN_RUNS;

function makeProject(ws: string): void {
  const line = 'export const value = 1; // '.padEnd(80, 'x') + '\n';
  for (let i = 0; i < FILES; i++) {
    const dir = join(ws, 'src', `d${i % 25}`, `s${Math.floor(i / 25) % 40}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.js`), `// file ${i}\n` + line.repeat(25));
  }
  writeFileSync(join(ws, 'package.json'), JSON.stringify({ name: 'bench', version: '1.0.0' }));
  writeFileSync(join(ws, '.gitignore'), 'node_modules/\n.env\n');
  writeFileSync(join(ws, '.worktreeinclude'), '.env\n');
  writeFileSync(join(ws, '.env'), 'TOKEN=bench\n');
  for (let p = 0; p < PACKAGES; p++) {
    const dir = join(ws, 'node_modules', `pkg${p}`, 'lib');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(ws, 'node_modules', `pkg${p}`, 'package.json'), `{"name":"pkg${p}"}`);
    for (let f = 1; f < FILES_PER_PACKAGE; f++) writeFileSync(join(dir, `m${f}.js`), line.repeat(10));
  }
}

const git = (ws: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], {
    cwd: ws,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
  });

export async function run(): Promise<BenchResult[]> {
  const root = mkdtempSync(join(tmpdir(), 'floe-bench-wt-'));
  const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
  const h = createHost({ home: env.home, mode: 'web' });
  try {
    const ws = join(root, 'project');
    mkdirSync(ws);
    makeProject(ws);
    git(ws, 'init', '-q', '-b', 'main');
    git(ws, 'add', '-A');
    git(ws, '-c', 'gc.auto=0', 'commit', '-qm', 'project');
    git(ws, 'gc', '-q'); // packed now, so no automatic gc runs in the background during the rounds
    const call = async (method: string, params: unknown): Promise<any> => {
      const r = await h.call(method, params);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value;
    };
    const project = await call('projects.add', { path: ws });

    const ready: number[] = [];
    const copy: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const to = join(root, `copy${r}`);
      let t0 = performance.now();
      execFileSync('cp', ['-a', ws, to]);
      copy.push(performance.now() - t0);
      rmSync(to, { recursive: true, force: true });

      t0 = performance.now();
      const s = await call('sessions.create', { projectId: project.id, worktree: true });
      ready.push(performance.now() - t0);
      const files = Number(execFileSync('git', ['ls-files'], { cwd: s.workspace }).toString().split('\n').length - 1);
      if (files !== FILES + 3) throw new Error(`the worktree has ${files} tracked files, not ${FILES + 3}`);
      await call('worktrees.remove', { sessionId: s.id });
      await call('sessions.delete', { sessionId: s.id });
    }
    const common = { date: new Date().toISOString(), machine: machine() };
    return [
      makeResult({
        name: 'worktree-ready',
        title: 'a session in its own worktree of a 10 000-file Node project, ready',
        ...common,
        baseline: { label: 'cp -a of the whole project (node_modules included)', unit: 'ms', runs: copy },
        subject: {
          label: 'sessions.create {worktree: true}: git worktree add, .worktreeinclude copy, node_modules linked',
          unit: 'ms',
          runs: ready,
        },
        goal: { figure: 'ms', op: '<=', value: 10_000 },
        figureRuns: ready,
        absolute: { tracked_files: FILES, node_modules_files: PACKAGES * FILES_PER_PACKAGE, rounds: ROUNDS },
        notes: [
          'node_modules is linked entry by entry into a real folder of the worktree, never copied, and left out of the .worktreeinclude search',
          'each round removes its worktree (worktrees.remove) before the next',
        ],
      }),
    ];
  } finally {
    await h.dispose();
    env.cleanup();
    rmSync(root, { recursive: true, force: true });
  }
}
