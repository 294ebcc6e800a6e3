// OTLP/JSON traces (one ExportTraceServiceRequest, or JSON Lines of them) back into a session's OmniMessages: the
// inverse of main/trace/otel. invoke_agent → the session_meta and each task's user text; chat → request_begin, the
// model's thinking/text/tool calls, token_usage, request_end; execute_tool → the approval and the tool's output;
// MCP initialize → mcp_connect_begin/end; compaction → compaction_begin/end. Spans of other GenAI instrumentations
// read by the same conventions. Every request is checked against the OTLP JSON schema first; errors name the line
// and the field. Pure: text in, messages out.
import { Ajv, type ErrorObject } from 'ajv';
import type { OmniMessage, TokenCounts } from '../../../shared/omni/types.js';
import { OTLP_TRACE_REQUEST_SCHEMA } from '../otel/otlp-schema.js';
import { A, E, F, Op } from '../otel/semconv.js';

type Val = string | number | boolean | Val[] | { [k: string]: Val } | null;
interface RawSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: { key: string; value?: Record<string, unknown> }[];
  events?: { timeUnixNano?: string | number; name?: string; attributes?: RawSpan['attributes'] }[];
  status?: { code?: number; message?: string };
}
interface S {
  /** position in the file: the order of spans that started together (MCP servers in the order they were listed) */
  idx: number;
  raw: RawSpan;
  start: number;
  end: number;
  a: Record<string, Val>;
  events: { name: string; at: number; a: Record<string, Val> }[];
}

const validate = new Ajv({ allErrors: false, strict: false }).compile(OTLP_TRACE_REQUEST_SCHEMA);

function anyOf(v: Record<string, unknown> | undefined): Val {
  if (!v) return null;
  if ('stringValue' in v) return String(v.stringValue);
  if ('boolValue' in v) return Boolean(v.boolValue);
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('arrayValue' in v)
    return ((v.arrayValue as { values?: Record<string, unknown>[] }).values ?? []).map((x) => anyOf(x));
  if ('kvlistValue' in v) return attrsOf((v.kvlistValue as { values?: RawSpan['attributes'] }).values);
  if ('bytesValue' in v) return String(v.bytesValue);
  return null;
}
function attrsOf(list: RawSpan['attributes']): Record<string, Val> {
  const o: Record<string, Val> = {};
  for (const kv of list ?? []) o[kv.key] = anyOf(kv.value);
  return o;
}
/** OTLP nanoseconds as milliseconds to the microsecond: records of one millisecond keep their exported order. */
const msOf = (ns: string | number | undefined): number => Number(BigInt(String(ns ?? 0)) / 1_000n) / 1000;
const iso = (ms: number): string => new Date(ms).toISOString();
const str = (v: Val | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: Val | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

function schemaError(e: ErrorObject | undefined): string {
  if (!e) return 'does not match the OTLP JSON schema';
  const where = e.instancePath ? e.instancePath.replace(/^\//, '').replace(/\//g, '.') : 'the document';
  return `${where} ${e.message ?? 'is not valid'}${e.params && 'additionalProperty' in e.params ? ` ("${String(e.params.additionalProperty)}")` : ''}`;
}

/** The requests of an OTLP JSON text: one document, or one per line. Errors name the line. */
function parseOtlp(text: string): { requests: unknown[] } | { error: string } {
  let docs: { doc: unknown; line: number }[];
  try {
    docs = [{ doc: JSON.parse(text), line: 1 }];
  } catch {
    docs = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.trim()) continue;
      try {
        docs.push({ doc: JSON.parse(lines[i]!), line: i + 1 });
      } catch (e) {
        return {
          error: `line ${i + 1}: not valid JSON (${(e as Error).message}); OTLP JSON Lines hold one request per line.`,
        };
      }
    }
  }
  for (const { doc, line } of docs) {
    if (!validate(doc)) {
      return {
        error: `line ${line}: not an OTLP ExportTraceServiceRequest: ${schemaError(validate.errors?.[0])}.`,
      };
    }
  }
  return { requests: docs.map((d) => d.doc) };
}

