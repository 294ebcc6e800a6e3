// Benchmark: how long the host's event loop stands still while it starts a program (every git call of a checkpoint
// or worktree). Starting a program forks the caller, which copies its page tables: the bigger the caller, the longer
// the stall, and meanwhile no pane gets its keystrokes or output. This process is grown to a host's size (HOST_MB of
// touched memory, about what a desktop host with a few sessions holds) and runs `git rev-parse HEAD` in a small
// repository CALLS times per run: baseline straight from this process (runDirect, as before), subject through the
// spawner (main/os/spawner.ts, its helper already started). Per run: the longest loop stall over the calls, read by a
// 1 ms timer (its lateness). Goal: the longest stall below 10 ms. Must not touch FLOE_HOME; removes its repository.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDirect, Spawner, type RunOptions } from '../main/os/spawner.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, median, MIN_RUNS } from './lib/stats.js';

const HOST_MB = Number(process.env.BENCH_SPAWN_HOST_MB ?? 400);
const CALLS = 20;
const RUNS = MIN_RUNS;

/** Runs `calls` one after another while a 1 ms timer measures how late it fires: the longest lateness, and the
 * median call time. */
async function stallOf(call: () => Promise<unknown>): Promise<{ stallMs: number; callMs: number }> {
  let worst = 0;
  let last = performance.now();
  const t = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  const times: number[] = [];
  try {
    await new Promise((r) => setTimeout(r, 20));
    worst = 0;
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
  } finally {
    clearInterval(t);
  }
  return { stallMs: worst, callMs: median(times) };
}

export async function run(): Promise<BenchResult[]> {
  // touched memory, as a host's heap and buffers are (untouched pages would not be copied)
  const ballast = Array.from({ length: HOST_MB }, () => Buffer.alloc(1 << 20, 1));
  const repo = mkdtempSync(join(tmpdir(), 'floe-bench-spawn-'));
  const spawner = new Spawner();
  try {
    execFileSync('git', ['init', '-q', repo]);
    execFileSync('git', [
      '-C',
      repo,
      '-c',
      'user.name=b',
      '-c',
      'user.email=b@b',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'x',
    ]);
    const o: RunOptions = { cwd: repo, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } };
    const direct = () => runDirect('git', ['rev-parse', 'HEAD'], o);
    const viaHelper = () => spawner.run('git', ['rev-parse', 'HEAD'], o);
    const first = await viaHelper(); // the helper is forked once, at the first call
    if (first.code !== 0) throw new Error(`git rev-parse failed through the spawner: ${first.stderr.toString()}`);
    const base: { stallMs: number; callMs: number }[] = [];
    const subj: { stallMs: number; callMs: number }[] = [];
    for (const side of interleave(RUNS, 'direct', 'spawner')) {
      if (side === 'direct') base.push(await stallOf(direct));
      else subj.push(await stallOf(viaHelper));
    }
    const rssMB = process.memoryUsage.rss() / 2 ** 20;
    return [
      makeResult({
        name: 'spawn-stall',
        title: `Host event-loop stall while starting programs (${CALLS} × git rev-parse, host process of ${Math.round(rssMB)} MB RSS)`,
        date: new Date().toISOString(),
        machine: machine(),
        baseline: {
          label: 'git started from the host process',
          unit: 'ms longest stall',
          runs: base.map((r) => r.stallMs),
        },
        subject: {
          label: 'git started by the spawner helper',
          unit: 'ms longest stall',
          runs: subj.map((r) => r.stallMs),
        },
        goal: { figure: 'longest stall ms', op: '<', value: 10 },
        figureRuns: subj.map((r) => r.stallMs),
        absolute: {
          host_rss_mb: Math.round(rssMB),
          calls_per_run: CALLS,
          direct_call_ms_median: median(base.map((r) => r.callMs)),
          spawner_call_ms_median: median(subj.map((r) => r.callMs)),
          helper_pid_seen: spawner.pid !== undefined,
        },
        notes: [
          `stall: how late a 1 ms timer fired, longest over the ${CALLS} calls of a run; the ballast is ${HOST_MB} MB of touched buffers`,
        ],
      }),
    ];
  } finally {
    spawner.dispose();
    rmSync(repo, { recursive: true, force: true });
    ballast.length = 0;
  }
}
