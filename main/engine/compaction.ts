// Context compaction (issue 10): when the last request's prompt reached the threshold, or the provider said the
// context overflowed, the history is made smaller — first by pruning old tool outputs to one-line stubs, then, if
// that is not enough, by a model-written structured summary. Pure helpers (threshold, estimate, prune, the new
// context) plus `compactHistory`, which drives the summary request. Knows no trace file: the session starts the
// next trace part with the result.
import { interpret } from '../../shared/omni/interpret.js';
import { exitCodeOf } from '../../shared/omni/output-notes.js';
import { isToolCall, isToolOutput } from '../../shared/omni/guards.js';
import type {
  ModelMessage,
  OmniMessage,
  TokenCounts,
  ToolCallOutputPayload,
  ToolSchema,
} from '../../shared/omni/types.js';
import { userText } from '../../shared/omni/builders.js';
import type { ModelClient } from '../llm/types.js';

export type CompactionMode = 'auto' | 'prune' | 'summarize' | 'off';

export interface CompactionSettings {
  /** compaction fires when the last prompt reaches min(maxContextLength, window − headroom) */
  maxContextLength?: number;
  /** tokens kept free below the model's context_window (default 2048) */
  headroom: number;
  /** auto: prune, then summarize if needed; prune / summarize: only that; off: never automatically */
  mode: CompactionMode;
}

export const DEFAULT_COMPACTION: CompactionSettings = { headroom: 2048, mode: 'auto' };
/** pruning is enough when the estimated context is at most this share of the threshold */
export const PRUNE_TARGET = 0.5;
/** the user's own messages kept verbatim after a summary: at most this share of the threshold */
export const USER_BUDGET = 0.2;
/** `sender` of the summary message in the new context */
import { SUMMARY_HEADER, SUMMARY_SENDER } from '../../shared/omni/summary.js';

/** min(maxContextLength, window − headroom); the headroom takes at most half of a small window. */
export function compactionThreshold(window: number, s: CompactionSettings): number {
  const byWindow = Math.max(1, window - Math.min(s.headroom, Math.floor(window / 2)));
  return s.maxContextLength ? Math.min(s.maxContextLength, byWindow) : byWindow;
}

/** The prompt side of a request's usage (everything but the output). */
export const promptTokens = (u: TokenCounts): number => Math.max(0, u.total - u.output);

/** A size measure of messages in characters, the same for every estimate. */
export function charsOf(messages: readonly OmniMessage[]): number {
  let n = 0;
  for (const m of messages) {
    const p = m.payload as unknown as Record<string, unknown>;
    n += 16;
    for (const k of ['text', 'thinking', 'arguments', 'output', 'name', 'image_url', 'data']) {
      const v = p[k];
      if (typeof v === 'string') n += v.length;
    }
  }
  return n;
}

/**
 * Tokens of a context, estimated from the last request: its prompt tokens per character, applied to `chars`. Without
 * a measured request, four characters per token.
 */
export function estimateTokens(chars: number, calibration?: { chars: number; tokens: number }): number {
  if (calibration && calibration.chars > 0 && calibration.tokens > 0)
    return Math.ceil((chars * calibration.tokens) / calibration.chars);
  return Math.ceil(chars / 4);
}

/** Index of the first message of the last model turn (its model-side run) when the history ends with its outputs. */
function lastTurnStart(history: readonly OmniMessage[]): number {
  let i = history.length;
  while (i > 0 && isToolOutput(history[i - 1])) i--;
  if (i === history.length) return history.length;
  while (i > 0 && isModelSide(history[i - 1])) i--;
  return i;
}

function isModelSide(m: OmniMessage): boolean {
  const p = m.payload as { type?: string; role?: string };
  return (
    m.type === 'model_msg' &&
    (p.type === 'thinking' || p.type === 'tool_call' || (p.type === 'text' && p.role === 'assistant'))
  );
}

/** `[output pruned …: exec_command "make test" · exit code 2]` — what a pruned output becomes. */
export function stubFor(output: ModelMessage<ToolCallOutputPayload>, call?: OmniMessage): string {
  let what = 'tool call';
  if (call && isToolCall(call)) {
    what = call.payload.name;
    try {
      const args = JSON.parse(call.payload.arguments) as Record<string, unknown>;
      const first = typeof args.cmd === 'string' ? args.cmd : Object.values(args).find((v) => typeof v === 'string');
      if (typeof first === 'string')
        what += ` ${JSON.stringify(first.length > 80 ? first.slice(0, 77) + '...' : first)}`;
    } catch {
      /* arguments that are not JSON: the name alone */
    }
  }
  const f = interpret(output);
  const code = f.kind === 'tool_output' ? exitCodeOf(f) : undefined;
  const status = code ? `exit code ${code}` : (output.payload.stop_reason ?? 'completed');
  return `[output pruned to save context: ${what} · ${status}]`;
}

/**
 * Replaces old tool outputs by stubs, oldest first, until `fits(history)`; the last turn's outputs are kept.
 * Returns the new history and how many outputs were pruned.
 */
