// Benchmark: cost of a trivial SANDBOXED call (issue 19) — `exec_command {cmd:"echo hi"}` through the Environment
// with a CommandRegistry whose commands start in bwrap (one per call, joining the session's network), vs a bare
// node-pty spawn of `bash -c 'echo hi'` with no sandbox, interleaved in one run; the same call unsandboxed is
// measured in the same rounds for reference. Worst case for the sandbox: a workspace inside a git repository
// (protected .git files), a HOME with every secret folder present (each one hidden by a mount) and the login
// snapshot on (its file bound back in). Goal: median ratio <= 4. Measures only; leaves no process behind.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pty from 'node-pty';
import { CommandRegistry } from '../main/environment/commands/registry.js';
import { runTool } from '../main/environment/environment.js';
import { SECRET_HOME_PATHS, SHELL_RC_FILES } from '../main/environment/sandbox/policy.js';
import { CommandSandbox } from '../main/environment/sandbox/sandbox.js';
import { execCommandTool } from '../main/environment/tools/exec-command.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, median } from './lib/stats.js';

const ROUNDS = 20;
const WARMUP = 2;

function bareSpawn(cwd: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = pty.spawn('bash', ['-c', 'echo hi'], { name: 'xterm-256color', cols: 120, rows: 40, cwd, env });
    let out = '';
    p.onData((d) => (out += d));
    p.onExit(({ exitCode }) => {
      if (exitCode !== 0 || !out.includes('hi')) reject(new Error(`bare spawn exited with ${exitCode}: ${out}`));
      else resolve(performance.now() - t0);
    });
  });
}

async function call(registry: CommandRegistry, workspace: string, n: number): Promise<number> {
  const t0 = performance.now();
  const id = `call_bench_${n}`;
  const gen = runTool({
    tool: execCommandTool,
    args: { cmd: 'echo hi' },
    ctx: {
      workspace,
      toolCallId: id,
      call: { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"echo hi"}', tool_call_id: id },
      services: { commands: registry },
      definition: execCommandTool.definition,
    },
  });
  let r = await gen.next();
  while (!r.done) r = await gen.next();
  const ms = performance.now() - t0;
  const out = r.value.payload;
  if (out.stop_reason !== 'completed' || out.output !== 'hi\n')
    throw new Error(`exec_command echo hi ended ${out.stop_reason}: ${out.output}`);
  return ms;
}

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
    for (let i = 0; i < WARMUP; i++) {
      await bareSpawn(workspace, env);
      await call(boxed, workspace, -1 - i);
      await call(plain, workspace, -10 - i);
    }
    const bare: number[] = [];
    const sandboxed: number[] = [];
    const unsandboxed: number[] = [];
    let n = 0;
    for (const kind of interleave(ROUNDS, 'bare' as const, 'boxed' as const)) {
      if (kind === 'bare') bare.push(await bareSpawn(workspace, env));
      else {
        sandboxed.push(await call(boxed, workspace, n++));
        unsandboxed.push(await call(plain, workspace, n++));
      }
    }
    const mounts = sandbox.policy().hidden.length + sandbox.policy().protected.length;
    return [
      makeResult({
        name: 'sandbox-overhead',
        title: 'sandboxed trivial call: exec_command `echo hi` in bwrap (one per call) vs bare pty spawn of bash -c',
        date: new Date().toISOString(),
        machine: machine(),
        baseline: {
          label: "bare node-pty spawn of bash -c 'echo hi', no sandbox (spawn → exit)",
          runs: bare,
          unit: 'ms',
        },
        subject: {
          label: 'runTool(exec_command {cmd:"echo hi"}) sandboxed: bwrap + seccomp + login snapshot (call → output)',
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
