// The one reading of the OmniMessage protocol (SPEC §2–§4) that every display uses — the trace index rows, the
// chat transcript, the timeline and the CLI: `interpret` turns one message into a typed fact, and the outcome
// helpers say how a tool call or a request ended from structured fields (stop_reason, exit_code, aborted_by, the
// approval decision). Traces written before those fields existed, or by other harnesses of the protocol, read by
// what they do carry. Pure; knows only the protocol's types.
import type {
  AbortedBy,
  DecidedBy,
  Decision,
  OmniMessage,
  PartialEventType,
  StopReason,
  TokenCounts,
} from './types.js';

/** How a tool call ended. `aborted`: the person stopped it; `interrupted`: the process running it stopped. */
export type ToolOutcome = 'ok' | 'error' | 'denied' | 'aborted' | 'interrupted';
const TOOL_OUTCOMES: readonly ToolOutcome[] = ['ok', 'error', 'denied', 'aborted', 'interrupted'];

/** How a model request ended. */
export type RequestOutcome = 'ok' | 'error' | 'aborted';

interface McpResultFact {
  server: string;
  failed: boolean;
  /** the error, else the status word */
  detail: string;
}

/** What one message says, with every field read and typed. `type` is the payload's type (or `session_meta`). */
export type Fact = { type: string } & (
  | { kind: 'session'; provider?: string; model?: string; contextWindow?: number; workspace?: string }
  | { kind: 'user'; text: string; sender?: string }
  | { kind: 'assistant'; text: string; stopReason?: StopReason }
  | { kind: 'thinking'; text: string }
  /** image_url, or inline_data as a data: URL */
  | { kind: 'image'; src: string; inline: boolean }
  /** partial_text / partial_thinking */
  | { kind: 'stream'; stream: 'text' | 'thinking'; event: PartialEventType; text: string }
  /** partial_tool_call: a fragment of the arguments */
  | { kind: 'call_stream'; toolCallId: string; name?: string; args: string }
  /** partial_tool_call_output: a fragment of the output */
  | { kind: 'output_stream'; toolCallId: string; text: string }
  | { kind: 'tool_call'; toolCallId: string; name: string; args: string }
  | {
      kind: 'tool_output';
      toolCallId: string;
      output: string;
      stopReason?: StopReason;
      /** read from the message alone: a denial whose decision is elsewhere reads `aborted` unless `aborted_by` says */
      outcome: ToolOutcome;
      exitCode?: number;
      abortedBy?: AbortedBy;
      images?: string[];
    }
  | {
      kind: 'approval';
      toolCallId: string;
      decision: Decision;
      by?: DecidedBy;
      rule?: string;
      /** the session's approval mode when the call was decided */
      mode?: string;
      target?: string;
    }
  | { kind: 'request_begin' }
  | {
      kind: 'request_end';
      status?: StopReason;
      outcome: RequestOutcome;
      error?: string;
      attempt?: number;
      retryInMs?: number;
    }
  | { kind: 'usage'; request?: TokenCounts; session?: TokenCounts }
  | { kind: 'compaction_begin'; reason?: string; mode?: string; context?: number; turns?: number; focus?: string }
  | {
      kind: 'compaction_end';
      ok: boolean;
      error?: string;
      mode?: string;
      pruned?: number;
      context?: number;
      usage?: TokenCounts;
    }
  /** `byUser`: the person's own Stop, not something the process did */
  | { kind: 'abort'; reason?: string; byUser: boolean }
  | { kind: 'host_died'; text: string; pid?: number; host?: string; since?: string }
  | { kind: 'subagent'; sessionId: string }
  | { kind: 'mcp_begin'; servers: string[] }
  | { kind: 'mcp_end'; results: McpResultFact[]; failed: string[] }
  | { kind: 'tools_ready'; tools: string[] }
  | { kind: 'warning'; source?: string; message: string }
  /** the sandbox refused a domain or a write of a tool call's command */
  | {
      kind: 'violation';
      toolCallId: string;
      what: 'network' | 'write';
      target: string;
      /** a refused write: the folder a writable-folder rule would open */
      folder?: string;
      message: string;
      exact: boolean;
    }
  /** the session's model changed between tasks ("provider/id" each) */
  | { kind: 'model_switch'; from?: string; to?: string; text: string }
  /** a payload type this reader does not know (a newer or another harness's event): shown nowhere */
  | { kind: 'other' }
);

