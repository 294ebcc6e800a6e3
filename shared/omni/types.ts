// OmniMessage protocol types (SPEC §2): the one envelope for everything that streams, is traced, and crosses
// IPC/WebSocket. Types only — no runtime logic lives here.

export type StopReason = 'completed' | 'failed' | 'aborted' | 'timeout' | 'malformed' | 'auth';

type MessageType = 'session_meta' | 'model_msg' | 'event_msg';

/** Opaque provider data (thinking signatures, source field names…) kept and replayed byte for byte. */
export type Fidelity = Record<string, unknown>;

interface ModelMsgCommon {
  stop_reason?: StopReason;
  fidelity?: Fidelity;
}

// ── complete model_msg payloads ────────────────────────────────────────────────────────────────────────
export interface TextPayload extends ModelMsgCommon {
  type: 'text';
  role: 'user' | 'assistant';
  text: string;
  sender?: string;
}
interface ThinkingPayload extends ModelMsgCommon {
  type: 'thinking';
  thinking: string;
}
export interface ToolCallPayload extends ModelMsgCommon {
  type: 'tool_call';
  name: string;
  /** JSON string, exactly as the model produced it. */
  arguments: string;
  tool_call_id: string;
}
export interface ToolCallOutputPayload extends ModelMsgCommon {
  type: 'tool_call_output';
  output: string;
  /** data: URLs */
  images?: string[];
  tool_call_id: string;
  /** Floe's field: the exit code of the command the call ran, when it exited (also in the output's note) */
  exit_code?: number;
  /**
   * Floe's field, with stop_reason `aborted`: who ended the call — the person's Stop (`user`), the process running
   * the session stopping (`host`), or a denied approval (`approval`). Absent in older traces (read as `user`).
   */
  aborted_by?: AbortedBy;
}
export type AbortedBy = 'user' | 'host' | 'approval';
interface ImageUrlPayload extends ModelMsgCommon {
  type: 'image_url';
  image_url: string;
}
interface InlineDataPayload extends ModelMsgCommon {
  type: 'inline_data';
  data: string; // base64
  mime_type: string;
}
export type CompletePayload =
  TextPayload | ThinkingPayload | ToolCallPayload | ToolCallOutputPayload | ImageUrlPayload | InlineDataPayload;

// ── streaming partials ─────────────────────────────────────────────────────────────────────────────────
export type PartialEventType = 'start' | 'delta' | 'stop';
interface PartialTextPayload {
  type: 'partial_text';
  event_type: PartialEventType;
  text?: string;
  role?: 'assistant';
}
interface PartialThinkingPayload {
  type: 'partial_thinking';
  event_type: PartialEventType;
  thinking?: string;
}
interface PartialToolCallPayload {
  type: 'partial_tool_call';
  event_type: PartialEventType;
  tool_call_id: string;
  name?: string;
  /** argument JSON fragment */
  arguments?: string;
}
interface PartialToolCallOutputPayload {
  type: 'partial_tool_call_output';
  event_type: PartialEventType;
  tool_call_id: string;
  output?: string;
}
type PartialPayload =
  PartialTextPayload | PartialThinkingPayload | PartialToolCallPayload | PartialToolCallOutputPayload;

export type ModelMsgPayload = CompletePayload | PartialPayload;

// ── session_meta ───────────────────────────────────────────────────────────────────────────────────────
export interface SessionMetaPayload {
  session_id: string;
  provider: string;
  model_id: string;
  model_context_window: number;
  system_prompt: string;
  agent_state: Record<string, unknown>;
  workspace: string;
  source?: 'subagent' | string;
}

