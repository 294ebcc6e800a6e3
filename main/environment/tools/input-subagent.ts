// input_subagent (SPEC §5): poll a background subagent (default wait 10000 ms) or, while it is idle, start a
// follow-up round with a new prompt (default wait 300000 ms).
import type { Tool } from '../types.js';
import { backgroundNote, clampWait, foreground, managerOf, stillRunningNote } from './subagent-common.js';

const busyRefusal = (id: string) =>
  `[input_subagent error: subagent ${id} is still running; poll it without a prompt until it finishes, then send the follow-up]`;
const unknownSubagent = (id: string) =>
  `[input_subagent error: unknown subagent_id ${id} (it may have finished and been evicted)]`;

export const inputSubagentTool: Tool = {
  definition: {
    name: 'input_subagent',
    description:
      'Poll a background subagent for progress (no prompt), or give an idle subagent a follow-up prompt, which ' +
      "starts a new round on the same child. Returns the child's final text when its round is finished.",
    parameters: {
      type: 'object',
      properties: {
        subagent_id: { type: 'string', description: 'The id returned by run_subagent.' },
        prompt: {
          type: 'string',
          description: 'Follow-up task; accepted only while the subagent is idle. Omit to poll.',
        },
        yield_time_ms: {
          type: 'number',
          description: 'How long to wait (default 10000 for a poll, 300000 with a prompt).',
        },
      },
      required: ['subagent_id'],
    },
    permission: 'rw',
    timeoutMs: 600_000,
  },
  async *execute(args, ctx) {
    const mgr = managerOf(ctx);
    const id = String(args.subagent_id ?? '');
    if (!mgr)
      return { stopReason: 'failed', note: '[input_subagent error: subagents are not available in this session]' };
    const child = mgr.get(id);
    if (!child) return { stopReason: 'failed', note: unknownSubagent(id) };
    const prompt = typeof args.prompt === 'string' ? args.prompt.trim() : '';
    if (prompt) {
      if (child.running) return { stopReason: 'failed', note: busyRefusal(id) };
      child.startRound(prompt);
      return yield* foreground(
        child,
        clampWait(args.yield_time_ms, 300_000, ctx.definition.timeoutMs),
        ctx,
        backgroundNote(id),
      );
    }
    return yield* foreground(
      child,
      clampWait(args.yield_time_ms, 10_000, ctx.definition.timeoutMs),
      ctx,
      stillRunningNote(id),
    );
  },
};