function spansOf(requests: unknown[]): S[] {
  const out: S[] = [];
  for (const r of requests as { resourceSpans?: { scopeSpans?: { spans?: RawSpan[] }[] }[] }[])
    for (const rs of r.resourceSpans ?? [])
      for (const ss of rs.scopeSpans ?? [])
        for (const raw of ss.spans ?? [])
          out.push({
            idx: out.length,
            raw,
            start: msOf(raw.startTimeUnixNano),
            end: msOf(raw.endTimeUnixNano),
            a: attrsOf(raw.attributes),
            events: (raw.events ?? []).map((e) => ({
              name: e.name ?? '',
              at: msOf(e.timeUnixNano),
              a: attrsOf(e.attributes),
            })),
          });
  return out.sort((x, y) => x.start - y.start);
}

interface MsgJson {
  role?: string;
  parts?: { type?: string; content?: unknown; id?: string; name?: string; arguments?: unknown }[];
}
const messagesOf = (v: Val | undefined): MsgJson[] => {
  if (typeof v !== 'string') return [];
  try {
    const p: unknown = JSON.parse(v);
    return Array.isArray(p) ? (p as MsgJson[]) : [];
  } catch {
    return [];
  }
};
const textOf = (m: MsgJson): string =>
  (m.parts ?? [])
    .filter((p) => p.type === 'text')
    .map((p) => String(p.content ?? ''))
    .join('');

