// A session's OmniMessages as OpenTelemetry spans (GenAI semantic conventions, see semconv.ts): one `invoke_agent`
// span per task, a `chat` span per model request (request_begin → request_end, with its token usage), an
// `execute_tool` span per tool call (the call → its output, the approval inside it as an event), an MCP
// `tools/call` span inside the tool span of an MCP tool, an MCP `initialize` span per server connected, and a
// `compaction` span. Content (prompts, texts, arguments, outputs) only with `captureContent`. Every record is read
// through shared/omni/interpret.ts. Pure: no I/O, no encoding (encode.ts writes OTLP JSON).
import { createHash } from 'node:crypto';
import { interpret, type Fact, type FactOf } from '../../../shared/omni/interpret.js';
import type { OmniMessage, SessionMetaPayload, TokenCounts } from '../../../shared/omni/types.js';
import { A, E, F, Op, SpanKind, StatusCode } from './semconv.js';

export type AttrValue = string | number | boolean | string[];

interface SpanEvent {
  name: string;
  timeMs: number;
  attributes: Record<string, AttrValue>;
}

export interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, AttrValue>;
  events: SpanEvent[];
  status: { code: number; message?: string };
}

export interface SpanOptions {
  /** record prompts, texts, tool arguments and outputs (gen_ai.input/output.messages …); off by default */
  captureContent?: boolean;
}

/** A stable hex id of `bytes` bytes from a name: the same session exports the same ids every time. */
function idOf(name: string, bytes: 8 | 16): string {
  return createHash('sha256')
    .update(name)
    .digest('hex')
    .slice(0, bytes * 2);
}

const MCP_RE = /^mcp__(.+?)__(.+)$/;

interface Part {
  type: 'reasoning' | 'text' | 'tool_call';
  content?: string;
  id?: string;
  name?: string;
  arguments?: unknown;
}
interface Msg {
  role: string;
  parts: (Part | { type: 'tool_call_response'; id: string; response: string })[];
  finish_reason?: string;
}

const argValue = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