// ── event_msg payloads ─────────────────────────────────────────────────────────────────────────────────
export interface ToolSchema {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}
interface ToolListReadyPayload {
  type: 'tool_list_ready';
  tools: ToolSchema[];
}
interface McpConnectBeginPayload {
  type: 'mcp_connect_begin';
  servers: string[];
}
export interface McpServerResult {
  server: string;
  status: 'connected' | 'failed';
  duration_ms: number;
  tool_count: number;
  error?: string;
}
interface McpConnectEndPayload {
  type: 'mcp_connect_end';
  status: 'ok' | 'partial' | 'failed';
  results: McpServerResult[];
}
interface RequestBeginPayload {
  type: 'request_begin';
}
interface RequestEndPayload {
  type: 'request_end';
  status: StopReason;
  error_message?: string;
  attempt?: number;
  retry_in_ms?: number;
}
export type Decision = 'allow' | 'deny' | 'forbidden';
export type DecidedBy = 'mode' | 'human' | 'rule';
interface ApprovalDecisionPayload {
  type: 'approval_decision';
  decision: Decision;
  tool_call_id: string;
  tool_name?: string;
  decided_by?: DecidedBy;
  /** the approval rule(s) that decided, or that sent the call to a person */
  rule?: string;
  /** the session's approval mode when the call was decided (allow-all, deny-all, read-only, always-ask, auto) */
  mode?: string;
}
export interface TokenCounts {
  cache_read: number;
  cache_write: number;
  output: number;
  total: number;
}
interface TokenUsagePayload {
  type: 'token_usage';
  session: TokenCounts;
  request: TokenCounts;
}
interface CompactionBeginPayload {
  type: 'compaction_begin';
  /** Floe's fields (other harnesses may write none): why, how, tokens in context, model turns compacted */
  reason?: 'threshold' | 'overflow' | 'manual' | string;
  mode?: string;
  context?: number;
  turns?: number;
  /** what a manual compaction was asked to keep in focus */
  focus?: string;
}
interface CompactionEndPayload {
  type: 'compaction_end';
  /** Floe's fields: completed, or failed (the old context stays); what was done; the new context's estimate */
  status?: 'completed' | 'failed' | string;
  mode?: 'prune' | 'summary' | string;
  pruned?: number;
  context?: number;
  error?: string;
  /** usage of the summary request */
  usage?: TokenCounts;
}
interface AbortPayload {
  type: 'abort';
  reason?: string;
  /** Floe's field: the person's Stop (`user`) or the process itself (`host`: disposal, a failed trace write) */
  by?: 'user' | 'host';
}
/** The process running the session died mid-task (recorded by the next process to run it); not a user abort. */
interface HostDiedPayload {
  type: 'host_died';
  /** pid and kind ("floe run", "floe web", "desktop") of the process that died */
  pid: number;
  kind: string;
  /** when that process had claimed the session (ISO) */
  since?: string;
}
interface SubagentPayload {
  type: 'subagent';
  session_id: string;
}
/** Something the person should know that stopped nothing (e.g. the login environment could not be captured). */
interface WarningPayload {
  type: 'warning';
  /** what reports it, e.g. `shell` */
  source: string;
  message: string;
}
/**
 * Something the OS sandbox refused a command of a tool call (issue 19): a domain the egress proxy refused (known
 * exactly) or a write the command's output says was refused (read from its text). Shown on the call's tool card.
 */
interface SandboxViolationPayload {
  type: 'sandbox_violation';
  tool_call_id: string;
  kind: 'network' | 'write';
  /** the domain refused, or the path whose write was refused */
  target: string;
  /** a refused write: the folder a writable-folder rule would open (the path's folder, or the path if a folder) */
  folder?: string;
  message: string;
  /** `proxy`: the network proxy refused it (exact); `output`: the command's output says so (a guess) */
  source: 'proxy' | 'output';
}
/** The session's model was changed between tasks (the composer's model picker, `/model`): the next request uses `to`. */
interface ModelSwitchPayload {
  type: 'model_switch';
  /** "provider/id" before and after */
  from: string;
  to: string;
}
export type EventPayload =
  | ToolListReadyPayload
  | McpConnectBeginPayload
  | McpConnectEndPayload
  | RequestBeginPayload
  | RequestEndPayload
  | ApprovalDecisionPayload
  | TokenUsagePayload
  | CompactionBeginPayload
  | CompactionEndPayload
  | AbortPayload
  | HostDiedPayload
  | SubagentPayload
  | WarningPayload
  | SandboxViolationPayload
  | ModelSwitchPayload;

type Payload = SessionMetaPayload | ModelMsgPayload | EventPayload;

export interface OmniMessage<P = Payload> {
  /** ISO 8601 UTC */
  timestamp: string;
  type: MessageType;
  payload: P;
  /** subagent chain, outer→inner child session ids; absent = main session */
  origin?: string[];
}

export type ModelMessage<P extends ModelMsgPayload = ModelMsgPayload> = OmniMessage<P> & { type: 'model_msg' };
export type EventMessage<P extends EventPayload = EventPayload> = OmniMessage<P> & { type: 'event_msg' };
export type SessionMetaMessage = OmniMessage<SessionMetaPayload> & { type: 'session_meta' };
