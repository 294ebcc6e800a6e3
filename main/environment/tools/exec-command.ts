// exec_command (SPEC §5): runs `<cmd>` with `bash -lc` semantics in a pty in the workspace (or `workdir`), waits up
// to `yield_time_ms` streaming the clean output as it arrives; a command still running moves to the background with a
// process_id for input_command. Sessions live in ctx.services.commands. Must not frame, truncate or time out the
// call (the Environment does) and never appends notes to the text.
import { statSync } from 'node:fs';
import path from 'node:path';
import { eventMsg } from '../../../shared/omni/builders.js';
import { CommandCapError } from '../commands/registry.js';
import { EXEC_DEFAULT_WAIT_MS, NO_REGISTRY_NOTE, clampWait } from '../commands/outcome.js';
import { registryOf, resolveWorkdir, settleAfterWait } from '../commands/tool-support.js';
import { startTurn } from '../commands/spawn-turns.js';
import { findViolations } from '../sandbox/violations.js';
import { networkAsker } from './network-ask.js';
import { START_WAIT_MS, waitCommandStart, waitStreaming } from '../commands/stream-wait.js';
import { keptChars } from '../commands/text-cap.js';
import type { Tool } from '../types.js';

const TIMEOUT_MS = 120000;

/** The folder a writable-folder rule would open for a refused write: the path itself if a folder, else its folder. */
const folderOf = (target: string): string => {
  try {
    if (statSync(target).isDirectory()) return target;
  } catch {
    /* not there (the write was refused): its folder */
  }
  return path.dirname(target);
};

/** A network failure while the proxy runs: the program did not use it (commands have no other way out). */
const proxyNote = (v: { kind: string; target?: string; message: string }): string =>
  v.kind !== 'network'
    ? v.message
    : `sandbox: ${v.target ?? 'a host'} was not reached: commands reach the network only through the proxy in ` +
      'HTTP_PROXY/HTTPS_PROXY, and this program did not use it; configure its proxy, or run it with ' +
      'with_network: true (asks in auto mode)';

export const execCommandTool: Tool = {
  definition: {
    name: 'exec_command',
    description:
      'Run `bash -lc <cmd>` in a terminal in the workspace. Waits up to yield_time_ms for it to end and returns its ' +
      'output as clean text; a non-zero exit adds `[exit code: <n>]`. Still running then: it goes on in the ' +
      'background with a process_id for input_command. Pagers and editors are disabled; prefer non-interactive flags.',
    parameters: {
      type: 'object',
      properties: {
        cmd: { type: 'string', description: 'Command line (bash)' },
        workdir: {
          type: 'string',
          description: 'Directory (relative to the workspace)',
        },
        yield_time_ms: {
          type: 'number',
          description: 'Wait in ms (default 60000, min 250)',
        },
        with_network: {
          type: 'boolean',
          description: 'Needs the network (downloads, git fetch); commands have none by default. May ask the user',
        },
      },
      required: ['cmd'],
    },
    permission: 'rw',
    timeoutMs: TIMEOUT_MS,
    aliases: ['Bash', 'Shell'],
  },
  // in the sandbox, the network is what a command must ask for
  contained: (args) => args?.with_network !== true,
  async *execute(args, ctx) {
    const registry = registryOf(ctx);
    if (!registry) return { stopReason: 'failed', note: NO_REGISTRY_NOTE };
    const cmd = args?.cmd;
    if (typeof cmd !== 'string' || cmd.trim() === '') {
      return {
        stopReason: 'failed',
        note: '[exec_command error: cmd must be a non-empty string with the command to run]',
      };
    }
    const where = await resolveWorkdir(ctx.workspace, args.workdir);
    if (!where.ok) return { stopReason: 'failed', note: where.error };
    if (ctx.signal?.aborted) return { stopReason: 'aborted' };
    const waitMs = clampWait(args.yield_time_ms, EXEC_DEFAULT_WAIT_MS, ctx.definition?.timeoutMs ?? TIMEOUT_MS);

    // the login environment is (re)captured when a profile changed; its problems are reported once
    await registry.prepare?.();
    for (const message of registry.takeWarnings?.() ?? [])
      yield eventMsg({ type: 'warning', source: 'shell', message });
    if (ctx.signal?.aborted) return { stopReason: 'aborted' };
    // one fork per turn of the event loop when many sessions start commands at once (spawn-turns.ts)
    await startTurn();
    if (ctx.signal?.aborted) return { stopReason: 'aborted' };
    // without with_network, the network is the session's allow-list proxy; this call answers for its command
    const egress = args.with_network !== true && registry.sandboxed ? ctx.services.egress : undefined;
    const proxied = egress?.port !== undefined ? egress : undefined;
    const asker = proxied ? networkAsker(ctx) : undefined;
    const detach = asker && proxied?.attach(ctx.toolCallId, asker.ask);
    let session;
    try {
      session = registry.start({
        cmd,
        cwd: where.dir,
        network: args.with_network === true,
        ...(proxied ? { env: proxied.env(ctx.toolCallId) } : {}),
      });
    } catch (err) {
      detach?.();
      const msg =
        err instanceof CommandCapError
          ? err.message
          : `could not start the command: ${(err as Error)?.message ?? String(err)}`;
      return { stopReason: 'failed', note: `[exec_command error: ${msg}]` };
    }
    const release = session.hold();
    try {
      // the window opens when the command itself starts, not while its shell loads the login profile
      await waitCommandStart(session, START_WAIT_MS, ctx.signal);
      // output streams to the call while it waits
      const waited = yield* waitStreaming(session, waitMs, ctx.signal, 0, keptChars(ctx.definition?.maxOutputLength));
      if (waited === 'aborted' && session.status === 'running') {
        // stop the whole process group now; the SIGKILL is sent before we read what it printed
        registry.remove(session.id);
      }
      const { text, result } = await settleAfterWait(registry, session, waited, 'exec');
      if (text) yield text;
      // what the sandbox refused: the domains the proxy refused (exactly), writes the output tells of (a guess), each
      // a violation on the call's card; a network failure of a program that ignores the proxy, a warning
      // (and those of earlier calls' background commands, on those calls' cards)
      const refused = proxied ? [...proxied.takeViolations(ctx.toolCallId), ...proxied.takeEnded()] : [];
      for (const v of refused)
        yield eventMsg({
          type: 'sandbox_violation',
          tool_call_id: v.tag ?? ctx.toolCallId,
          kind: 'network',
          target: v.host,
          message: `${v.reason}; a network rule allows it ("allow ${v.host} in this project")`,
          source: 'proxy',
        });
      if (registry.sandboxed && session.status === 'exited') {
        for (const v of findViolations(session.scrollback())) {
          if (v.kind === 'write' && v.target)
            yield eventMsg({
              type: 'sandbox_violation',
              tool_call_id: ctx.toolCallId,
              kind: 'write',
              target: v.target,
              folder: folderOf(v.target),
              message: v.message,
              source: 'output',
            });
          else if (v.kind === 'write' || args.with_network !== true)
            yield eventMsg({ type: 'warning', source: 'sandbox', message: proxied ? proxyNote(v) : v.message });
        }
      }
      return result;
    } finally {
      release();
      asker?.callEnded();
      if (asker) proxied?.callEnded(ctx.toolCallId);
      // the proxy keeps answering (rules only) for a command that goes on in the background
      if (detach) void session.gone.then(detach);
    }
  },
};
