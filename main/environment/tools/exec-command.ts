// exec_command (SPEC §5): runs `bash -lc <cmd>` in a pty in the workspace (or `workdir`), waits up to
// `yield_time_ms` and returns the clean output; a command still running moves to the background with a
// process_id for input_command. Sessions live in ctx.services.commands. Must not frame, truncate or time out the
// call (the Environment does) and never appends notes to the text.
import { CommandCapError } from '../commands/registry.js';
import { EXEC_DEFAULT_WAIT_MS, NO_REGISTRY_NOTE, clampWait } from '../commands/outcome.js';
import { registryOf, resolveWorkdir, settleAfterWait } from '../commands/tool-support.js';
import { waitForCommand } from '../commands/wait.js';
import type { Tool } from '../types.js';

const TIMEOUT_MS = 120000;

export const execCommandTool: Tool = {
  definition: {
    name: 'exec_command',
    description:
      'Run a shell command with `bash -lc <cmd>` in a pseudo-terminal, in the workspace (or `workdir`). Waits up to ' +
      '`yield_time_ms` (default 60000, minimum 250) for it to finish and returns its output as clean text (colors ' +
      'and cursor codes removed, progress bars collapsed, full-screen programs shown as their screen). A non-zero ' +
      'exit adds `[exit code: <n>]`. If the command is still running when the wait ends, it keeps running in the ' +
      'background and you get a process_id: use input_command to poll for more output, type input, or send Ctrl-C ' +
      '("\\u0003"). Nothing waits on a human: PAGER/GIT_PAGER=cat, GIT_EDITOR=true, GIT_TERMINAL_PROMPT=0. ' +
      'Prefer non-interactive flags; use a short yield_time_ms to start servers or watchers.',
    parameters: {
      type: 'object',
      properties: {
        cmd: { type: 'string', description: 'The shell command line to run (bash syntax)' },
        workdir: {
          type: 'string',
          description: 'Directory to run in; relative paths resolve against the workspace. Default: the workspace',
        },
        yield_time_ms: {
          type: 'number',
          description: 'How long to wait for the command before returning (ms; default 60000, minimum 250)',
        },
      },
      required: ['cmd'],
    },
    permission: 'rw',
    timeoutMs: TIMEOUT_MS,
    aliases: ['Bash', 'Shell'],
  },
  async *execute(args, ctx) {
    const registry = registryOf(ctx);
    if (!registry) return { stopReason: 'failed', note: NO_REGISTRY_NOTE };
    const cmd = args?.cmd;
    if (typeof cmd !== 'string' || cmd.trim() === '') {
      return { stopReason: 'failed', note: '[exec_command error: cmd must be a non-empty string with the command to run]' };
    }
    const where = await resolveWorkdir(ctx.workspace, args.workdir);
    if (!where.ok) return { stopReason: 'failed', note: where.error };
    if (ctx.signal?.aborted) return { stopReason: 'aborted' };
    const waitMs = clampWait(args.yield_time_ms, EXEC_DEFAULT_WAIT_MS, ctx.definition?.timeoutMs ?? TIMEOUT_MS);

    let session;
    try {
      session = registry.start({ cmd, cwd: where.dir });
    } catch (err) {
      const msg = err instanceof CommandCapError ? err.message : `could not start the command: ${(err as Error)?.message ?? String(err)}`;
      return { stopReason: 'failed', note: `[exec_command error: ${msg}]` };
    }
    const release = session.hold();
    try {
      const waited = await waitForCommand(session, waitMs, ctx.signal);
      if (waited === 'aborted' && session.status === 'running') {
        // stop the whole process group now; the SIGKILL is sent before we read what it printed
        registry.remove(session.id);
      }
      const { text, result } = await settleAfterWait(registry, session, waited, 'exec');
      if (text) yield text;
      return result;
    } finally {
      release();
    }
  },
};
