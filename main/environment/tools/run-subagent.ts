// run_subagent (SPEC §5): hand a self-contained subtask to a child agent in the same workspace. Foreground
// window (default 300000 ms), then background with a subagent_id.
import type { Tool } from '../types.js';
import { backgroundNote, clampWait, foreground, managerOf } from './subagent-common.js';

export const runSubagentTool: Tool = {
  definition: {
    name: 'run_subagent',
    description:
      'Hand a self-contained subtask to a child agent working in the same workspace. The prompt must carry all the ' +
      'context and say what final answer you expect. Waits up to yield_time_ms (default 300000); if the child is ' +
      'still working it continues in the background and you get a subagent_id for input_subagent.',
    parameters: {
      type: 'object',
      properties: {
        prompt: {
          type: 'string',
          description: 'The complete subtask, with all needed context and the expected final output.',
        },
        agent_id: { type: 'string', description: 'Agent configuration for the child (default: the current agent).' },
        model_id: { type: 'string', description: "Model for the child, provider/id (default: this session's model)." },
        yield_time_ms: {
          type: 'number',
          description: 'How long to wait in the foreground (default 300000, minimum 250).',
        },
      },
      required: ['prompt'],
    },
    permission: 'rw',
    timeoutMs: 600_000,
  },
  async *execute(args, ctx) {
    const mgr = managerOf(ctx);
    if (!mgr)
      return { stopReason: 'failed', note: '[run_subagent error: subagents are not available in this session]' };
    const prompt = String(args.prompt ?? '').trim();
    if (!prompt)
      return { stopReason: 'failed', note: '[run_subagent error: prompt is empty; describe the subtask completely]' };
    const wait = clampWait(args.yield_time_ms, 300_000, ctx.definition.timeoutMs);
    let spawned;
    try {
      spawned = await mgr.spawn({
        prompt,
        agentId: typeof args.agent_id === 'string' && args.agent_id ? args.agent_id : undefined,
        modelId: typeof args.model_id === 'string' && args.model_id ? args.model_id : undefined,
      });
    } catch (e) {
      return { stopReason: 'failed', note: `[run_subagent error: ${e instanceof Error ? e.message : String(e)}]` };
    }
    if ('error' in spawned) return { stopReason: 'failed', note: spawned.error };
    yield spawned.pointer;
    return yield* foreground(spawned.child, wait, ctx, backgroundNote(spawned.child.id));
  },
};
