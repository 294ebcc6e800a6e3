// exec_command / input_command end to end: real bash in a real pty through CommandRegistry, tools driven the way
// the Environment drives them (execute + drain the generator).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgrep, until } from '../helpers/procs.js';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import { inputCommandTool } from '../../main/environment/tools/input-command.js';
import type { Tool, ToolContext, ToolResult } from '../../main/environment/types.js';

let ws: string;
let home: string;
let registry: CommandRegistry;

beforeAll(() => {
  ws = realpathSync(mkdtempSync(join(tmpdir(), 'floe-cmd-ws-')));
  // a private HOME keeps the login shell off the machine's own profile (fast, and nothing shared is touched)
  home = mkdtempSync(join(tmpdir(), 'floe-cmd-home-'));
  registry = new CommandRegistry({ env: { HOME: home } });
});

afterAll(async () => {
  await registry.disposeAll();
  rmSync(ws, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

interface Run extends ToolResult {
  text: string;
  ms: number;
}

async function run(
  tool: Tool,
  args: Record<string, unknown>,
  opts: { signal?: AbortSignal; reg?: CommandRegistry | null } = {},
): Promise<Run> {
  const ctx: ToolContext = {
    workspace: ws,
    toolCallId: 'call-1',
    signal: opts.signal ?? new AbortController().signal,
    call: {
      name: tool.definition.name,
      arguments: JSON.stringify(args),
      tool_call_id: 'call-1',
    } as ToolContext['call'],
    services: opts.reg === null ? {} : { commands: opts.reg ?? registry },
    definition: tool.definition,
  };
  const t0 = Date.now();
  const gen = tool.execute(args, ctx);
  let text = '';
  for (;;) {
    const n = await gen.next();
    if (n.done) return { text, ms: Date.now() - t0, ...(n.value ?? {}) };
    if (typeof n.value === 'string') text += n.value;
  }
}

const idFrom = (note: string | undefined): string => {
  const m = /process_id (proc-[0-9a-f]{8})/.exec(note ?? '');
  if (!m) throw new Error(`no process id in ${note}`);
  return m[1];
};

describe('exec_command', () => {
  it('returns the output and the exit-code note for a failing command, then releases the session', async () => {
    const r = await run(execCommandTool, { cmd: 'echo hi; exit 3' });
    expect(r.text).toBe('hi\n');
    expect(r.note).toBe('[exit code: 3]');
    expect(r.stopReason).toBe('failed');
    expect(registry.list()).toEqual([]);
  });

  it('completes without a note on exit 0', async () => {
    const r = await run(execCommandTool, { cmd: 'echo one; echo two' });
    expect(r).toMatchObject({ text: 'one\ntwo\n', stopReason: 'completed' });
    expect(r.note).toBeUndefined();
  });

  it('runs in a terminal', async () => {
    const r = await run(execCommandTool, { cmd: 'python3 -c "import sys;print(sys.stdout.isatty())"' });
    expect(r.text).toBe('True\n');
  });

  it('strips colours and collapses a carriage-return progress bar', async () => {
    expect((await run(execCommandTool, { cmd: "printf '\\033[31mred\\033[0m'" })).text).toBe('red');
    const bar = await run(execCommandTool, {
      cmd: "for i in $(seq 1 100); do printf '\\rprogress %d%%' $i; done; echo; echo after",
    });
    expect(bar.text).toBe('progress 100%\nafter\n');
  });

  it('returns every line of a long output', async () => {
    const r = await run(execCommandTool, { cmd: 'seq 1 5000' });
    expect(r.text).toBe(`${Array.from({ length: 5000 }, (_, i) => String(i + 1)).join('\n')}\n`);
  });

  it('shows a full-screen program as its screen', async () => {
    const r = await run(execCommandTool, {
      cmd: "printf '\\033[?1049h\\033[H\\033[2Jfull screen app\\033[3;1Hstatus line'; sleep 0.1; printf '\\033[?1049l'; echo back",
    });
    expect(r.text).toBe('full screen app\n\nstatus line\nback\n');
  });

  it('hardens the environment so nothing waits on a human', async () => {
    const r = await run(execCommandTool, { cmd: 'echo "$GIT_EDITOR $GIT_TERMINAL_PROMPT $PAGER $GIT_PAGER $TERM"' });
    expect(r.text).toBe('true 0 cat cat xterm-256color\n');
  });

  it('runs in workdir (relative to the workspace) and refuses a missing one', async () => {
    mkdirSync(join(ws, 'sub'), { recursive: true });
    expect((await run(execCommandTool, { cmd: 'pwd', workdir: 'sub' })).text).toBe(`${join(ws, 'sub')}\n`);
    const bad = await run(execCommandTool, { cmd: 'pwd', workdir: 'missing/dir' });
    expect(bad.stopReason).toBe('failed');
    expect(bad.text).toBe('');
    expect(bad.note).toBe(
      `[exec_command error: workdir ${join(ws, 'missing/dir')} does not exist; pass an existing directory (relative paths resolve against ${ws})]`,
    );
  });

  it('returns as soon as the command exits, not at the end of the window', async () => {
    const r = await run(execCommandTool, { cmd: 'sleep 0.2; echo done', yield_time_ms: 20000 });
    expect(r.text).toBe('done\n');
    expect(r.ms).toBeLessThan(5000);
  });

  it('fails clearly without a command registry', async () => {
    const r = await run(execCommandTool, { cmd: 'echo hi' }, { reg: null });
    expect(r.stopReason).toBe('failed');
    expect(r.note).toMatch(/^\[command sessions unavailable: /);
  });

  it('kills the whole process group, background children included, on abort', async () => {
    const tag = `1000.${process.pid}${Math.floor(Math.random() * 1000)}`;
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 600);
    const r = await run(
      execCommandTool,
      { cmd: `sleep ${tag}1 & sleep ${tag}2`, yield_time_ms: 30000 },
      { signal: ac.signal },
    );
    expect(r.ms).toBeLessThan(2500);
    expect(r.stopReason).toBe('aborted');
    expect(await until(() => pgrep(`sleep ${tag}`).length === 0, 4000)).toBe(true);
  });
});

describe('input_command', () => {
  it('backgrounds a long command, polls it, and ends it with Ctrl-C', async () => {
    const started = await run(execCommandTool, { cmd: 'sleep 5', yield_time_ms: 300 });
    const id = idFrom(started.note);
    expect(id).toMatch(/^proc-[0-9a-f]{8}$/);
    expect(started.stopReason).toBe('completed');
    expect(started.note).toBe(
      `[process running with process_id ${id}; use input_command to send input or poll for output]`,
    );
    expect(started.ms).toBeLessThan(3000);

    const poll = await run(inputCommandTool, { process_id: id, yield_time_ms: 300 });
    expect(poll.stopReason).toBe('completed');
    expect(poll.note).toBe(`[process still running with process_id ${id}]`);

    const stop = await run(inputCommandTool, { process_id: id, chars: '\u0003', yield_time_ms: 5000 });
    expect(stop.note).toBe('[terminated by signal SIGINT]');
    expect(stop.stopReason).toBe('failed');
    expect(stop.ms).toBeLessThan(3000);
    // released: the id is gone now
    const gone = await run(inputCommandTool, { process_id: id });
    expect(gone.note).toBe(
      `[input_command error: unknown process_id ${id} (the session may have exited and been cleared)]`,
    );
  });

  it('types input as given and returns the reaction', async () => {
    const started = await run(execCommandTool, { cmd: 'read x; echo got:$x', yield_time_ms: 300 });
    const id = idFrom(started.note);
    const r = await run(inputCommandTool, { process_id: id, chars: 'abc\n', yield_time_ms: 3000 });
    expect(r.text).toContain('got:abc');
    expect(r.stopReason).toBe('completed');
    expect(r.note).toBeUndefined();
    expect(registry.get(id)).toBeUndefined();
  });

  it('returns only new output on each poll', async () => {
    const started = await run(execCommandTool, { cmd: 'echo first; read x; echo second; read y', yield_time_ms: 1500 });
    const id = idFrom(started.note);
    expect(started.text).toBe('first\n');
    const r = await run(inputCommandTool, { process_id: id, chars: '\n', yield_time_ms: 1000 });
    expect(r.text).toBe('\nsecond\n');
    await run(inputCommandTool, { process_id: id, chars: '\u0003' });
  });

  it('refuses Ctrl-C mixed with other text and leaves the command alone', async () => {
    const started = await run(execCommandTool, { cmd: 'sleep 20', yield_time_ms: 250 });
    const id = idFrom(started.note);
    const r = await run(inputCommandTool, { process_id: id, chars: 'q\u0003' });
    expect(r.stopReason).toBe('failed');
    expect(r.text).toBe('');
    expect(r.note).toBe(
      '[input_command error: Ctrl-C ("\\u0003") must be sent alone; send "\\u0003" in one input_command call and any other text in a separate call]',
    );
    expect(registry.get(id)?.status).toBe('running');
    await run(inputCommandTool, { process_id: id, chars: '\u0003' });
  });

  it('reports an unknown id with the exact text', async () => {
    const r = await run(inputCommandTool, { process_id: 'proc-00000000' });
    expect(r).toMatchObject({
      text: '',
      stopReason: 'failed',
      note: '[input_command error: unknown process_id proc-00000000 (the session may have exited and been cleared)]',
    });
  });
});
