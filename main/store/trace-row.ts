// Pure description of one trace record for the trace index: kind, status, tool name/id, tokens, origin and a
// short search excerpt, plus the duration linking (tool_call → tool_call_output, request_begin → request_end).
// What a record means is read by the shared interpreter (shared/omni/interpret.ts); this file only picks the
// columns. Must not do I/O or touch the database; lookups of older records are passed in as a function.
import { interpret, type Fact } from '../../shared/omni/interpret.js';
import type { OmniMessage } from '../../shared/omni/types.js';

export const EXCERPT_CHARS = 500;

export interface RecordFields {
  timestamp: string;
  /** payload.type, or the message type when the payload has none (session_meta) */
  kind: string;
  /**
   * tool_call_output: the call's outcome (ok, error, aborted, interrupted, denied — see ToolOutcome); request_end:
   * its status; approval_decision: the decision; abort: who (user, host); compaction_end: completed or failed;
   * a model message: its stop_reason
   */
  status: string | null;
  toolName: string | null;
  toolCallId: string | null;
  /** request total of a token_usage event; tokens in context of a compaction_begin (before) or _end (after) */
  tokens: number | null;
  /** JSON text of the origin chain, null for the main session */
  origin: string | null;
  excerpt: string;
}

/** First `max` UTF-16 units, never ending inside a surrogate pair. */
export function excerptOf(text: string | null | undefined, max = EXCERPT_CHARS): string {
  if (!text) return '';
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

function excerptSource(f: Fact): string | undefined {
  switch (f.kind) {
    case 'user':
    case 'assistant':
    case 'thinking':
      return f.text;
    case 'tool_call':
      return f.args;
    case 'tool_output':
      return f.output;
    case 'image':
      return f.inline || f.src.startsWith('data:') ? undefined : f.src;
    case 'request_end':
      return f.error;
    case 'abort':
      return f.reason;
    case 'subagent':
      return f.sessionId;
    case 'host_died':
    case 'model_switch':
      return f.text;
    case 'approval':
      return f.decision;
    case 'warning':
      return [f.source, f.message].filter(Boolean).join(': ');
    case 'violation':
      return `${f.what === 'network' ? 'blocked domain' : 'write refused'} ${f.target}`;
    case 'compaction_begin':
      // "threshold · auto", "manual · summarize · focus: the parser"
      return [f.reason, f.mode, f.focus ? `focus: ${f.focus}` : undefined].filter(Boolean).join(' · ');
    case 'compaction_end':
      return f.error ?? f.mode;
    case 'session':
      return [[f.provider, f.model].filter(Boolean).join('/'), f.workspace].filter(Boolean).join(' ') || undefined;
    default:
      return undefined;
  }
}

function statusOf(f: Fact): string | null {
  switch (f.kind) {
    case 'tool_output':
      return f.outcome;
    case 'request_end':
      return f.status ?? null;
    case 'approval':
      return f.decision;
    case 'abort':
      return f.byUser ? 'user' : 'host';
    case 'compaction_end':
      return f.ok ? 'completed' : 'failed';
    case 'assistant':
      return f.stopReason ?? null;
    default:
      return null;
  }
}

/** The whole text a record's excerpt is cut from (a tool's full output, a message's full text): what search reads. */
export function searchTextOf(msg: OmniMessage): string {
  return excerptSource(interpret(msg)) ?? '';
}

export function describeRecord(msg: OmniMessage): RecordFields {
  const f = interpret(msg);
  const toolName = f.kind === 'tool_call' ? f.name || null : f.kind === 'approval' ? (f.target ?? null) : null;
  const toolCallId = 'toolCallId' in f ? f.toolCallId || null : null;
  return {
    timestamp: typeof msg.timestamp === 'string' ? msg.timestamp : '',
    kind: f.type,
    status: statusOf(f),
    toolName,
    toolCallId,
    tokens:
      f.kind === 'usage'
        ? (f.request?.total ?? null)
        : f.kind === 'compaction_begin' || f.kind === 'compaction_end'
          ? (f.context ?? null)
          : null,
    origin: Array.isArray(msg.origin) && msg.origin.length ? JSON.stringify(msg.origin) : null,
    excerpt: excerptOf(excerptSource(f)),
  };
}

// ── duration linking ───────────────────────────────────────────────────────────────────────────────────

/** What the linker remembers of one session's records so far. */
export interface LinkState {
  /** open tool calls by tool_call_id: their timestamp (ms) and name */
  calls: Map<string, { at: number; name: string | null }>;
  /** time of the latest request_begin (ms), null when none seen in this state */
  lastBegin: number | null;
  /** the lookup for an earlier request_begin was already made (found or not) */
  beginSearched: boolean;
}

export const newLinkState = (): LinkState => ({ calls: new Map(), lastBegin: null, beginSearched: false });

/** Finds an earlier record when the state does not know it (records indexed before this state existed). */
export interface EarlierLookup {
  toolCall(toolCallId: string): { timestamp: string; toolName: string | null } | undefined;
  requestBegin(): { timestamp: string } | undefined;
}

const ms = (ts: string): number => Date.parse(ts);
const span = (from: number, to: number): number | null =>
  Number.isFinite(from) && Number.isFinite(to) ? Math.max(0, Math.round(to - from)) : null;

export interface Linked {
  durationMs: number | null;
  /** the tool name, filled from the matching tool_call when the record has none */
  toolName: string | null;
}

/** Updates `state` with one record (in file order) and returns its duration and tool name. */
export function linkRecord(state: LinkState, f: RecordFields, earlier: EarlierLookup): Linked {
  const at = ms(f.timestamp);
  if (f.kind === 'tool_call' && f.toolCallId) {
    state.calls.set(f.toolCallId, { at, name: f.toolName });
    return { durationMs: null, toolName: f.toolName };
  }
  if (f.kind === 'request_begin') {
    state.lastBegin = at;
    return { durationMs: null, toolName: f.toolName };
  }
  if (f.kind === 'request_end') {
    let begin = state.lastBegin;
    if (begin === null && !state.beginSearched) {
      state.beginSearched = true;
      const found = earlier.requestBegin();
      begin = found ? ms(found.timestamp) : null;
      if (begin !== null) state.lastBegin = begin;
    }
    return { durationMs: begin === null ? null : span(begin, at), toolName: f.toolName };
  }
  if (f.toolCallId) {
    let call = state.calls.get(f.toolCallId);
    if (!call) {
      const found = earlier.toolCall(f.toolCallId);
      if (found) call = { at: ms(found.timestamp), name: found.toolName };
    }
    const toolName = f.toolName ?? call?.name ?? null;
    if (f.kind === 'tool_call_output') {
      state.calls.delete(f.toolCallId);
      return { durationMs: call ? span(call.at, at) : null, toolName };
    }
    return { durationMs: null, toolName };
  }
  return { durationMs: null, toolName: f.toolName };
}
