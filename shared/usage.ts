// Tokens in context, the context window and cost (issue 10), from the records of a trace: pure, shared by the CLI
// (`floe traces list/show`) and the UI. Prices are per million tokens, in whatever currency config.yaml uses.
import type { OmniMessage, TokenCounts } from './omni/types.js';

export interface Prices {
  input_per_mtok?: number;
  output_per_mtok?: number;
  cached_input_per_mtok?: number;
}

/** Cost of some usage; undefined without any price. Cached input falls back to the input price. */
export function costOf(t: TokenCounts, p: Prices | undefined): number | undefined {
  if (
    !p ||
    (p.input_per_mtok === undefined && p.output_per_mtok === undefined && p.cached_input_per_mtok === undefined)
  )
    return undefined;
  const input = Math.max(0, t.total - t.output - t.cache_read);
  const cached = p.cached_input_per_mtok ?? p.input_per_mtok ?? 0;
  return (input * (p.input_per_mtok ?? 0) + t.cache_read * cached + t.output * (p.output_per_mtok ?? 0)) / 1_000_000;
}

export interface UsageSummary {
  /** session totals (the last token_usage's `session`) */
  session?: TokenCounts;
  /** every request's usage, in order */
  requests: TokenCounts[];
  /** tokens in context: the last request's prompt (0 right after a compaction, until the next request) */
  context: number;
  /** session_meta.model_context_window (0 when unknown) */
  window: number;
  compactions: number;
}

/** Reads the usage records of a session's trace (all its parts, in order). Child (origin-tagged) lines are skipped. */
export function summarizeUsage(messages: readonly OmniMessage[]): UsageSummary {
  const out: UsageSummary = { requests: [], context: 0, window: 0, compactions: 0 };
  for (const m of messages) {
    if (m.origin?.length) continue;
    const p = m.payload as {
      type?: string;
      session?: TokenCounts;
      request?: TokenCounts;
      status?: string;
      model_context_window?: number;
    };
    if (m.type === 'session_meta') out.window = p.model_context_window ?? out.window;
    else if (m.type !== 'event_msg') continue;
    else if (p.type === 'token_usage' && p.request) {
      out.requests.push(p.request);
      out.session = p.session;
      out.context = Math.max(0, p.request.total - p.request.output);
    } else if (p.type === 'compaction_end' && p.status === 'completed') {
      out.compactions++;
      out.context = 0;
    }
  }
  return out;
}

/** `1 234 / 4 000 (31 %)`, or `1 234` without a window. */
export function formatMeter(context: number, window: number): string {
  const n = (x: number) => x.toLocaleString('en-US').replace(/,/g, ' ');
  return window > 0 ? `${n(context)} / ${n(window)} (${Math.round((100 * context) / window)} %)` : n(context);
}

export function formatCost(c: number): string {
  return c >= 1 ? c.toFixed(2) : c.toPrecision(2);
}
