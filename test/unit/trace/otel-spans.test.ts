// Issue 23: the span mapping on its own — MCP initialize spans from mcp_connect_end, an MCP tools/call span inside
// the execute_tool span of a call whose resolved target is an MCP tool, a denied call as an error, a task split at
// the user's next prompt, an abort ending a task, subagent pointers as events, the encoding valid OTLP JSON; and the
// OTLP import reading them back.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { exportRequest } from '../../../main/trace/otel/encode.js';
import { OTLP_TRACE_REQUEST_SCHEMA } from '../../../main/trace/otel/otlp-schema.js';
import { traceToSpans } from '../../../main/trace/otel/spans.js';
import { otlpToMessages } from '../../../main/trace/import/otlp.js';

let t = Date.parse('2026-11-30T19:00:00.000Z');
const at = (dms = 100) => new Date((t += dms)).toISOString();
const meta = (): OmniMessage =>
  ({
    timestamp: at(0),
    type: 'session_meta',
    payload: {
      session_id: 'session-2026-11-30-19-00-00-1a2b3c4d',
      provider: 'local',
      model_id: 'qwen3',
      model_context_window: 32768,
      system_prompt: 'You are Floe.',
      agent_state: { agent: 'default', model: 'local/qwen3' },
      workspace: '/home/me/app',
    },
  }) as OmniMessage;
const ev = (payload: object, d?: number) => ({ timestamp: at(d), type: 'event_msg', payload }) as OmniMessage;
const mm = (payload: object, d?: number) => ({ timestamp: at(d), type: 'model_msg', payload }) as OmniMessage;
const usage = (output: number, total: number) => ({ cache_read: 0, cache_write: 0, output, total });