type P = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const STOP = new Set<string>(['completed', 'failed', 'aborted', 'timeout', 'malformed', 'auth']);
const stopOf = (v: unknown): StopReason | undefined =>
  typeof v === 'string' && STOP.has(v) ? (v as StopReason) : undefined;

function tokensOf(v: unknown): TokenCounts | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as P;
  const total = num(o.total);
  if (total === undefined) return undefined;
  return {
    cache_read: num(o.cache_read) ?? 0,
    cache_write: num(o.cache_write) ?? 0,
    output: num(o.output) ?? 0,
    total,
  };
}

/** The record's type as the trace index files it: payload.type, or the message type when the payload has none. */
export function recordType(m: OmniMessage): string {
  return str((m.payload as unknown as P | undefined)?.type) ?? m.type;
}

/** Success words of an MCP server result or of `mcp_connect_end.status`: ours and the seed protocol's. */
const MCP_OK = new Set(['connected', 'completed', 'ok']);

/** True when an `mcp_connect_end` result reports a server that could not be used. */
export function mcpServerFailed(r: { status?: unknown; error?: unknown }): boolean {
  if (typeof r.error === 'string' && r.error) return true;
  return typeof r.status === 'string' ? !MCP_OK.has(r.status) : false;
}

/** One line for a `host_died` event: "the process running the session died (floe run, pid 4242)". */
export function hostDiedText(p: { readonly [k: string]: unknown }): string {
  const who = [typeof p.kind === 'string' ? p.kind : '', typeof p.pid === 'number' ? `pid ${p.pid}` : '']
    .filter(Boolean)
    .join(', ');
  return `the process running the session died${who ? ` (${who})` : ''}`;
}

/** One line for a `model_switch` event: "model switched to openai/gpt-5 (was local/qwen3)". */
function modelSwitchText(p: { readonly [k: string]: unknown }): string {
  const to = typeof p.to === 'string' && p.to ? p.to : 'another model';
  return `model switched to ${to}${typeof p.from === 'string' && p.from ? ` (was ${p.from})` : ''}`;
}

/**
 * How a tool call ended, from its output's structured fields and, when the reader knows it, the call's approval
 * decision. Precedence: a denial, then who aborted it, then the stop reason and the exit code.
 */
export function toolOutcome(
  o: { stopReason?: StopReason; abortedBy?: AbortedBy; exitCode?: number },
  decision?: Decision,
): ToolOutcome {
  if (decision === 'deny' || decision === 'forbidden' || o.abortedBy === 'approval') return 'denied';
  if (o.abortedBy === 'host') return 'interrupted';
  if (o.stopReason === 'aborted' || o.abortedBy === 'user') return 'aborted';
  if (o.exitCode !== undefined && o.exitCode !== 0) return 'error';
  return o.stopReason === undefined || o.stopReason === 'completed' ? 'ok' : 'error';
}

/**
 * The outcome a trace index row holds in its status (this reader's outcome word); rows indexed before it held the
 * output's stop_reason, which reads as before. Null when the row says nothing (a call still running).
 */
export function outcomeOfStatus(status: string | null | undefined): ToolOutcome | null {
  if (!status) return null;
  if ((TOOL_OUTCOMES as readonly string[]).includes(status)) return status as ToolOutcome;
  const stop = stopOf(status);
  return stop ? toolOutcome({ stopReason: stop }) : 'error';
}

