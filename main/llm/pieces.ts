// PieceWriter: turns provider stream events into OmniMessage partials (start → deltas → stop) followed at once
// by the complete message, for assistant text, thinking and tool calls. Shared by both providers.
// Pure state machine: no I/O, no SDK types, never throws.
import { modelMsg } from '../../shared/omni/builders.js';
import type { Fidelity, OmniMessage } from '../../shared/omni/types.js';

type Flow = 'text' | 'thinking';

interface OpenFlow {
  kind: Flow;
  buf: string;
  fidelity?: Fidelity;
}

interface OpenCall {
  id: string;
  name: string;
  args: string;
}

export class PieceWriter {
  private flow: OpenFlow | null = null;
  private readonly calls = new Map<string, OpenCall>();

  /** Kind of the text/thinking piece currently open, if any. */
  get openFlow(): Flow | null {
    return this.flow?.kind ?? null;
  }

  /** Append assistant text; opens a text piece (closing an open thinking piece first). Empty deltas are ignored. */
  text(delta: string): OmniMessage[] {
    return this.append('text', delta);
  }

  /** Append thinking; opens a thinking piece (closing an open text piece first). Empty deltas are ignored. */
  thinking(delta: string, fidelity?: Fidelity): OmniMessage[] {
    return this.append('thinking', delta, fidelity);
  }

  /** Open a piece of this kind even without content (e.g. an anthropic thinking block that only has a signature). */
  open(kind: Flow, fidelity?: Fidelity): OmniMessage[] {
    if (this.flow?.kind === kind) return [];
    const out = this.closeFlow();
    this.flow = { kind, buf: '', ...(fidelity ? { fidelity } : {}) };
    out.push(
      kind === 'text'
        ? modelMsg({ type: 'partial_text', event_type: 'start', role: 'assistant' })
        : modelMsg({ type: 'partial_thinking', event_type: 'start' }),
    );
    return out;
  }

  /** Merge provider data into the open piece's fidelity (e.g. a signature that arrives at the block's end). */
  addFidelity(extra: Fidelity): void {
    if (this.flow) this.flow.fidelity = { ...(this.flow.fidelity ?? {}), ...extra };
  }

  /** Close the open text/thinking piece: stop partial, then the complete message. */
  closeFlow(): OmniMessage[] {
    const f = this.flow;
    if (!f) return [];
    this.flow = null;
    const fid = f.fidelity ? { fidelity: f.fidelity } : {};
    if (f.kind === 'text') {
      return [
        modelMsg({ type: 'partial_text', event_type: 'stop', role: 'assistant' }),
        modelMsg({ type: 'text', role: 'assistant', text: f.buf, ...fid }),
      ];
    }
    return [
      modelMsg({ type: 'partial_thinking', event_type: 'stop' }),
      modelMsg({ type: 'thinking', thinking: f.buf, ...fid }),
    ];
  }

  /** A thinking piece known whole at once (anthropic redacted thinking): start, stop, complete. */
  wholeThinking(thinking: string, fidelity: Fidelity): OmniMessage[] {
    const out = this.closeFlow();
    out.push(modelMsg({ type: 'partial_thinking', event_type: 'start' }));
    if (thinking) out.push(modelMsg({ type: 'partial_thinking', event_type: 'delta', thinking }));
    out.push(modelMsg({ type: 'partial_thinking', event_type: 'stop' }));
    out.push(modelMsg({ type: 'thinking', thinking, fidelity }));
    return out;
  }

  /** Start a tool call (closes an open text/thinking piece). */
  toolStart(id: string, name: string): OmniMessage[] {
    const out = this.closeFlow();
    this.calls.set(id, { id, name, args: '' });
    out.push(modelMsg({ type: 'partial_tool_call', event_type: 'start', tool_call_id: id, name }));
    return out;
  }

  /** Late name (some compatible servers send it after the id). */
  toolName(id: string, name: string): void {
    const c = this.calls.get(id);
    if (c && !c.name) c.name = name;
  }

  toolDelta(id: string, fragment: string): OmniMessage[] {
    const c = this.calls.get(id);
    if (!c || !fragment) return [];
    c.args += fragment;
    return [modelMsg({ type: 'partial_tool_call', event_type: 'delta', tool_call_id: id, arguments: fragment })];
  }

  /** Arguments received so far for a call. */
  toolArgs(id: string): string {
    return this.calls.get(id)?.args ?? '';
  }

  /** Finish a tool call: stop partial, then the complete tool_call (arguments kept raw, '' when none). */
  toolFinish(id: string): OmniMessage[] {
    const c = this.calls.get(id);
    if (!c) return [];
    this.calls.delete(id);
    return [
      modelMsg({ type: 'partial_tool_call', event_type: 'stop', tool_call_id: id, name: c.name }),
      modelMsg({ type: 'tool_call', name: c.name, arguments: c.args, tool_call_id: id }),
    ];
  }

  /**
   * The stream failed: close every open partial with `stop` and emit NO complete message for unfinished pieces
   * (a half tool call must never reach approval).
   */
  abandon(): OmniMessage[] {
    const out: OmniMessage[] = [];
    if (this.flow) {
      out.push(
        this.flow.kind === 'text'
          ? modelMsg({ type: 'partial_text', event_type: 'stop', role: 'assistant' })
          : modelMsg({ type: 'partial_thinking', event_type: 'stop' }),
      );
      this.flow = null;
    }
    for (const c of this.calls.values()) {
      out.push(modelMsg({ type: 'partial_tool_call', event_type: 'stop', tool_call_id: c.id, name: c.name }));
    }
    this.calls.clear();
    return out;
  }

  private append(kind: Flow, delta: string, fidelity?: Fidelity): OmniMessage[] {
    if (!delta) return [];
    const out = this.flow?.kind === kind ? [] : this.open(kind, fidelity);
    this.flow!.buf += delta;
    out.push(
      kind === 'text'
        ? modelMsg({ type: 'partial_text', event_type: 'delta', text: delta, role: 'assistant' })
        : modelMsg({ type: 'partial_thinking', event_type: 'delta', thinking: delta }),
    );
    return out;
  }
}
