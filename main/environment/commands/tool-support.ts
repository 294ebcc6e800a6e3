// Shared steps of exec_command and input_command: finding the registry, resolving the working directory, and
// turning a waited-on session into the tool's text and result (releasing finished sessions). Must not define
// tools or argument schemas.
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { ToolContext, ToolResult } from '../types.js';
import { exitOutcome, runningNote, stillRunningNote } from './outcome.js';
import type { CommandRegistry } from './registry.js';
import type { CommandSession } from './session.js';
import type { WaitOutcome } from './stream-wait.js';

export function registryOf(ctx: ToolContext): CommandRegistry | undefined {
  const r = ctx.services?.commands;
  return r && typeof r.start === 'function' ? r : undefined;
}

/** The directory to run in: `workdir` (relative → against the workspace) or the workspace; error text if missing. */
export async function resolveWorkdir(
  workspace: string,
  workdir: unknown,
): Promise<{ ok: true; dir: string } | { ok: false; error: string }> {
  if (workdir !== undefined && workdir !== null && typeof workdir !== 'string') {
    return { ok: false, error: '[exec_command error: workdir must be a string path]' };
  }
  const given = typeof workdir === 'string' && workdir.trim() !== '' ? workdir : undefined;
  const dir = given === undefined ? workspace : isAbsolute(given) ? given : resolve(workspace, given);
  try {
    const st = await stat(dir);
    if (!st.isDirectory()) {
      return {
        ok: false,
        error: `[exec_command error: workdir ${dir} is not a directory; pass an existing directory (relative paths resolve against ${workspace})]`,
      };
    }
  } catch {
    return {
      ok: false,
      error: `[exec_command error: workdir ${dir} does not exist; pass an existing directory (relative paths resolve against ${workspace})]`,
    };
  }
  return { ok: true, dir };
}

export interface Settled {
  text: string;
  result: ToolResult;
}

/**
 * After a wait: reads the clean text; an exited command yields its exit result and is removed from the registry;
 * a running one gets the background note (`exec`) or the still-running note (`input`).
 */
export async function settleAfterWait(
  registry: CommandRegistry,
  session: CommandSession,
  waited: WaitOutcome,
  mode: 'exec' | 'input',
): Promise<Settled> {
  if (session.status === 'exited') {
    await session.exited;
    const text = await session.readClean();
    registry.remove(session.id);
    return { text, result: exitOutcome(session.exitCode, session.signal) };
  }
  const text = await session.readClean();
  if (waited === 'aborted') return { text, result: { stopReason: 'aborted' } };
  const note = mode === 'exec' ? runningNote(session.id) : stillRunningNote(session.id);
  return { text, result: { stopReason: 'completed', note } };
}
