// The two halves of the trivial-call benchmarks (tool-overhead, sandbox-overhead): a bare node-pty spawn of bash
// printing `hi`, and `exec_command {cmd:"echo hi"}` through the Environment with a given CommandRegistry (what an
// approved call does). Each returns its milliseconds and throws when the output is not `hi`. Measures only.
import pty from 'node-pty';
import type { CommandRegistry } from '../../main/environment/commands/registry.js';
import { runTool } from '../../main/environment/environment.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';

/** `bash <args>` (default `-c 'echo hi'`) in a fresh pty, until it exits. */
export function bareSpawn(cwd: string, env: Record<string, string>, args = ['-c', 'echo hi']): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let p: pty.IPty;
    try {
      p = pty.spawn('bash', args, { name: 'xterm-256color', cols: 120, rows: 40, cwd, env });
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    let out = '';
    p.onData((d) => (out += d));
    p.onExit(({ exitCode }) => {
      if (exitCode !== 0 || !out.includes('hi'))
        reject(new Error(`bare spawn of bash ${args.join(' ')} exited with ${exitCode}: ${out}`));
      else resolve(performance.now() - t0);
    });
  });
}

/** One `exec_command echo hi` through the Environment, with call number `n` in its id. */
export async function echoCall(registry: CommandRegistry, workspace: string, n: number): Promise<number> {
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
