// Benchmark: cost of a trivial call — `exec_command {cmd:"echo hi"}` through the Environment (runTool + a
// CommandRegistry with the login snapshot, i.e. what an approved call does) vs a bare node-pty spawn of
// `bash -c 'echo hi'`, interleaved. A temp HOME gets a login profile that costs >= 100 ms (as nvm/conda/pyenv
// profiles do), so the figure shows whether the profile is paid per call. Goal (issue 9): median ratio <= 3.
// Measures only; must not change engine code or leave processes behind.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandRegistry } from '../main/environment/commands/registry.js';
import { machine } from './lib/output.js';
import { bareSpawn, echoCall } from './lib/trivial-call.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, median } from './lib/stats.js';

const ROUNDS = 20;
const WARMUP = 2;
/** what the profile costs on each login */
const PROFILE_MS = 150;

export async function run(): Promise<BenchResult[]> {
  const root = mkdtempSync(join(tmpdir(), 'floe-bench-overhead-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(home);
  mkdirSync(workspace);
  writeFileSync(
    join(home, '.bash_profile'),
    `# a slow profile, as with nvm/conda/pyenv\nsleep ${PROFILE_MS / 1000}\nexport BENCH_PROFILE=1\n`,
  );
  const env = { ...(process.env as Record<string, string>), HOME: home };
  const registry = new CommandRegistry({
    env: { HOME: home },
    loginSnapshot: { dir: join(root, 'snapshots'), sessionId: 'bench' },
  });
  try {
    const c0 = performance.now();
    await registry.prepare();
    const captureMs = performance.now() - c0;
    if (registry.takeWarnings().length) throw new Error('the login snapshot could not be captured');
    for (let i = 0; i < WARMUP; i++) {
      await bareSpawn(workspace, env, ['-c', 'echo hi']);
      await echoCall(registry, workspace, -1 - i);
    }
    const bare: number[] = [];
    const calls: number[] = [];
    let n = 0;
    for (const kind of interleave(ROUNDS, 'bare' as const, 'call' as const)) {
      if (kind === 'bare') bare.push(await bareSpawn(workspace, env, ['-c', 'echo hi']));
      else calls.push(await echoCall(registry, workspace, n++));
    }
    // what every call would cost if the profile ran each time (bash -lc, the fallback)
    const login: number[] = [];
    for (let i = 0; i < 5; i++) login.push(await bareSpawn(workspace, env, ['-lc', 'echo hi']));
    return [
      makeResult({
        name: 'tool-overhead',
        title:
          'trivial call: exec_command `echo hi` (approval → output) vs bare pty spawn of bash -c, 150 ms login profile',
        date: new Date().toISOString(),
        machine: machine(),
        baseline: { label: "bare node-pty spawn of bash -c 'echo hi' (spawn → exit)", runs: bare, unit: 'ms' },
        subject: {
          label: 'runTool(exec_command {cmd:"echo hi"}) with the login snapshot (call → output)',
          runs: calls,
          unit: 'ms',
        },
        goal: { figure: 'ratio', op: '<=', value: 3 },
        absolute: {
          rounds_each: ROUNDS,
          profile_cost_ms: PROFILE_MS,
          snapshot_capture_ms: Math.round(captureMs),
          bare_median_ms: median(bare),
          call_median_ms: median(calls),
          bash_lc_median_ms_5_runs: median(login),
        },
        notes: [
          `interleaved A/B runs (${ROUNDS} each, ${WARMUP} warm-up pairs discarded); temp HOME whose .bash_profile sleeps ${PROFILE_MS} ms`,
          'the snapshot is captured once before the runs (snapshot_capture_ms); bash_lc_median_ms is a bare spawn of bash -lc for comparison',
        ],
      }),
    ];
  } finally {
    await registry.disposeAll();
    rmSync(root, { recursive: true, force: true });
  }
}