const trace: OmniMessage[] = [
  meta(),
  ev({ type: 'mcp_connect_begin', servers: ['files', 'tickets'] }),
  ev(
    {
      type: 'mcp_connect_end',
      status: 'partial',
      results: [
        { server: 'files', status: 'connected', duration_ms: 412, tool_count: 11 },
        { server: 'tickets', status: 'failed', duration_ms: 900, tool_count: 0, error: 'connect timeout' },
      ],
    },
    1000,
  ),
  mm({ type: 'text', role: 'user', text: 'read the notes' }),
  ev({ type: 'request_begin' }),
  mm(
    {
      type: 'tool_call',
      name: 'execute_extra_tool',
      arguments: '{"name":"mcp__files__read_file","params":{"path":"notes.md"}}',
      tool_call_id: 'c1',
    },
    300,
  ),
  ev({
    type: 'approval_decision',
    decision: 'allow',
    tool_call_id: 'c1',
    tool_name: 'mcp__files__read_file',
    decided_by: 'mode',
    mode: 'allow-all',
  }),
  mm({ type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"rm -rf /"}', tool_call_id: 'c2' }),
  ev({
    type: 'approval_decision',
    decision: 'deny',
    tool_call_id: 'c2',
    tool_name: 'exec_command',
    decided_by: 'human',
  }),
  mm({
    type: 'tool_call_output',
    output: 'Tool call denied by user.',
    tool_call_id: 'c2',
    stop_reason: 'aborted',
    aborted_by: 'approval',
  }),
  ev({ type: 'token_usage', session: usage(20, 500), request: usage(20, 500) }),
  ev({ type: 'request_end', status: 'completed' }),
  mm({ type: 'tool_call_output', output: '# notes', tool_call_id: 'c1', stop_reason: 'completed' }, 700),
  ev({ type: 'request_begin' }),
  mm({ type: 'text', role: 'assistant', text: 'The notes say hi.' }, 400),
  ev({ type: 'token_usage', session: usage(30, 1100), request: usage(10, 600) }),
  ev({ type: 'request_end', status: 'completed' }),
  mm({ type: 'text', role: 'user', text: 'now ask a helper' }, 5000),
  ev({ type: 'request_begin' }),
  ev({ type: 'subagent', session_id: 'session-2026-11-30-19-00-09-9f8e7d6c' }, 200),
  ev({ type: 'abort', reason: 'interrupted by user', by: 'user' }, 300),
];

const attr = (s: { attributes: Record<string, unknown> }, k: string) => s.attributes[k];

describe('traceToSpans', () => {
  const spans = traceToSpans(trace, { captureContent: true });
  const byOp = (op: string) => spans.filter((s) => attr(s, 'gen_ai.operation.name') === op);

  it('MCP: an initialize span per server (its duration, the failure as an error), tools/call inside execute_tool', () => {
    const init = spans.filter((s) => attr(s, 'mcp.method.name') === 'initialize');
    const end = Date.parse(trace[2]!.timestamp);
    expect(init.map((s) => [attr(s, 'floe.mcp.server'), s.endMs - s.startMs, s.endMs, s.status.code])).toEqual([
      ['files', 412, end, 0],
      ['tickets', 900, end, 2],
    ]);
    const mcpTool = byOp('execute_tool').find((s) => attr(s, 'gen_ai.tool.call.id') === 'c1')!;
    expect(attr(mcpTool, 'gen_ai.tool.type')).toBe('extension');
    expect(attr(mcpTool, 'floe.tool.target')).toBe('mcp__files__read_file');
    const call = spans.find((s) => attr(s, 'mcp.method.name') === 'tools/call')!;
    expect(call.name).toBe('tools/call read_file');
    expect(call.parentSpanId).toBe(mcpTool.spanId);
    expect([call.startMs, call.endMs]).toEqual([Date.parse(trace[6]!.timestamp), mcpTool.endMs]);
  });

  it('a denied call is an error span with its approval; tasks split at the next prompt; an abort ends one', () => {
    const denied = byOp('execute_tool').find((s) => attr(s, 'gen_ai.tool.call.id') === 'c2')!;
    expect([denied.status.code, attr(denied, 'error.type'), attr(denied, 'floe.approval.decided_by')]).toEqual([
      2,
      'denied',
      'human',
    ]);
    expect(denied.events.map((e) => e.name)).toEqual(['floe.approval_decision']);
    const tasks = byOp('invoke_agent');
    expect(tasks).toHaveLength(2);
    expect(tasks[1]!.startMs).toBe(Date.parse(trace[17]!.timestamp));
    expect(tasks[1]!.status.code).toBe(2);
    expect(tasks[1]!.events.map((e) => [e.name, e.attributes])).toEqual([
      ['floe.subagent', { 'floe.subagent.session_id': 'session-2026-11-30-19-00-09-9f8e7d6c' }],
      ['floe.abort', { reason: 'interrupted by user' }],
    ]);
    expect(JSON.parse(String(attr(tasks[0]!, 'gen_ai.output.messages')))[0].parts[0].content).toBe('The notes say hi.');
    // every span of a task shares its trace id; tasks differ
    for (const s of spans.filter((s) => s !== tasks[1] && s.traceId === tasks[1]!.traceId))
      expect(s.parentSpanId).toBe(tasks[1]!.spanId);
    expect(tasks[0]!.traceId).not.toBe(tasks[1]!.traceId);
  });

  it('encodes as valid OTLP JSON, and the OTLP import reads the calls, outputs, MCP results and usage back', () => {
    const doc = exportRequest(spans);
    const validate = new Ajv({ strict: false }).compile(OTLP_TRACE_REQUEST_SCHEMA);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    const back = otlpToMessages(JSON.stringify(doc));
    if ('error' in back) throw new Error(back.error);
    const pick = (list: OmniMessage[], type: string) =>
      list.filter((m) => (m.payload as { type?: string }).type === type).map((m) => [m.timestamp, m.payload]);
    for (const type of ['tool_call', 'tool_call_output', 'token_usage', 'request_begin', 'mcp_connect_end', 'subagent'])
      expect(pick(back.messages, type), type).toEqual(pick(trace, type));
    expect(pick(back.messages, 'approval_decision').map(([, p]) => p)).toEqual(
      pick(trace, 'approval_decision').map(([, p]) => p),
    );
  });
});

describe('records of one millisecond', () => {
  it('two tool outputs written in the same millisecond come back in the order they finished, not of their calls', () => {
    const ms = Date.parse('2026-11-30T20:00:00.000Z');
    const ts = (d: number) => new Date(ms + d).toISOString();
    const rec = (d: number, type: string, payload: object) => ({ timestamp: ts(d), type, payload }) as OmniMessage;
    const call = (id: string) => ({
      type: 'tool_call',
      name: 'exec_command',
      arguments: '{"cmd":"true"}',
      tool_call_id: id,
    });
    const out = (id: string) => ({ type: 'tool_call_output', output: id, tool_call_id: id, stop_reason: 'completed' });
    const same: OmniMessage[] = [
      { ...meta(), timestamp: ts(0) },
      rec(1, 'model_msg', { type: 'text', role: 'user', text: 'two at once' }),
      rec(2, 'event_msg', { type: 'request_begin' }),
      rec(3, 'model_msg', call('first')),
      rec(3, 'model_msg', call('second')),
      rec(4, 'event_msg', { type: 'request_end', status: 'completed' }),
      // the second call finished first, in the same millisecond as the first
      rec(9, 'model_msg', out('second')),
      rec(9, 'model_msg', out('first')),
    ];
    const back = otlpToMessages(JSON.stringify(exportRequest(traceToSpans(same, { captureContent: true }))));
    if ('error' in back) throw new Error(back.error);
    const outputs = back.messages.filter((m) => (m.payload as { type?: string }).type === 'tool_call_output');
    expect(outputs.map((m) => [m.timestamp, (m.payload as { tool_call_id: string }).tool_call_id])).toEqual([
      [ts(9), 'second'],
      [ts(9), 'first'],
    ]);
  });
});
