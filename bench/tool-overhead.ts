// Benchmark: tool-call overhead — `exec_command {cmd:"true"}` through the Environment (runTool + execCommandTool +
// a CommandRegistry) vs a bare node-pty spawn of `bash -lc true`, interleaved, medians of ROUNDS each.
// Measures only; must not change engine code or leave processes behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import { CommandRegistry } from '../main/environment/commands/registry.js';
import { runTool } from '../main/environment/environment.js';
import { execCommandTool } from '../main/environment/tools/exec-command.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, median, quantile } from './lib/stats.js';

const ROUNDS = 20;
const WARMUP = 2;

function bareSpawn(cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let p: pty.IPty;
    try {
      p = pty.spawn('bash', ['-lc', 'true'], { name: 'xterm-256color', cols: 120, rows: 40, cwd, env: process.env as Record<string, string> });
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    p.onData(() => {});
    p.onExit(({ exitCode }) => {
      if (exitCode !== 0) reject(new Error(`bare spawn of bash -lc true exited with ${exitCode}`));
      else resolve(performance.now() - t0);
    });
  });
}

async function throughEnvironment(registry: CommandRegistry, workspace: string, n: number): Promise<number> {
  const t0 = performance.now();
  const call = { type: 'tool_call' as const, name: 'exec_command', arguments: '{"cmd":"true"}', tool_call_id: `call_bench_${n}` };
  const gen = runTool({
    tool: execCommandTool,
    args: { cmd: 'true' },
    ctx: { workspace, toolCallId: call.tool_call_id, call, services: { commands: registry }, definition: execCommandTool.definition },
  });
  let r = await gen.next();
  while (!r.done) r = await gen.next();
  const ms = performance.now() - t0;
  const out = r.value.payload;
  if (out.stop_reason !== 'completed') throw new Error(`exec_command true ended ${out.stop_reason}: ${out.output}`);
  return ms;
}

export async function run(): Promise<BenchResult[]> {
  const workspace = mkdtempSync(join(tmpdir(), 'floe-bench-overhead-'));
  const registry = new CommandRegistry();
  try {
    for (let i = 0; i < WARMUP; i++) {
      await bareSpawn(workspace);
      await throughEnvironment(registry, workspace, -1 - i);
    }
    const bare: number[] = [];
    const env: number[] = [];
    let n = 0;
    for (const kind of interleave(ROUNDS, 'bare' as const, 'env' as const)) {
      if (kind === 'bare') bare.push(await bareSpawn(workspace));
      else env.push(await throughEnvironment(registry, workspace, n++));
    }
    const b = median(bare);
    const s = median(env);
    return [
      makeResult({
        name: 'tool-overhead',
        title: 'tool-call overhead: exec_command `true` through the Environment vs bare pty spawn',
        date: new Date().toISOString(),
        machine: machine(),
        baseline: { label: 'bare node-pty spawn of bash -lc true (spawn → exit)', runs: bare, unit: 'ms' },
        subject: { label: 'runTool(exec_command {cmd:"true"}) with a CommandRegistry (call → output)', runs: env, unit: 'ms' },
        goal: { figure: 'ratio', op: '<=', value: 1.1 },
        absolute: {
          rounds_each: ROUNDS,
          bare_median_ms: b,
          bare_p90_ms: quantile(bare, 0.9),
          bare_min_ms: Math.min(...bare),
          env_median_ms: s,
          env_p90_ms: quantile(env, 0.9),
          env_min_ms: Math.min(...env),
          overhead_median_ms: s - b,
        },
        notes: [`interleaved A/B runs (${ROUNDS} each, ${WARMUP} warm-up pairs discarded); both in the same temp workspace`],
      }),
    ];
  } finally {
    await registry.disposeAll();
    rmSync(workspace, { recursive: true, force: true });
  }
}
