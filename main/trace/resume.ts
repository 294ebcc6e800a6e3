// Resume from a trace (SPEC §3, §9): rebuild the model_msg history a session replays, and say who left its dangling
// tool_calls open (the session pairs them with a synthetic aborted output at its next task: engine/pairing.ts).
// Pure functions over message arrays: no I/O, no clock, inputs are never mutated.
import { isComplete, isEvent, isSessionMeta, isToolCall, isToolOutput } from '../../shared/omni/guards.js';
import type { OmniMessage, SessionMetaPayload } from '../../shared/omni/types.js';

import { interpret } from '../../shared/omni/interpret.js';

export interface RebuiltHistory {
  /** the trace's first session_meta payload */
  meta?: SessionMetaPayload;
  /** complete model_msg messages to replay, in conversation order */
  history: OmniMessage[];
  /** ids of tool calls that have no output, in call order */
  unpaired: string[];
}

/** Model-side messages of a turn: what the model itself produced. */
function isModelSide(m: OmniMessage): boolean {
  if (m.type !== 'model_msg') return false;
  const p = m.payload as { type?: string; role?: string };
  return p.type === 'thinking' || p.type === 'tool_call' || (p.type === 'text' && p.role === 'assistant');
}

const callId = (m: OmniMessage): string => (m.payload as { tool_call_id: string }).tool_call_id;

/**
 * Takes a trace's messages (any order of session_meta / model_msg / event_msg) and returns the history to replay.
 * - Only complete model_msg payloads without `origin` are kept (partials and child messages never replay);
 *   thinking and `fidelity` objects are kept as they are.
 * - Turns are delimited by `request_begin` events; what precedes the first one (a part's opening context after a
 *   compaction, or the first user input) keeps its file order. Tools run concurrently, so their outputs are traced in
 *   completion order, sometimes before the model finished streaming; within each turn the outputs are moved
 *   right after the model's messages and put in call order (the order the model was given them). User input
 *   that arrived after the turn (steering) stays after the outputs. Without any `request_begin` (traces from
 *   other tools) the file order is kept.
 * - A tool_call_output whose call is not in the trace, a second output for the same call and a second
 *   tool_call with an id already seen are dropped: they would make every later request fail.
 */
export function rebuildHistory(messages: OmniMessage[]): RebuiltHistory {
  let meta: SessionMetaPayload | undefined;
  const segments: OmniMessage[][] = [[]];
  let sawMarker = false;
  for (const m of messages) {
    if (!m || m.origin !== undefined) continue;
    if (isSessionMeta(m)) {
      meta ??= m.payload;
    } else if (isEvent(m, 'request_begin')) {
      sawMarker = true;
      segments.push([]);
    } else if (isComplete(m)) {
      segments[segments.length - 1].push(m);
    }
  }

  // Calls: first occurrence of each id, with its segment and position in call order.
  const callSeg = new Map<string, number>();
  const callOrder = new Map<string, number>();
  const outputs = new Map<string, OmniMessage>();
  const keep = new Set<OmniMessage>();
  segments.forEach((seg, si) => {
    for (const m of seg) {
      if (isToolCall(m)) {
        if (callSeg.has(callId(m))) continue;
        callSeg.set(callId(m), si);
        callOrder.set(callId(m), callOrder.size);
      }
      keep.add(m);
    }
  });
  for (const seg of segments) {
    for (const m of seg) {
      if (!isToolOutput(m)) continue;
      const id = callId(m);
      if (!callSeg.has(id) || outputs.has(id)) keep.delete(m);
      else outputs.set(id, m);
    }
  }

  const history: OmniMessage[] = [];
  if (!sawMarker) {
    for (const m of segments[0]) if (keep.has(m)) history.push(m);
  } else {
    const outsBySeg = new Map<number, OmniMessage[]>();
    for (const [id, out] of outputs) {
      const si = callSeg.get(id)!;
      const list = outsBySeg.get(si) ?? [];
      list.push(out);
      outsBySeg.set(si, list);
    }
    segments.forEach((seg, si) => {
      if (si === 0) {
        // before the first request: the part's opening context (after a compaction: the compacted history, its
        // outputs already in place) or the first user input; kept in file order
        for (const m of seg) if (keep.has(m)) history.push(m);
        return;
      }
      const rest = seg.filter((m) => keep.has(m) && !isToolOutput(m));
      let lastModel = -1;
      rest.forEach((m, i) => {
        if (isModelSide(m)) lastModel = i;
      });
      const outs = (outsBySeg.get(si) ?? []).sort((a, b) => callOrder.get(callId(a))! - callOrder.get(callId(b))!);
      history.push(...rest.slice(0, lastModel + 1), ...outs, ...rest.slice(lastModel + 1));
    });
  }

  const unpaired = [...callOrder.keys()].filter((id) => !outputs.has(id));
  return { meta, history, unpaired };
}

/**
 * Who left a trace's unanswered tool calls open. An abort in a living process closes every call at once, so calls
 * still open were left by a process that stopped before closing them (it died: `host`) — unless the person's own
 * abort follows the last of them (the process was stopped right after it: `user`).
 */
export function leftOpenBy(messages: readonly OmniMessage[], unpaired: readonly string[]): 'user' | 'host' {
  const open = new Set(unpaired);
  let last = -1;
  messages.forEach((m, i) => {
    if (m && m.origin === undefined && isToolCall(m) && open.has(callId(m))) last = i;
  });
  if (last < 0) return 'user';
  for (let i = last + 1; i < messages.length; i++) {
    const f = messages[i] && messages[i].origin === undefined ? interpret(messages[i]) : undefined;
    if (f?.kind === 'abort' && f.byUser) return 'user';
  }
  return 'host';
}
