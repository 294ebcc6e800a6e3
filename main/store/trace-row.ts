// Pure description of one trace record for the trace index: kind, status, tool name/id, tokens, origin and a
// short search excerpt, plus the duration linking (tool_call → tool_call_output, request_begin → request_end).
// Must not do I/O or touch the database; lookups of older records are passed in as a function.
import { hostDiedText } from '../../shared/omni/interpret.js';
import type { OmniMessage } from '../../shared/omni/types.js';

export const EXCERPT_CHARS = 500;

export interface RecordFields {
  timestamp: string;
  /** payload.type, or the message type when the payload has none (session_meta) */
  kind: string;
  /** stop_reason of a model message, status of request_end */
  status: string | null;
  toolName: string | null;
  toolCallId: string | null;
  /** request total of a token_usage event */
  tokens: number | null;
  /** JSON text of the origin chain, null for the main session */
  origin: string | null;
  excerpt: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** First `max` UTF-16 units, never ending inside a surrogate pair. */
export function excerptOf(text: string | null | undefined, max = EXCERPT_CHARS): string {
  if (!text) return '';
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

function excerptSource(kind: string, p: Record<string, unknown>): string | null {
  switch (kind) {
    case 'text':
      return str(p.text);
    case 'thinking':
      return str(p.thinking);
    case 'tool_call':
      return str(p.arguments);
    case 'tool_call_output':
      return str(p.output);
    case 'image_url':
      return str(p.image_url)?.startsWith('data:') ? null : str(p.image_url);
    case 'request_end':
      return str(p.error_message);
    case 'abort':
      return str(p.reason);
    case 'subagent':
      return str(p.session_id);
    case 'host_died':
      return hostDiedText(p);
    case 'approval_decision':
      return str(p.decision);
    case 'session_meta': {
      const model = [str(p.provider), str(p.model_id)].filter(Boolean).join('/');
      return [model, str(p.workspace)].filter(Boolean).join(' ') || null;
    }
    default:
      return null;
  }
}

export function describeRecord(msg: OmniMessage): RecordFields {
  const p = (msg.payload ?? {}) as unknown as Record<string, unknown>;
  const kind = str(p.type) ?? msg.type;
  let tokens: number | null = null;
  if (kind === 'token_usage') {
    const total = (p.request as { total?: unknown } | undefined)?.total;
    tokens = typeof total === 'number' && Number.isFinite(total) ? total : null;
  }
  const status = kind === 'request_end' ? str(p.status) : str(p.stop_reason);
  const toolName = kind === 'tool_call' ? str(p.name) : str(p.tool_name);
  return {
    timestamp: typeof msg.timestamp === 'string' ? msg.timestamp : '',
    kind,
    status,
    toolName,
    toolCallId: str(p.tool_call_id),
    tokens,
    origin: Array.isArray(msg.origin) && msg.origin.length ? JSON.stringify(msg.origin) : null,
    excerpt: excerptOf(excerptSource(kind, p)),
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
