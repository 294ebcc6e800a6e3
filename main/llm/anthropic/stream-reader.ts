// Reads Anthropic Messages stream events into OmniMessages: text, thinking (+ signature → fidelity),
// redacted thinking (→ thinking "" with fidelity.redacted_data) and tool_use (input_json_delta fragments).
// Pure state machine over parsed event objects: no I/O, no SDK calls, never throws.
import type { OmniMessage, TokenCounts } from '../../../shared/omni/types.js';
import { PieceWriter } from '../pieces.js';
import type { EventReader } from '../run-stream.js';

interface Block {
  kind: 'text' | 'thinking' | 'tool_use' | 'other';
  id?: string;
  signature?: string;
  /** tool_use input given whole in content_block_start (used when no input_json_delta arrives) */
  startInput?: unknown;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export class AnthropicStreamReader implements EventReader<unknown> {
  private readonly w = new PieceWriter();
  private readonly blocks = new Map<number, Block>();
  private stopped = false;
  private events = 0;
  private input = 0;
  private cacheRead = 0;
  private cacheWrite = 0;
  private output = 0;

  get ended(): boolean {
    return this.stopped;
  }

  get cutDescription(): string {
    return `the connection closed before message_stop after ${this.events} event(s)`;
  }

  usage(): TokenCounts {
    return {
      cache_read: this.cacheRead,
      cache_write: this.cacheWrite,
      output: this.output,
      total: this.input + this.cacheRead + this.cacheWrite + this.output,
    };
  }

  private takeUsage(u: unknown): void {
    if (!u || typeof u !== 'object') return;
    const o = u as Record<string, unknown>;
    this.input = num(o.input_tokens) ?? this.input;
    this.cacheRead = num(o.cache_read_input_tokens) ?? this.cacheRead;
    this.cacheWrite = num(o.cache_creation_input_tokens) ?? this.cacheWrite;
    this.output = num(o.output_tokens) ?? this.output;
  }

  push(event: unknown): OmniMessage[] {
    this.events++;
    const e = (event ?? {}) as Record<string, any>;
    switch (e.type) {
      case 'message_start':
        this.takeUsage(e.message?.usage);
        return [];
      case 'message_delta':
        this.takeUsage(e.usage);
        return [];
      case 'message_stop':
        this.stopped = true;
        return [];
      case 'content_block_start':
        return this.startBlock(num(e.index) ?? 0, e.content_block ?? {});
      case 'content_block_delta':
        return this.delta(num(e.index) ?? 0, e.delta ?? {});
      case 'content_block_stop':
        return this.stopBlock(num(e.index) ?? 0);
      default:
        return [];
    }
  }

  private startBlock(index: number, cb: Record<string, any>): OmniMessage[] {
    switch (cb.type) {
      case 'text':
        this.blocks.set(index, { kind: 'text' });
        return this.w.text(typeof cb.text === 'string' ? cb.text : '');
      case 'thinking': {
        this.blocks.set(index, { kind: 'thinking', signature: typeof cb.signature === 'string' ? cb.signature : '' });
        const out = this.w.open('thinking');
        out.push(...this.w.thinking(typeof cb.thinking === 'string' ? cb.thinking : ''));
        return out;
      }
      case 'redacted_thinking':
        this.blocks.set(index, { kind: 'other' });
        return this.w.wholeThinking('', { redacted_data: typeof cb.data === 'string' ? cb.data : '' });
      case 'tool_use': {
        const id = typeof cb.id === 'string' ? cb.id : `toolu_${index}`;
        this.blocks.set(index, { kind: 'tool_use', id, startInput: cb.input });
        return this.w.toolStart(id, typeof cb.name === 'string' ? cb.name : '');
      }
      default:
        this.blocks.set(index, { kind: 'other' });
        return [];
    }
  }

  private delta(index: number, d: Record<string, any>): OmniMessage[] {
    const b = this.blocks.get(index);
    if (!b) return [];
    if (d.type === 'text_delta' && b.kind === 'text') return this.w.text(typeof d.text === 'string' ? d.text : '');
    if (d.type === 'thinking_delta' && b.kind === 'thinking')
      return this.w.thinking(typeof d.thinking === 'string' ? d.thinking : '');
    if (d.type === 'signature_delta' && b.kind === 'thinking') {
      b.signature = (b.signature ?? '') + (typeof d.signature === 'string' ? d.signature : '');
      return [];
    }
    if (d.type === 'input_json_delta' && b.kind === 'tool_use')
      return this.w.toolDelta(b.id!, typeof d.partial_json === 'string' ? d.partial_json : '');
    return [];
  }

  private stopBlock(index: number): OmniMessage[] {
    const b = this.blocks.get(index);
    this.blocks.delete(index);
    if (!b) return [];
    if (b.kind === 'text') return this.w.openFlow === 'text' ? this.w.closeFlow() : [];
    if (b.kind === 'thinking') {
      if (this.w.openFlow !== 'thinking') return [];
      this.w.addFidelity({ signature: b.signature ?? '' });
      return this.w.closeFlow();
    }
    if (b.kind === 'tool_use') {
      const out: OmniMessage[] = [];
      // No input_json_delta at all: the input came whole in content_block_start (e.g. `{}` for a no-arg tool).
      if (!this.w.toolArgs(b.id!) && b.startInput && typeof b.startInput === 'object') {
        out.push(...this.w.toolDelta(b.id!, JSON.stringify(b.startInput)));
      }
      out.push(...this.w.toolFinish(b.id!));
      return out;
    }
    return [];
  }

  finish(): OmniMessage[] {
    // A proper stream closed every block already; close leftovers defensively as complete messages.
    const out = this.w.closeFlow();
    for (const [i] of this.blocks) out.push(...this.stopBlock(i));
    return out;
  }

  abandon(): OmniMessage[] {
    this.blocks.clear();
    return this.w.abandon();
  }
}