/** Converts the spans of one session to its OmniMessages (session_meta first). */
export function otlpToMessages(text: string): { messages: OmniMessage[] } | { error: string } {
  const parsed = parseOtlp(text);
  if ('error' in parsed) return parsed;
  const spans = spansOf(parsed.requests);
  const genai = spans.filter((s) => typeof s.a[A.operation] === 'string');
  if (!genai.length)
    return { error: 'line 1: no GenAI span in it (none has gen_ai.operation.name); nothing to import as a session.' };
  const first = genai.find((s) => s.a[A.operation] === Op.invokeAgent) ?? genai[0]!;
  const sessionId = str(first.a[A.conversationId]) ?? `otlp-${first.raw.traceId}`;
  const provider = str(first.a[A.provider]) ?? 'unknown';
  const model = str(first.a[A.requestModel]) ?? 'unknown';
  const agent = str(first.a[A.agentName]) ?? 'default';
  const started = str(first.a[F.sessionStart]);
  const out: { at: number; m: OmniMessage }[] = [];
  const push = (at: number, type: OmniMessage['type'], payload: Record<string, unknown>) =>
    out.push({ at, m: { timestamp: iso(at), type, payload } as unknown as OmniMessage });

  const system = messagesOf(first.a[A.systemInstructions]).map((p) =>
    String((p as { content?: unknown }).content ?? ''),
  );
  const metaAt = started && Number.isFinite(Date.parse(started)) ? Date.parse(started) : first.start;
  push(metaAt, 'session_meta', {
    session_id: sessionId,
    provider,
    model_id: model,
    model_context_window: num(first.a[F.contextWindow]) ?? 0,
    system_prompt: system.join('\n'),
    agent_state: { agent, model: `${provider}/${model}` },
    workspace: str(first.a[F.workspace]) ?? '',
    ...(str(first.a[F.source]) ? { source: str(first.a[F.source]) } : {}),
  });

  const childrenOf = (id: string) => spans.filter((s) => s.raw.parentSpanId === id);
  const tools = new Map(
    spans
      .filter((s) => s.a[A.operation] === Op.executeTool && !s.a[A.mcpMethod])
      .map((s) => [str(s.a[A.toolCallId]) ?? s.raw.spanId, s]),
  );
  const toolsDone = new Set<string>();
  const sessionSum: TokenCounts = { cache_read: 0, cache_write: 0, output: 0, total: 0 };

  const emitTool = (id: string, s: S, withCall: boolean) => {
    if (toolsDone.has(id)) return;
    toolsDone.add(id);
    if (withCall)
      push(s.start, 'model_msg', {
        type: 'tool_call',
        name: str(s.a[A.toolName]) ?? '',
        arguments: str(s.a[A.toolArguments]) ?? '{}',
        tool_call_id: id,
      });
    for (const e of s.events.filter((e) => e.name === E.approval))
      push(e.at, 'event_msg', {
        type: 'approval_decision',
        decision: str(e.a[F.decision]) ?? 'allow',
        tool_call_id: id,
        tool_name: str(s.a[F.toolTarget]) ?? str(s.a[A.toolName]) ?? '',
        ...(str(e.a[F.decidedBy]) ? { decided_by: str(e.a[F.decidedBy]) } : {}),
        ...(str(e.a[F.approvalRule]) ? { rule: str(e.a[F.approvalRule]) } : {}),
        ...(str(e.a[F.approvalMode]) ? { mode: str(e.a[F.approvalMode]) } : {}),
      });
    if (s.a[F.unfinished] === true) return;
    const stop = str(s.a[F.stopReason]) ?? (s.raw.status?.code === 2 ? 'failed' : 'completed');
    push(s.end, 'model_msg', {
      type: 'tool_call_output',
      output: str(s.a[A.toolResult]) ?? '',
      tool_call_id: id,
      stop_reason: stop,
      ...(num(s.a[F.exitCode]) !== undefined ? { exit_code: num(s.a[F.exitCode]) } : {}),
      ...(str(s.a[F.abortedBy]) ? { aborted_by: str(s.a[F.abortedBy]) } : {}),
    });
  };

  const tasks = genai.filter((s) => s.a[A.operation] === Op.invokeAgent);
  const roots = tasks.length ? tasks : [first];
  for (const task of roots) {
    const under = task === first && !tasks.length ? genai : childrenOf(task.raw.spanId);
    const inits = under.filter((s) => s.a[A.mcpMethod] === 'initialize').sort((x, y) => x.idx - y.idx);
    if (inits.length) {
      const end = Math.max(...inits.map((s) => s.end));
      push(Math.min(...inits.map((s) => s.start)), 'event_msg', {
        type: 'mcp_connect_begin',
        servers: inits.map((s) => str(s.a[F.mcpServer]) ?? '?'),
      });
      const results = inits.map((s) => ({
        server: str(s.a[F.mcpServer]) ?? '?',
        status: s.raw.status?.code === 2 ? 'failed' : 'connected',
        duration_ms: Math.round(s.end - s.start),
        tool_count: num(s.a[F.mcpToolCount]) ?? 0,
        ...(s.raw.status?.code === 2 && s.raw.status.message ? { error: s.raw.status.message } : {}),
      }));
      const failed = results.filter((r) => r.status === 'failed').length;
      push(end, 'event_msg', {
        type: 'mcp_connect_end',
        status: failed === 0 ? 'ok' : failed === results.length ? 'failed' : 'partial',
        results,
      });
    }
    const chats = under.filter((s) => s.a[A.operation] === Op.chat);
    let firstUser = true;
    const userTexts = (s: S, at: number) => {
      for (const m of messagesOf(s.a[A.inputMessages]).filter((m) => m.role === 'user')) {
        push(firstUser ? task.start : at, 'model_msg', { type: 'text', role: 'user', text: textOf(m) });
        firstUser = false;
      }
    };
    if (!chats.length) userTexts(task, task.start);
    for (const c of chats) {
      userTexts(c, c.start);
      push(c.start, 'event_msg', { type: 'request_begin' });
      const parts = messagesOf(c.a[A.outputMessages]).flatMap((m) => m.parts ?? []);
      const callAt = (p: (typeof parts)[number]) => tools.get(String(p.id ?? ''))?.start ?? c.end;
      parts.forEach((p, i) => {
        if (p.type === 'tool_call') {
          const id = String(p.id ?? '');
          const s = tools.get(id);
          const raw = s ? str(s.a[A.toolArguments]) : undefined;
          push(callAt(p), 'model_msg', {
            type: 'tool_call',
            name: String(p.name ?? ''),
            arguments: raw ?? (typeof p.arguments === 'string' ? p.arguments : JSON.stringify(p.arguments ?? {})),
            tool_call_id: id,
          });
          if (s) emitTool(id, s, false);
          return;
        }
        const next = parts.slice(i + 1).find((q) => q.type === 'tool_call');
        const at = next ? callAt(next) : c.end;
        if (p.type === 'reasoning') push(at, 'model_msg', { type: 'thinking', thinking: String(p.content ?? '') });
        else if (p.type === 'text')
          push(at, 'model_msg', { type: 'text', role: 'assistant', text: String(p.content ?? '') });
      });
      const input = num(c.a[A.inputTokens]);
      const output = num(c.a[A.outputTokens]);
      if (input !== undefined || output !== undefined) {
        const request: TokenCounts = {
          cache_read: num(c.a[A.cacheReadTokens]) ?? 0,
          cache_write: num(c.a[A.cacheCreationTokens]) ?? 0,
          output: output ?? 0,
          total: (input ?? 0) + (output ?? 0),
        };
        for (const k of ['cache_read', 'cache_write', 'output', 'total'] as const) sessionSum[k] += request[k];
        const given = num(c.a[F.sessionTotal]);
        const session =
          given !== undefined
            ? {
                cache_read: num(c.a[F.sessionCacheRead]) ?? 0,
                cache_write: num(c.a[F.sessionCacheWrite]) ?? 0,
                output: num(c.a[F.sessionOutput]) ?? 0,
                total: given,
              }
            : { ...sessionSum };
        push(c.events.find((e) => e.name === E.usage)?.at ?? c.end, 'event_msg', {
          type: 'token_usage',
          session,
          request,
        });
      }
      if (c.a[F.unfinished] !== true) {
        const status = str(c.a[F.requestStatus]) ?? (c.raw.status?.code === 2 ? 'failed' : 'completed');
        push(c.end, 'event_msg', {
          type: 'request_end',
          status,
          ...(status !== 'completed' && c.raw.status?.message ? { error_message: c.raw.status.message } : {}),
          ...(num(c.a[F.requestAttempt]) !== undefined ? { attempt: num(c.a[F.requestAttempt]) } : {}),
          ...(num(c.a[F.retryInMs]) !== undefined ? { retry_in_ms: num(c.a[F.retryInMs]) } : {}),
        });
      }
    }
    for (const s of under.filter((s) => s.a[A.operation] === Op.executeTool && !s.a[A.mcpMethod]))
      emitTool(str(s.a[A.toolCallId]) ?? s.raw.spanId, s, true);
    for (const s of under.filter((s) => s.raw.name === 'compaction' && s.a[A.operation] === undefined)) {
      push(s.start, 'event_msg', {
        type: 'compaction_begin',
        ...(str(s.a[F.compactionReason]) ? { reason: str(s.a[F.compactionReason]) } : {}),
      });
      push(s.end, 'event_msg', { type: 'compaction_end', status: str(s.a[F.compactionStatus]) ?? 'completed' });
    }
    for (const e of task.events) {
      if (e.name === E.subagent) push(e.at, 'event_msg', { type: 'subagent', session_id: str(e.a[F.subagent]) ?? '' });
      if (e.name === E.abort)
        push(e.at, 'event_msg', { type: 'abort', ...(str(e.a.reason) ? { reason: str(e.a.reason) } : {}) });
    }
  }
  out.sort((x, y) => x.at - y.at);
  const meta = out.findIndex((r) => r.m.type === 'session_meta');
  const [metaRec] = out.splice(meta, 1);
  return { messages: [metaRec!.m, ...out.map((r) => r.m)] };
}