/** How a request ended: `completed` is ok, `aborted` is the task stopping, anything else (or an error) failed. */
export function requestOutcome(status: string | null | undefined, error?: string | null): RequestOutcome {
  if (status === 'aborted') return 'aborted';
  if (status === 'completed') return 'ok';
  return status || error ? 'error' : 'ok';
}

/**
 * Whether an abort was the person's own Stop. The engine writes `by` (an index row holds it as its status); older
 * traces only have the reason, which the engine then wrote as "… by user …" for a person's Stop (or nothing).
 */
export function abortByUser(by: unknown, reason: string | null | undefined): boolean {
  if (by === 'user' || by === 'host') return by === 'user';
  return !reason || /by user/i.test(reason);
}

function toolOutputFact(p: P) {
  const stopReason = stopOf(p.stop_reason);
  const exitCode = num(p.exit_code);
  const abortedBy =
    p.aborted_by === 'user' || p.aborted_by === 'host' || p.aborted_by === 'approval'
      ? (p.aborted_by as AbortedBy)
      : undefined;
  const images = strs(p.images);
  return {
    kind: 'tool_output' as const,
    toolCallId: str(p.tool_call_id) ?? '',
    output: str(p.output) ?? '',
    stopReason,
    outcome: toolOutcome({ stopReason, abortedBy, exitCode }),
    ...(exitCode !== undefined ? { exitCode } : {}),
    ...(abortedBy ? { abortedBy } : {}),
    ...(images.length ? { images } : {}),
  };
}

function mcpEndFact(p: P) {
  const results: McpResultFact[] = (Array.isArray(p.results) ? (p.results as P[]) : [])
    .filter((r) => r && typeof r === 'object')
    .map((r) => ({
      server: str(r.server) ?? '?',
      failed: mcpServerFailed(r),
      detail: str(r.error) || (str(r.status) ?? ''),
    }));
  return { kind: 'mcp_end' as const, results, failed: results.filter((r) => r.failed).map((r) => r.server) };
}

