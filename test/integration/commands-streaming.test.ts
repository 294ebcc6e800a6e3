// exec_command / input_command stream their output through the Environment as partial_tool_call_output deltas
// while the command runs (issue 9 item 4): real bash in a real pty, runTool as the engine calls it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { commandTextCap } from '../../main/environment/commands/text-cap.js';
import { runTool } from '../../main/environment/environment.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import { inputCommandTool } from '../../main/environment/tools/input-command.js';
import type { Tool } from '../../main/environment/types.js';
import type { ToolCallOutputPayload } from '../../shared/omni/types.js';

let home: string;
let registry: CommandRegistry;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'floe-stream-home-'));
  // the model view's cap as a session has it (main/sdk/agent.ts)
  registry = new CommandRegistry({ env: { HOME: home }, modelTextCap: commandTextCap() });
});
afterAll(async () => {
  await registry.disposeAll();
  rmSync(home, { recursive: true, force: true });
});

interface Timed {
  deltas: { at: number; output: string }[];
  final: ToolCallOutputPayload;
  finalAt: number;
}

async function call(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<Timed> {
  const id = `call-${Math.random().toString(16).slice(2)}`;
  const gen = runTool({
    tool,
    args,
    signal,
    ctx: {
      workspace: home,
      toolCallId: id,
      call: { type: 'tool_call', name: tool.definition.name, arguments: JSON.stringify(args), tool_call_id: id },
      services: { commands: registry },
      definition: tool.definition,
    },
  });
  const deltas: Timed['deltas'] = [];
  for (;;) {
    const r = await gen.next();
    if (r.done) return { deltas, final: r.value.payload, finalAt: Date.now() };
    const p = r.value.payload as { type?: string; event_type?: string; output?: string };
    if (p.type === 'partial_tool_call_output' && p.event_type === 'delta')
      deltas.push({ at: Date.now(), output: p.output ?? '' });
  }
}

describe('streamed command output', () => {
  it('`echo one; sleep 3; echo two`: a delta with `one` arrives at least 2 s before the final output', async () => {
    const r = await call(execCommandTool, { cmd: 'echo one; sleep 3; echo two' });
    const first = r.deltas.find((d) => d.output.includes('one'));
    expect(first).toBeDefined();
    expect(r.finalAt - first!.at).toBeGreaterThanOrEqual(2000);
    expect(r.final.output).toBe('one\ntwo\n');
    expect(r.deltas.map((d) => d.output).join('')).toBe(r.final.output);
  }, 20_000);

  it('abort 2 s into `echo started; sleep 30` keeps what was printed, then the abort note', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 2000);
    const r = await call(execCommandTool, { cmd: 'echo started; sleep 30' }, ac.signal);
    expect(r.final.stop_reason).toBe('aborted');
    expect(r.final.output).toBe('started\n[interrupted: tool aborted by user]');
    expect(r.deltas.map((d) => d.output).join('')).toBe(r.final.output);
  }, 20_000);

  it('abort keeps a line still being written (not streamed yet) before the abort note', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 1500);
    const r = await call(execCommandTool, { cmd: "printf 'started\\nprompt> '; sleep 30" }, ac.signal);
    expect(r.final.output).toBe('started\nprompt>\n[interrupted: tool aborted by user]');
    expect(r.deltas.map((d) => d.output).join('')).toBe(r.final.output);
  }, 20_000);

  it('deltas concatenate to the final output when it is truncated, and a progress bar is not streamed half-done', async () => {
    const cmd =
      "for i in $(seq 1 3000); do echo \"line $i of the build log\"; done; printf 'bar 1%%'; sleep 0.3; printf '\\rbar 100%%'; exit 2";
    const r = await call(execCommandTool, { cmd });
    // streamed in more than one delta (two 8 KiB chunks already fill the 16 000-character cap when the lines come in
    // one burst: a full run on a loaded machine saw exactly 2)
    expect(r.deltas.length).toBeGreaterThanOrEqual(2);
    expect(r.deltas.map((d) => d.output).join('')).toBe(r.final.output);
    expect(r.final.output).toMatch(/^line 1 of the build log\n/);
    expect(r.final.output).toMatch(/\n\[output truncated: exceeded 16000 chars\]\n\[exit code: 2\]$/);
    const small = await call(execCommandTool, { cmd: "printf 'bar 1%%'; sleep 0.3; printf '\\rbar 100%%\\n'" });
    expect(small.final.output).toBe('bar 100%\n');
  }, 20_000);

  it('stops taking a flood once the call has what it keeps (the rest was rendered for nobody)', async () => {
    let taken = 0;
    const counting: Tool = {
      definition: execCommandTool.definition,
      async *execute(args, ctx) {
        const g = execCommandTool.execute(args, ctx);
        for (;;) {
          const r = await g.next();
          if (r.done) return r.value;
          if (typeof r.value === 'string') taken += r.value.length;
          yield r.value;
        }
      },
    };
    // ~20 MB of lines in a 3 s window: the call keeps 16 000 characters of it
    const r = await call(counting, {
      cmd: "yes 'a line of a flood' | head -c 20000000; echo done",
      yield_time_ms: 3000,
    });
    expect(r.final.output).toMatch(/^a line of a flood\na line of a flood\n/);
    expect(r.final.output).toMatch(/\n\[output truncated: exceeded 16000 chars\]/);
    expect(r.deltas.map((d) => d.output).join('')).toBe(r.final.output);
    // what the tool read: the streamed part (16 000 and the last chunk) and one final read (at most the view's cap,
    // 64 KiB); reading on took every line of the flood
    expect(taken).toBeGreaterThanOrEqual(16_000);
    expect(taken).toBeLessThan(120_000);
  }, 20_000);

  it('after a call that stopped reading early, the next read starts at the end of that call', async () => {
    const started = await call(execCommandTool, {
      cmd: 'for i in $(seq 1 20000); do echo "early line $i"; done; sleep 2; echo later',
      yield_time_ms: 1000,
    });
    expect(started.final.output).toMatch(/^early line 1\n/);
    expect(started.final.output).toContain('[output truncated: exceeded 16000 chars]');
    const id = /process_id (proc-[0-9a-f]{8})/.exec(started.final.output)![1];
    const r = await call(inputCommandTool, { process_id: id, yield_time_ms: 10_000 });
    // none of the lines the first call left unread comes back later
    expect(r.final.output).toBe('later\n');
  }, 20_000);

  it('input_command streams a polled command too', async () => {
    const started = await call(execCommandTool, { cmd: 'sleep 0.5; echo a; sleep 2.5; echo b', yield_time_ms: 250 });
    const id = /process_id (proc-[0-9a-f]{8})/.exec(started.final.output)![1];
    const r = await call(inputCommandTool, { process_id: id, yield_time_ms: 10_000 });
    const a = r.deltas.find((d) => d.output.includes('a'));
    expect(a).toBeDefined();
    expect(r.finalAt - a!.at).toBeGreaterThanOrEqual(1500);
    expect(r.final.output).toBe('a\nb\n');
  }, 20_000);
});