/** The spans of one session's trace (all its parts, in order). Messages with `origin` (a child's) are skipped. */
export function traceToSpans(messages: readonly OmniMessage[], opts: SpanOptions = {}): Span[] {
  const content = !!opts.captureContent;
  const metaMsg = messages.find((m) => m.type === 'session_meta');
  const meta = (metaMsg?.payload ?? {}) as Partial<SessionMetaPayload>;
  const sessionId = typeof meta.session_id === 'string' ? meta.session_id : 'unknown-session';
  const agentState = (meta.agent_state ?? {}) as { agent?: unknown };
  const agent = typeof agentState.agent === 'string' ? agentState.agent : 'default';
  let provider = typeof meta.provider === 'string' ? meta.provider : 'unknown';
  let model = typeof meta.model_id === 'string' ? meta.model_id : 'unknown';
  const spans: Span[] = [];
  let seq = 0;
  // Records of one millisecond keep their order in the file: each after the first gets 1 µs more (up to 999), which
  // OTLP's nanosecond times carry and the importer sorts by. Without it two tool outputs of one millisecond came back
  // in the order of their calls, not of their completion.
  let lastMs = NaN;
  let sameMs = 0;
  const ms = (m: OmniMessage) => {
    const t = Date.parse(m.timestamp);
    sameMs = t === lastMs ? Math.min(sameMs + 1, 999) : 0;
    lastMs = t;
    return t + sameMs / 1000;
  };

  type Task = { span: Span; done: boolean; lastText?: string };
  let task: Task | undefined;
  let taskNo = 0;
  let chat: { span: Span; outputs: Part[]; calls: number; usage?: TokenCounts } | undefined;
  let pendingInput: Msg[] = [];
  const calls = new Map<string, { span: Span; mcp?: Span; name: string }>();
  let compaction: Span | undefined;
  const session: TokenCounts = { cache_read: 0, cache_write: 0, output: 0, total: 0 };

  const newSpan = (name: string, kind: number, at: number, attributes: Record<string, AttrValue>): Span => {
    const s: Span = {
      traceId: task ? task.span.traceId : idOf(`${sessionId}/trace/${taskNo}`, 16),
      spanId: idOf(`${sessionId}/span/${seq++}`, 8),
      ...(task ? { parentSpanId: task.span.spanId } : {}),
      name,
      kind,
      startMs: at,
      endMs: at,
      attributes,
      events: [],
      status: { code: StatusCode.UNSET },
    };
    spans.push(s);
    return s;
  };
  const common = (): Record<string, AttrValue> => ({
    [A.provider]: provider,
    [A.conversationId]: sessionId,
  });
  const startTask = (at: number): Task => {
    taskNo++;
    task = undefined;
    const span = newSpan(`invoke_agent ${agent}`, SpanKind.INTERNAL, at, {
      [A.operation]: Op.invokeAgent,
      ...common(),
      [A.agentName]: agent,
      [A.agentId]: `${sessionId}#${taskNo}`,
      [A.requestModel]: model,
      [F.sessionStart]: metaMsg?.timestamp ?? new Date(at).toISOString(),
      [F.workspace]: typeof meta.workspace === 'string' ? meta.workspace : '',
      [F.contextWindow]: typeof meta.model_context_window === 'number' ? meta.model_context_window : 0,
      ...(typeof meta.source === 'string' ? { [F.source]: meta.source } : {}),
      ...(content && typeof meta.system_prompt === 'string'
        ? { [A.systemInstructions]: JSON.stringify([{ type: 'text', content: meta.system_prompt }]) }
        : {}),
    });
    task = { span, done: false };
    return task;
  };
  const ensureTask = (at: number): Task => (task && !task.done ? task : startTask(at));
  const touch = (at: number) => {
    if (!task) return;
    task.span.endMs = Math.max(task.span.endMs, at);
  };
  const fail = (s: Span, type: string, message?: string) => {
    s.status = { code: StatusCode.ERROR, ...(message ? { message } : {}) };
    s.attributes[A.errorType] = type;
  };

  for (const m of messages) {
    if (m.origin?.length) continue;
    const at = ms(m);
    if (!Number.isFinite(at)) continue;
    const f: Fact = interpret(m);
    switch (f.kind) {
      case 'session':
        break;
      case 'model_switch': {
        const to = f.to?.split('/') ?? [];
        if (to.length >= 2) [provider, model] = [to[0]!, to.slice(1).join('/')];
        break;
      }
      case 'user': {
        const t = ensureTask(at);
        if (content) {
          const msg: Msg = { role: 'user', parts: [{ type: 'text', content: f.text }] };
          pendingInput.push(msg);
          const input = t.span.attributes[A.inputMessages];
          const list = typeof input === 'string' ? (JSON.parse(input) as Msg[]) : [];
          list.push(msg);
          t.span.attributes[A.inputMessages] = JSON.stringify(list);
        }
        break;
      }
      case 'request_begin': {
        ensureTask(at);
        chat = {
          span: newSpan(`chat ${model}`, SpanKind.CLIENT, at, {
            [A.operation]: Op.chat,
            ...common(),
            [A.requestModel]: model,
          }),
          outputs: [],
          calls: 0,
        };
        if (content && pendingInput.length) chat.span.attributes[A.inputMessages] = JSON.stringify(pendingInput);
        pendingInput = [];
        break;
      }
      case 'thinking':
      case 'assistant':
        if (chat) chat.outputs.push({ type: f.kind === 'thinking' ? 'reasoning' : 'text', content: f.text });
        if (task && f.kind === 'assistant') task.lastText = f.text;
        break;
      case 'tool_call': {
        ensureTask(at);
        if (chat) {
          chat.calls++;
          chat.outputs.push({ type: 'tool_call', id: f.toolCallId, name: f.name, arguments: argValue(f.args) });
        }
        const span = newSpan(`execute_tool ${f.name}`, SpanKind.INTERNAL, at, {
          [A.operation]: Op.executeTool,
          ...common(),
          [A.toolName]: f.name,
          [A.toolCallId]: f.toolCallId,
          [A.toolType]: 'function',
          ...(content ? { [A.toolArguments]: f.args } : {}),
        });
        calls.set(f.toolCallId, { span, name: f.name });
        break;
      }
      case 'approval': {
        const c = calls.get(f.toolCallId);
        if (!c) break;
        const attrs: Record<string, AttrValue> = {
          [F.decision]: f.decision,
          ...(f.by ? { [F.decidedBy]: f.by } : {}),
          ...(f.mode ? { [F.approvalMode]: f.mode } : {}),
          ...(f.rule ? { [F.approvalRule]: f.rule } : {}),
        };
        Object.assign(c.span.attributes, attrs);
        c.span.events.push({ name: E.approval, timeMs: at, attributes: attrs });
        const target = f.target ?? c.name;
        if (f.target && f.target !== c.name) c.span.attributes[F.toolTarget] = f.target;
        const mcp = MCP_RE.exec(target);
        if (mcp && f.decision === 'allow') {
          const [, server, tool] = mcp;
          c.mcp = newSpan(`tools/call ${tool}`, SpanKind.CLIENT, at, {
            [A.mcpMethod]: 'tools/call',
            [A.operation]: Op.executeTool,
            [A.toolName]: tool!,
            [F.mcpServer]: server!,
          });
          c.mcp.parentSpanId = c.span.spanId;
          c.span.attributes[A.toolType] = 'extension';
        }
        break;
      }
      case 'tool_output': {
        const c = calls.get(f.toolCallId);
        if (content)
          pendingInput.push({
            role: 'tool',
            parts: [{ type: 'tool_call_response', id: f.toolCallId, response: f.output }],
          });
        if (!c) break;
        calls.delete(f.toolCallId);
        c.span.endMs = at;
        if (f.stopReason) c.span.attributes[F.stopReason] = f.stopReason;
        if (f.exitCode !== undefined) c.span.attributes[F.exitCode] = f.exitCode;
        if (f.abortedBy) c.span.attributes[F.abortedBy] = f.abortedBy;
        if (content) c.span.attributes[A.toolResult] = f.output;
        if (f.outcome !== 'ok') fail(c.span, f.outcome);
        if (c.mcp) {
          c.mcp.endMs = at;
          if (f.outcome !== 'ok') fail(c.mcp, f.outcome);
        }
        break;
      }
      case 'usage':
        if (f.request && chat) chat.usage = f.request;
        if (f.session) Object.assign(session, f.session);
        if (chat && f.request) {
          const s = chat.span.attributes;
          s[A.inputTokens] = Math.max(0, f.request.total - f.request.output);
          s[A.outputTokens] = f.request.output;
          s[A.cacheReadTokens] = f.request.cache_read;
          s[A.cacheCreationTokens] = f.request.cache_write;
          s[F.sessionTotal] = session.total;
          s[F.sessionOutput] = session.output;
          s[F.sessionCacheRead] = session.cache_read;
          s[F.sessionCacheWrite] = session.cache_write;
          chat.span.events.push({ name: E.usage, timeMs: at, attributes: {} });
        }
        break;
      case 'request_end': {
        if (!chat) break;
        const s = chat.span;
        s.endMs = at;
        s.attributes[A.responseModel] = model;
        s.attributes[F.requestStatus] = f.status ?? 'completed';
        if (f.attempt !== undefined) s.attributes[F.requestAttempt] = f.attempt;
        if (f.retryInMs !== undefined) s.attributes[F.retryInMs] = f.retryInMs;
        const finish = f.outcome !== 'ok' ? 'error' : chat.calls ? 'tool_call' : 'stop';
        s.attributes[A.finishReasons] = [finish];
        if (content && chat.outputs.length)
          s.attributes[A.outputMessages] = JSON.stringify([
            { role: 'assistant', parts: chat.outputs, finish_reason: finish },
          ] satisfies Msg[]);
        if (f.outcome !== 'ok') fail(s, f.status ?? 'error', f.error);
        // the task ends with a turn without tool calls, or a failure nothing retries
        if (task && ((f.outcome === 'ok' && chat.calls === 0) || (f.outcome !== 'ok' && f.retryInMs === undefined))) {
          if (f.outcome !== 'ok') fail(task.span, f.status ?? 'error', f.error);
          else if (content && task.lastText !== undefined)
            task.span.attributes[A.outputMessages] = JSON.stringify([
              { role: 'assistant', parts: [{ type: 'text', content: task.lastText }], finish_reason: 'stop' },
            ]);
          touch(at);
          task.done = true;
        }
        chat = undefined;
        break;
      }
      case 'abort':
        if (task) {
          task.span.events.push({ name: E.abort, timeMs: at, attributes: f.reason ? { reason: f.reason } : {} });
          fail(task.span, 'aborted', f.reason);
          touch(at);
          task.done = true;
        }
        chat = undefined;
        break;
      case 'subagent':
        if (task) task.span.events.push({ name: E.subagent, timeMs: at, attributes: { [F.subagent]: f.sessionId } });
        break;
      case 'mcp_end':
        mcpInitSpans(m, at);
        break;
      case 'compaction_begin':
        ensureTask(at);
        compaction = newSpan('compaction', SpanKind.INTERNAL, at, {
          ...(f.reason ? { [F.compactionReason]: f.reason } : {}),
        });
        break;
      case 'compaction_end':
        if (compaction) {
          compaction.endMs = at;
          compaction.attributes[F.compactionStatus] = f.ok ? 'completed' : 'failed';
          if (f.usage) {
            compaction.attributes[A.inputTokens] = Math.max(0, f.usage.total - f.usage.output);
            compaction.attributes[A.outputTokens] = f.usage.output;
          }
          if (!f.ok) fail(compaction, 'compaction_failed', f.error);
          compaction = undefined;
        }
        break;
      default:
        break;
    }
    touch(at);
  }
  // spans a crashed or still running session left open end at their last record, marked unfinished
  const last = messages.length ? ms(messages[messages.length - 1]!) : 0;
  for (const c of calls.values()) {
    c.span.endMs = Math.max(c.span.startMs, last);
    c.span.attributes[F.unfinished] = true;
    if (c.mcp) c.mcp.endMs = c.span.endMs;
  }
  if (chat) chat.span.attributes[F.unfinished] = true;
  return spans;

  function mcpInitSpans(m: OmniMessage, at: number) {
    const results = (m.payload as { results?: unknown }).results;
    if (!Array.isArray(results)) return;
    const end = interpret(m) as FactOf<'mcp_end'>;
    ensureTask(at);
    results.forEach((r: { server?: unknown; duration_ms?: unknown; tool_count?: unknown }, i) => {
      const dur = typeof r.duration_ms === 'number' && r.duration_ms >= 0 ? r.duration_ms : 0;
      const s = newSpan('initialize', SpanKind.CLIENT, at - dur, {
        [A.mcpMethod]: 'initialize',
        [F.mcpServer]: String(r.server ?? '?'),
        ...(typeof r.tool_count === 'number' ? { [F.mcpToolCount]: r.tool_count } : {}),
      });
      s.endMs = at;
      const fact = end.results[i];
      if (fact?.failed) fail(s, 'mcp_connect_failed', fact.detail);
    });
  }
}
