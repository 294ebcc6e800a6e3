// Benchmark of checkpoints (issue 13): a 10 000-file, 200 MB workspace (nested folders, sizes 1 KB–~40 KB, random
// bytes so nothing compresses away). (1) a checkpoint when nothing changed, (2) a checkpoint after 10 files were
// rewritten — each ShadowRepo.snapshot, median of 7 runs; baseline (same rounds, interleaved): `git status
// --porcelain` of a plain git repository of the same folder, the cost of git merely asking what changed.
// Goals: ≤ 1 000 ms and ≤ 1 500 ms. Real temp files and real git; must not touch FLOE_HOME.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShadowRepo } from '../main/checkpoints/shadow.js';
import { ownerFiles } from '../main/store/owner-file.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { MIN_RUNS } from './lib/stats.js';

const FILES = 10_000;
const TOTAL_BYTES = 200 * 1024 * 1024;
const ROUNDS = Math.max(MIN_RUNS, 7);
const CHANGED = 10;

/** File i's size: spread around the mean so the total is TOTAL_BYTES. */
const sizeOf = (i: number): number => {
  const mean = TOTAL_BYTES / FILES;
  return Math.round(mean * (0.05 + (1.9 * ((i * 7919) % FILES)) / FILES));
};
const fileOf = (i: number): string => join(`d${i % 20}`, `s${Math.floor(i / 20) % 25}`, `f${i}.bin`);

function makeWorkspace(ws: string): number {
  let total = 0;
  const pool = randomBytes(4 * 1024 * 1024);
  for (let i = 0; i < FILES; i++) {
    const size = sizeOf(i);
    const at = (i * 104_729) % (pool.length - size);
    mkdirSync(join(ws, fileOf(i), '..'), { recursive: true });
    const buf = Buffer.from(pool.subarray(at, at + size));
    buf.writeUInt32LE(i, 0); // every file distinct
    writeFileSync(join(ws, fileOf(i)), buf);
    total += size;
  }
  writeFileSync(join(ws, '.gitignore'), 'node_modules/\n');
  return total;
}

function gitStatusMs(ws: string): number {
  const t0 = performance.now();
  execFileSync('git', ['status', '--porcelain'], { cwd: ws, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  return performance.now() - t0;
}

function rewrite(ws: string, round: number): void {
  for (let k = 0; k < CHANGED; k++) {
    const i = (round * 997 + k * 389) % FILES;
    writeFileSync(join(ws, fileOf(i)), randomBytes(sizeOf(i)));
  }
}

export async function run(): Promise<BenchResult[]> {
  const root = mkdtempSync(join(tmpdir(), 'floe-bench-cp-'));
  try {
    const ws = join(root, 'ws');
    mkdirSync(ws);
    const bytes = makeWorkspace(ws);
    execFileSync('git', ['init', '-q'], { cwd: ws });
    execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'add', '-A'], { cwd: ws });
    const repo = new ShadowRepo(join(root, 'home'), ws, ownerFiles);
    let t0 = performance.now();
    await repo.snapshot({ kind: 'before', sessionId: 'bench' });
    const firstMs = performance.now() - t0;

    const same: number[] = [];
    const changed: number[] = [];
    const statusSame: number[] = [];
    const statusChanged: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      statusSame.push(gitStatusMs(ws));
      t0 = performance.now();
      await repo.snapshot({ kind: 'after', sessionId: 'bench' });
      same.push(performance.now() - t0);

      rewrite(ws, r);
      statusChanged.push(gitStatusMs(ws)); // the plain repo's own index: the shadow index still sees 10 changes
      t0 = performance.now();
      const c = await repo.snapshot({ kind: 'before', sessionId: 'bench' });
      changed.push(performance.now() - t0);
      if (r === 0) {
        const list = await repo.list();
        const files = await repo.changes(list[1].id, c.id);
        if (files.length !== CHANGED)
          throw new Error(`the checkpoint saw ${files.length} changed files, not ${CHANGED}`);
      }
    }
    const common = { date: new Date().toISOString(), machine: machine() };
    const absolute = { files: FILES, bytes, first_checkpoint_ms: Math.round(firstMs), rounds: ROUNDS };
    const baseline = (runs: number[]) => ({
      label: 'git status --porcelain of a plain repo of the same folder',
      unit: 'ms',
      runs,
    });
    return [
      makeResult({
        name: 'checkpoint-unchanged',
        title: 'checkpoint of a 10 000-file 200 MB workspace, nothing changed',
        ...common,
        baseline: baseline(statusSame),
        subject: {
          label: 'ShadowRepo.snapshot (ls-files for large files, add -A, write-tree, commit-tree)',
          unit: 'ms',
          runs: same,
        },
        goal: { figure: 'ms', op: '<=', value: 1000 },
        figureRuns: same,
        absolute,
        notes: ['the first checkpoint (hashing every file) is absolute.first_checkpoint_ms'],
      }),
      makeResult({
        name: 'checkpoint-10-changed',
        title: 'checkpoint of a 10 000-file 200 MB workspace after 10 files changed',
        ...common,
        baseline: baseline(statusChanged),
        subject: { label: 'ShadowRepo.snapshot after 10 rewritten files', unit: 'ms', runs: changed },
        goal: { figure: 'ms', op: '<=', value: 1500 },
        figureRuns: changed,
        absolute,
        notes: ['each round rewrites 10 other files with new random bytes of the same size'],
      }),
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
