// Reads OpenAI Chat Completions stream chunks (OpenAI, DeepSeek and other compatible servers) into OmniMessages.
// Pure state machine over parsed chunk objects: no I/O, no SDK calls, never throws.
// Tool calls are aggregated by `index` (their fragments may interleave) and completed as soon as that is certain,
// so the engine can decide and start each one while the model streams on: as soon as its arguments close one whole
// JSON object (a model that stalls before `finish_reason` does not hold the call back), when a call with a higher
// index starts and the earlier call's arguments already form one whole JSON value, and at `finish_reason`; whatever
// is still open is completed at the end, in index order.
import type { OmniMessage, TokenCounts } from '../../../shared/omni/types.js';
import { JsonEnd } from '../json-end.js';
import { PieceWriter } from '../pieces.js';
import type { EventReader } from '../run-stream.js';

interface CallState {
  id: string;
  name: string;
  /** its complete tool_call was emitted */
  done?: boolean;
  /** watches its arguments close */
  end: JsonEnd;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** OpenAI-style usage → TokenCounts (cache_read from cached_tokens, or DeepSeek's prompt_cache_hit_tokens). */
export function openaiUsage(u: Record<string, any>): TokenCounts {
  const details = u.prompt_tokens_details ?? {};
  const cacheRead = typeof details.cached_tokens === 'number' ? details.cached_tokens : num(u.prompt_cache_hit_tokens);
  const output = num(u.completion_tokens);
  const total = typeof u.total_tokens === 'number' ? u.total_tokens : num(u.prompt_tokens) + output;
  return { cache_read: cacheRead, cache_write: 0, output, total };
}

export class OpenAIStreamReader implements EventReader<unknown> {
  private readonly w = new PieceWriter();
  private readonly calls = new Map<number, CallState>();
  private finishReason: string | null = null;
  private counts: TokenCounts | null = null;
  private chunks = 0;
  private seq = 0;

  constructor(private readonly newId: (index: number) => string = (i) => `call_${i}_${Date.now().toString(36)}`) {}

  get ended(): boolean {
    return this.finishReason !== null;
  }

  get cutDescription(): string {
    return `the connection closed before the stream's end (no finish_reason / [DONE]) after ${this.chunks} chunk(s)`;
  }

  usage(): TokenCounts {
    return this.counts ?? { cache_read: 0, cache_write: 0, output: 0, total: 0 };
  }

  push(chunk: unknown): OmniMessage[] {
    this.chunks++;
    const c = (chunk ?? {}) as Record<string, any>;
    if (c.usage && typeof c.usage === 'object') this.counts = openaiUsage(c.usage);
    const out: OmniMessage[] = [];
    const choices: any[] = Array.isArray(c.choices) ? c.choices : [];
    const choice = choices.find((ch) => (ch?.index ?? 0) === 0);
    if (!choice) return out;
    const d = (choice.delta ?? {}) as Record<string, any>;
    if (typeof d.reasoning_content === 'string' && d.reasoning_content) {
      out.push(...this.w.thinking(d.reasoning_content, { source: 'reasoning_content' }));
    } else if (typeof d.reasoning === 'string' && d.reasoning) {
      out.push(...this.w.thinking(d.reasoning, { source: 'reasoning' }));
    }
    if (typeof d.content === 'string' && d.content) out.push(...this.w.text(d.content));
    if (Array.isArray(d.tool_calls)) {
      for (const tc of d.tool_calls) out.push(...this.toolFragment(tc));
    }
    if (typeof choice.finish_reason === 'string' && choice.finish_reason) {
      this.finishReason = choice.finish_reason;
      out.push(...this.completeCalls(Infinity)); // usage and [DONE] may still follow; the calls are whole now
    }
    return out;
  }

  private toolFragment(tc: Record<string, any>): OmniMessage[] {
    const index = typeof tc.index === 'number' ? tc.index : this.seq;
    const fn = (tc.function ?? {}) as Record<string, any>;
    const out: OmniMessage[] = [];
    let st = this.calls.get(index);
    if (!st) {
      out.push(...this.completeCalls(index, true));
      const id = typeof tc.id === 'string' && tc.id ? tc.id : this.newId(index);
      st = { id, name: typeof fn.name === 'string' ? fn.name : '', end: new JsonEnd() };
      this.calls.set(index, st);
      this.seq = Math.max(this.seq, index + 1);
      out.push(...this.w.toolStart(st.id, st.name));
    } else if (st.done) {
      return out;
    } else if (!st.name && typeof fn.name === 'string' && fn.name) {
      st.name = fn.name;
      this.w.toolName(st.id, fn.name);
    }
    if (typeof fn.arguments === 'string') {
      out.push(...this.w.toolDelta(st.id, fn.arguments));
      // arguments that close a whole object cannot grow: hand the call (and whole earlier ones) on now
      if (st.end.push(fn.arguments) && isWholeJson(this.w.toolArgs(st.id)))
        out.push(...this.completeCalls(index + 1, true));
    }
    return out;
  }

  /**
   * Completes the open calls with an index below `below`, in index order. With `wholeOnly`, it stops at the first
   * call whose arguments do not parse as JSON yet (a closed object cannot grow), so interleaved fragments still
   * aggregate and calls are never completed out of index order.
   */
  private completeCalls(below: number, wholeOnly = false): OmniMessage[] {
    const out: OmniMessage[] = [];
    for (const index of [...this.calls.keys()].sort((a, b) => a - b)) {
      const st = this.calls.get(index)!;
      if (index >= below || st.done) continue;
      if (wholeOnly && !isWholeJson(this.w.toolArgs(st.id))) break;
      st.done = true;
      out.push(...this.w.toolFinish(st.id));
    }
    return out;
  }

  finish(): OmniMessage[] {
    const out = this.w.closeFlow();
    out.push(...this.completeCalls(Infinity));
    this.calls.clear();
    return out;
  }

  abandon(): OmniMessage[] {
    this.calls.clear();
    return this.w.abandon();
  }
}

function isWholeJson(text: string): boolean {
  if (!text.trim()) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
