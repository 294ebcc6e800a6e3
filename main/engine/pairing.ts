// Pairing rules that keep a conversation valid for every provider: each tool_call has exactly one
// tool_call_output, and the outputs of one turn are in call order. Pure functions.
import { toolOutput } from '../../shared/omni/builders.js';
import { abortNote } from '../environment/close-out.js';
import { isToolCall, isToolOutput } from '../../shared/omni/guards.js';
import type { ModelMessage, OmniMessage, ToolCallOutputPayload } from '../../shared/omni/types.js';

/**
 * Synthetic outputs (stop_reason `aborted`) for every tool_call of `history` that has none, in call order. `by` is
 * who left them open: the person's abort (the default) or the process that ran them stopping (`host`, a crash).
 */
export function pairToolCalls(
  history: readonly OmniMessage[],
  by: 'user' | 'host' = 'user',
): ModelMessage<ToolCallOutputPayload>[] {
  const answered = new Set<string>();
  for (const m of history) if (isToolOutput(m)) answered.add(m.payload.tool_call_id);
  const missing: ModelMessage<ToolCallOutputPayload>[] = [];
  for (const m of history) {
    if (isToolCall(m) && !answered.has(m.payload.tool_call_id)) {
      answered.add(m.payload.tool_call_id);
      missing.push(toolOutput(m.payload.tool_call_id, abortNote(by), 'aborted', undefined, { aborted_by: by }));
    }
  }
  return missing;
}

/**
 * Reorders each run of consecutive tool outputs to the order of their calls (traces record outputs in completion
 * order), and drops duplicate outputs for one call (keeping the first).
 */
export function orderOutputs(history: readonly OmniMessage[]): OmniMessage[] {
  const callIndex = new Map<string, number>();
  history.forEach((m, i) => {
    if (isToolCall(m)) callIndex.set(m.payload.tool_call_id, i);
  });
  const seen = new Set<string>();
  const result: OmniMessage[] = [];
  let block: ModelMessage<ToolCallOutputPayload>[] = [];
  const flush = () => {
    block.sort((a, b) => (callIndex.get(a.payload.tool_call_id) ?? 0) - (callIndex.get(b.payload.tool_call_id) ?? 0));
    result.push(...block);
    block = [];
  };
  for (const m of history) {
    if (isToolOutput(m)) {
      if (seen.has(m.payload.tool_call_id)) continue;
      seen.add(m.payload.tool_call_id);
      block.push(m);
    } else {
      flush();
      result.push(m);
    }
  }
  flush();
  return result;
}
