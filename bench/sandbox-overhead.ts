// Benchmark: cost of a trivial SANDBOXED call (issue 19) — `exec_command {cmd:"echo hi"}` through the Environment
// with a CommandRegistry whose commands start in the session's long-lived sandbox (one bwrap per session, its
// server gives each command a pty: sandbox/box.ts), vs a bare node-pty spawn of `bash -c 'echo hi'` with no
// sandbox, interleaved in one run; the same call unsandboxed is measured in the same rounds for reference. The box
// starts in the registry's prepare(), before the rounds (a session starts it in the background); the run fails if
// the calls did not run in it. Worst case for the sandbox: a workspace inside a git repository
// (protected .git files), a HOME with every secret folder present (each one hidden by a mount) and the login
// snapshot on (its file bound back in). Goal: median ratio <= 4. Measures only; leaves no process behind.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CommandRegistry } from '../main/environment/commands/registry.js';
import { SECRET_HOME_PATHS, SHELL_RC_FILES } from '../main/environment/sandbox/policy.js';
import { CommandSandbox } from '../main/environment/sandbox/sandbox.js';
import { machine } from './lib/output.js';
import { bareSpawn, echoCall } from './lib/trivial-call.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, median } from './lib/stats.js';

const ROUNDS = 20;
const WARMUP = 2;

export async function run(): Promise<BenchResult[]> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'floe-bench-sandbox-')));
  const home = join(root, 'home');
  const floeHome = join(root, 'floe');
  const workspace = join(root, 'ws');
  for (const d of [home, floeHome, join(workspace, '.git', 'hooks')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(workspace, '.git', 'config'), '[core]\n');
  for (const rel of SECRET_HOME_PATHS) mkdirSync(join(home, rel), { recursive: true });
  for (const rel of SHELL_RC_FILES) {
    mkdirSync(dirname(join(workspace, rel)), { recursive: true });
    writeFileSync(join(workspace, rel), '# rc\n');
  }
  writeFileSync(join(home, '.bash_profile'), 'export BENCH_PROFILE=1\n');
  const env = { ...(process.env as Record<string, string>), HOME: home };
  const sandbox = new CommandSandbox({ workspace, home, floeHome, sessionId: 'bench' });
  if (!sandbox.active) throw new Error(sandbox.offReason);
  const snapshot = (id: string) => ({ dir: join(floeHome, 'shell-snapshots'), sessionId: id });
  const boxed = new CommandRegistry({ env: { HOME: home }, loginSnapshot: snapshot('boxed'), sandbox });
  const plain = new CommandRegistry({ env: { HOME: home }, loginSnapshot: snapshot('plain') });
  try {
    await boxed.prepare();
    await plain.prepare();
    for (const r of [boxed, plain]) if (r.takeWarnings().length) throw new Error('the login snapshot failed');
    const box = sandbox.boxPids();
    if (box.length !== 1 || !box[0].server) throw new Error("the session's sandbox box did not start");
    for (let i = 0; i < WARMUP; i++) {
      await bareSpawn(workspace, env);
      await echoCall(boxed, workspace, -1 - i);
      await echoCall(plain, workspace, -10 - i);
    }
    const bare: number[] = [];
    const sandboxed: number[] = [];
    const unsandboxed: number[] = [];
    let n = 0;
    for (const kind of interleave(ROUNDS, 'bare' as const, 'boxed' as const)) {
      if (kind === 'bare') bare.push(await bareSpawn(workspace, env));
      else {
        sandboxed.push(await echoCall(boxed, workspace, n++));
        unsandboxed.push(await echoCall(plain, workspace, n++));
      }
    }
    // every sandboxed call ran in the one box started before the rounds (none fell back to a bwrap per call)
    const after = sandbox.boxPids();
    if (after.length !== 1 || after[0].server !== box[0].server) throw new Error('the calls left the session box');
    const mounts = sandbox.policy().hidden.length + sandbox.policy().protected.length;
    return [
      makeResult({
        name: 'sandbox-overhead',
        title: "sandboxed trivial call: exec_command `echo hi` in the session's long-lived bwrap vs bare pty spawn",
        date: new Date().toISOString(),
        machine: machine(),
        baseline: {
          label: "bare node-pty spawn of bash -c 'echo hi', no sandbox (spawn → exit)",
          runs: bare,
          unit: 'ms',
        },
        subject: {
          label:
            'runTool(exec_command {cmd:"echo hi"}) in the session box: bwrap + seccomp + login snapshot (call → output)',
          runs: sandboxed,
          unit: 'ms',
        },
        goal: { figure: 'ratio', op: '<=', value: 4 },
        absolute: {
          rounds_each: ROUNDS,
          bare_median_ms: median(bare),
          sandboxed_call_median_ms: median(sandboxed),
          unsandboxed_call_median_ms: median(unsandboxed),
          sandbox_cost_median_ms: median(sandboxed) - median(unsandboxed),
          hidden_and_protected_mounts: mounts,
        },
        notes: [
          `interleaved runs (${ROUNDS} each, ${WARMUP} warm-up rounds discarded); the unsandboxed call runs right after each sandboxed one`,
          `worst case: every secret folder of the policy exists under HOME and every protected file in the workspace (${mounts} extra mounts)`,
          'one bwrap per session (started before the rounds); each call is a round trip to its server, which starts bash in a pty of its own',
        ],
      }),
    ];
  } finally {
    await boxed.disposeAll();
    await plain.disposeAll();
    sandbox.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}
