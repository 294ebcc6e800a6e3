// Partial aggregator: folds streaming partials (start → deltas → stop) into complete messages, keyed by
// origin + kind + tool_call_id, for consumers that render live text (CLI, renderer). Pure state, no I/O.
import { modelMsg } from './builders.js';
import type { OmniMessage, PartialPayload } from './types.js';

export interface Draft {
  key: string;
  kind: PartialPayload['type'];
  origin?: string[];
  tool_call_id?: string;
  name?: string;
  text: string;
  startedAt: string;
}

const PARTIAL_KINDS = new Set(['partial_text', 'partial_thinking', 'partial_tool_call', 'partial_tool_call_output']);

export function draftKey(m: OmniMessage<PartialPayload>): string {
  const p = m.payload;
  const id = 'tool_call_id' in p ? p.tool_call_id : '';
  return `${(m.origin ?? []).join('/')}|${p.type}|${id}`;
}

function deltaOf(p: PartialPayload): string {
  switch (p.type) {
    case 'partial_text':
      return p.text ?? '';
    case 'partial_thinking':
      return p.thinking ?? '';
    case 'partial_tool_call':
      return p.arguments ?? '';
    case 'partial_tool_call_output':
      return p.output ?? '';
  }
}

export class PartialAggregator {
  private drafts = new Map<string, Draft>();

  /** Feed any message. Returns the complete message built when a partial stream stops, else undefined. */
  push(m: OmniMessage): OmniMessage | undefined {
    if (m.type !== 'model_msg') return undefined;
    const p = m.payload as PartialPayload;
    if (!PARTIAL_KINDS.has(p.type)) {
      // a complete message supersedes any draft of the same key
      const pp = m.payload as { type: string; tool_call_id?: string };
      const kind = `partial_${pp.type}`;
      this.drafts.delete(`${(m.origin ?? []).join('/')}|${kind}|${pp.tool_call_id ?? ''}`);
      return undefined;
    }
    const key = draftKey(m as OmniMessage<PartialPayload>);
    let d = this.drafts.get(key);
    if (p.event_type === 'start' || !d) {
      d = {
        key,
        kind: p.type,
        origin: m.origin,
        tool_call_id: 'tool_call_id' in p ? p.tool_call_id : undefined,
        name: p.type === 'partial_tool_call' ? p.name : undefined,
        text: '',
        startedAt: m.timestamp,
      };
      this.drafts.set(key, d);
    }
    if (p.type === 'partial_tool_call' && p.name) d.name = p.name;
    d.text += deltaOf(p);
    if (p.event_type !== 'stop') return undefined;
    this.drafts.delete(key);
    return complete(d);
  }

  /** Drafts still streaming, in start order. */
  pending(): Draft[] {
    return [...this.drafts.values()];
  }

  clear(): void {
    this.drafts.clear();
  }
}

function complete(d: Draft): OmniMessage {
  let msg: OmniMessage;
  switch (d.kind) {
    case 'partial_text':
      msg = modelMsg({ type: 'text', role: 'assistant', text: d.text });
      break;
    case 'partial_thinking':
      msg = modelMsg({ type: 'thinking', thinking: d.text });
      break;
    case 'partial_tool_call':
      msg = modelMsg({ type: 'tool_call', name: d.name ?? '', arguments: d.text, tool_call_id: d.tool_call_id ?? '' });
      break;
    case 'partial_tool_call_output':
      msg = modelMsg({ type: 'tool_call_output', output: d.text, tool_call_id: d.tool_call_id ?? '' });
      break;
  }
  if (d.origin?.length) msg.origin = d.origin;
  return msg;
}
