// Shared pieces of run_subagent and input_subagent: the wait clamp, the foreground window with abort
// propagation, and the result/background notes.
import type { ToolContext, ToolResult, ToolYield } from '../types.js';
import type { Subagent, SubagentManager } from '../subagents/manager.js';

export const backgroundNote = (id: string) =>
  `[subagent running with subagent_id ${id}; use input_subagent to poll for progress or send a follow-up prompt]`;
export const stillRunningNote = (id: string) => `[subagent still running with subagent_id ${id}]`;

export function clampWait(requested: unknown, fallback: number, timeoutMs: number | undefined): number {
  let ms = typeof requested === 'number' && Number.isFinite(requested) ? requested : fallback;
  ms = Math.max(250, ms);
  if (timeoutMs && timeoutMs > 0) ms = Math.min(ms, timeoutMs - 1000);
  return Math.max(ms, 0);
}

export function managerOf(ctx: ToolContext): SubagentManager | undefined {
  return ctx.services.subagents as SubagentManager | undefined;
}

/**
 * The foreground window: forwards the child's messages and approvals while waiting; a parent abort aborts the
 * child's round. Returns the tool result (final text, or the background note).
 */
export async function* foreground(
  child: Subagent,
  ms: number,
  ctx: ToolContext,
  runningNote: string,
): AsyncGenerator<ToolYield, ToolResult> {
  const onAbort = () => child.abortRound('parent task aborted');
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const finished = yield* child.wait(ms, ctx.approve, ctx.signal);
    const notes: string[] = [];
    if (child.surfaced)
      notes.push(
        `[subagent ${child.id}: ${plural(child.surfaced, 'approval')} that arose in the background asked during this poll]`,
      );
    if (!finished) {
      const waiting = child.pending.length;
      notes.push(runningNote);
      if (waiting)
        notes.push(
          `[subagent ${child.id} is waiting for ${plural(waiting, 'approval')}; poll with input_subagent to answer]`,
        );
      return { stopReason: 'completed', note: notes.join('\n') };
    }
    const r = child.result ?? { status: 'failed' as const, errorMessage: 'no result' };
    if (r.text) yield r.text;
    if (r.status !== 'completed')
      notes.push(`[subagent ${child.id} ended ${r.status}${r.errorMessage ? ': ' + r.errorMessage : ''}]`);
    return {
      stopReason: r.status === 'completed' ? 'completed' : 'failed',
      ...(notes.length ? { note: notes.join('\n') } : {}),
    };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