export function pruneOutputs(
  history: readonly OmniMessage[],
  fits: (h: OmniMessage[]) => boolean,
): { history: OmniMessage[]; pruned: number } {
  const out = [...history];
  const calls = new Map<string, OmniMessage>();
  for (const m of history) if (isToolCall(m)) calls.set(m.payload.tool_call_id, m);
  const keepFrom = lastTurnStart(history);
  let pruned = 0;
  for (let i = 0; i < keepFrom && !fits(out); i++) {
    const m = out[i];
    if (!isToolOutput(m) || m.payload.output.startsWith('[output pruned')) continue;
    const { images: _images, ...rest } = m.payload;
    out[i] = { ...m, payload: { ...rest, output: stubFor(m, calls.get(m.payload.tool_call_id)) } };
    pruned++;
  }
  return { history: out, pruned };
}

/**
 * The context after a summary: the user's own messages (newest first within `userBudgetChars`, kept in their
 * order; earlier summaries left out), the summary, and the last turn's calls with their outputs when the history
 * ends with them (the model continues from there).
 */
export function contextAfterSummary(
  history: readonly OmniMessage[],
  summary: string,
  userBudgetChars: number,
): OmniMessage[] {
  const tailStart = lastTurnStart(history);
  const users = history.slice(0, tailStart).filter((m) => {
    const p = m.payload as { type?: string; role?: string; sender?: string };
    return m.type === 'model_msg' && p.type === 'text' && p.role === 'user' && p.sender !== SUMMARY_SENDER;
  });
  const kept: OmniMessage[] = [];
  let used = 0;
  for (let i = users.length - 1; i >= 0; i--) {
    const size = charsOf([users[i]]);
    if (kept.length && used + size > userBudgetChars) break;
    kept.unshift(users[i]);
    used += size;
  }
  return [...kept, userText(`${SUMMARY_HEADER}\n\n${summary.trim()}`, SUMMARY_SENDER), ...history.slice(tailStart)];
}

function summaryInstruction(focus?: string): string {
  return [
    'Stop working on the task for a moment: the conversation is about to be compacted, and what you write now',
    'replaces everything above it except my own messages. Write a handoff summary that lets the work continue',
    'without loss, in Markdown with exactly these sections:',
    '## Goal — what I asked for, in my words where they matter.',
    '## Instructions and constraints — every requirement, prohibition and project rule that still applies.',
    '## Decisions — what was decided and why.',
    '## Files touched — paths, and what was read or changed in each.',
    '## State of the work — what is done and verified, what failed (with the exact errors), what is in progress.',
    '## Next steps — what to do next, in order.',
    'Be specific (paths, commands, names, numbers). Do not call any tool; answer with the summary only.',
    ...(focus ? [`Give particular attention to: ${focus}`] : []),
  ].join('\n');
}

export interface SummaryRequest {
  model: ModelClient;
  system: string;
  history: readonly OmniMessage[];
  tools: ToolSchema[];
  focus?: string;
  signal: AbortSignal;
  timeoutMs?: number;
  /** the summary's partial text and its complete message, for live display (never traced) */
  onPartial: (m: OmniMessage) => void;
}

export type SummaryResult =
  | { ok: true; summary: string; usage: TokenCounts }
  | { ok: false; error: string; usage: TokenCounts; aborted: boolean };

/** Asks the model for the structured summary; its text is streamed as ordinary partial text. */
export async function requestSummary(r: SummaryRequest): Promise<SummaryResult> {
  const ask = userText(summaryInstruction(r.focus));
  const gen = r.model.stream({
    system: r.system,
    messages: [...r.history, ask],
    tools: r.tools,
    signal: r.signal,
    timeoutMs: r.timeoutMs,
  });
  let text = '';
  for (;;) {
    const n = await gen.next();
    if (n.done) {
      const res = n.value;
      if (res.stopReason !== 'completed') {
        return {
          ok: false,
          error: res.errorMessage ?? res.stopReason,
          usage: res.usage,
          aborted: res.stopReason === 'aborted' || r.signal.aborted,
        };
      }
      if (!text.trim())
        return { ok: false, error: 'the model wrote no summary text', usage: res.usage, aborted: false };
      return { ok: true, summary: text, usage: res.usage };
    }
    const m = n.value;
    const p = m.payload as { type?: string; role?: string; text?: string };
    if (p.type === 'partial_text') r.onPartial(m);
    else if (p.type === 'text' && p.role === 'assistant') {
      text += (text ? '\n\n' : '') + (p.text ?? '');
      r.onPartial(m); // the complete message closes the partials for live display (it is not traced)
    }
  }
}

/** Number of model turns (runs of model-side messages) in a history. */
export function countTurns(history: readonly OmniMessage[]): number {
  let n = 0;
  let inTurn = false;
  for (const m of history) {
    const side = isModelSide(m);
    if (side && !inTurn) n++;
    inTurn = side;
  }
  return n;
}