/** Reads one message. Never throws: missing or mistyped fields come out absent or empty. */
export function interpret(m: OmniMessage): Fact {
  const p = ((m && m.payload) ?? {}) as unknown as P;
  const type = recordType(m);
  if (m.type === 'session_meta') {
    return {
      type,
      kind: 'session',
      provider: str(p.provider),
      model: str(p.model_id),
      contextWindow: num(p.model_context_window),
      workspace: str(p.workspace),
    };
  }
  switch (type) {
    case 'text':
      return p.role === 'user'
        ? { type, kind: 'user', text: str(p.text) ?? '', ...(str(p.sender) ? { sender: str(p.sender) } : {}) }
        : { type, kind: 'assistant', text: str(p.text) ?? '', stopReason: stopOf(p.stop_reason) };
    case 'thinking':
      return { type, kind: 'thinking', text: str(p.thinking) ?? '' };
    case 'image_url':
      return { type, kind: 'image', src: str(p.image_url) ?? '', inline: false };
    case 'inline_data':
      return {
        type,
        kind: 'image',
        src: `data:${str(p.mime_type) ?? 'application/octet-stream'};base64,${str(p.data) ?? ''}`,
        inline: true,
      };
    case 'partial_text':
    case 'partial_thinking': {
      const event = p.event_type === 'start' || p.event_type === 'stop' ? p.event_type : 'delta';
      const stream = type === 'partial_text' ? 'text' : 'thinking';
      return { type, kind: 'stream', stream, event, text: str(stream === 'text' ? p.text : p.thinking) ?? '' };
    }
    case 'partial_tool_call':
      return {
        type,
        kind: 'call_stream',
        toolCallId: str(p.tool_call_id) ?? '',
        ...(str(p.name) ? { name: str(p.name) } : {}),
        args: str(p.arguments) ?? '',
      };
    case 'partial_tool_call_output':
      return { type, kind: 'output_stream', toolCallId: str(p.tool_call_id) ?? '', text: str(p.output) ?? '' };
    case 'tool_call':
      return {
        type,
        kind: 'tool_call',
        toolCallId: str(p.tool_call_id) ?? '',
        name: str(p.name) ?? '',
        args: str(p.arguments) ?? '',
      };
    case 'tool_call_output':
      return { type, ...toolOutputFact(p) };
    case 'approval_decision': {
      const decision: Decision = p.decision === 'deny' || p.decision === 'forbidden' ? p.decision : 'allow';
      const by =
        p.decided_by === 'mode' || p.decided_by === 'human' || p.decided_by === 'rule' ? p.decided_by : undefined;
      return {
        type,
        kind: 'approval',
        toolCallId: str(p.tool_call_id) ?? '',
        decision,
        ...(by ? { by } : {}),
        ...(str(p.rule) ? { rule: str(p.rule) } : {}),
        ...(str(p.mode) ? { mode: str(p.mode) } : {}),
        ...(str(p.tool_name) ? { target: str(p.tool_name) } : {}),
      };
    }
    case 'request_begin':
      return { type, kind: 'request_begin' };
    case 'request_end': {
      const status = stopOf(p.status);
      const error = str(p.error_message);
      return {
        type,
        kind: 'request_end',
        status,
        outcome: requestOutcome(str(p.status), error),
        ...(error ? { error } : {}),
        ...(num(p.attempt) !== undefined ? { attempt: num(p.attempt) } : {}),
        ...(num(p.retry_in_ms) !== undefined ? { retryInMs: num(p.retry_in_ms) } : {}),
      };
    }
    case 'token_usage':
      return { type, kind: 'usage', request: tokensOf(p.request), session: tokensOf(p.session) };
    case 'compaction_begin':
      return {
        type,
        kind: 'compaction_begin',
        reason: str(p.reason),
        mode: str(p.mode),
        context: num(p.context),
        turns: num(p.turns),
        focus: str(p.focus),
      };
    case 'compaction_end':
      return {
        type,
        kind: 'compaction_end',
        ok: p.status !== 'failed',
        error: str(p.error),
        mode: str(p.mode),
        pruned: num(p.pruned),
        context: num(p.context),
        usage: tokensOf(p.usage),
      };
    case 'abort':
      return { type, kind: 'abort', reason: str(p.reason), byUser: abortByUser(p.by, str(p.reason)) };
    case 'host_died':
      return {
        type,
        kind: 'host_died',
        text: hostDiedText(p),
        pid: num(p.pid),
        host: str(p.kind),
        since: str(p.since),
      };
    case 'subagent':
      return { type, kind: 'subagent', sessionId: str(p.session_id) ?? '' };
    case 'mcp_connect_begin':
      return { type, kind: 'mcp_begin', servers: strs(p.servers) };
    case 'mcp_connect_end':
      return { type, ...mcpEndFact(p) };
    case 'tool_list_ready':
      return {
        type,
        kind: 'tools_ready',
        tools: (Array.isArray(p.tools) ? (p.tools as P[]) : []).map((t) => str(t?.name) ?? '').filter(Boolean),
      };
    case 'warning':
      return { type, kind: 'warning', source: str(p.source), message: str(p.message) ?? '' };
    case 'sandbox_violation':
      return {
        type,
        kind: 'violation',
        toolCallId: str(p.tool_call_id) ?? '',
        what: p.kind === 'network' ? 'network' : 'write',
        target: str(p.target) ?? '',
        ...(str(p.folder) ? { folder: str(p.folder) } : {}),
        message: str(p.message) ?? '',
        exact: p.source === 'proxy',
      };
    case 'model_switch':
      return { type, kind: 'model_switch', from: str(p.from), to: str(p.to), text: modelSwitchText(p) };
    default:
      return { type, kind: 'other' };
  }
}

/** The fact of a given kind (a narrowing helper for tests and callers that know what they hold). */
export type FactOf<K extends Fact['kind']> = Extract<Fact, { kind: K }>;
