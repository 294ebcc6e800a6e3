// The one interpreter of the protocol (shared/omni/interpret.ts): every payload type read into its fact, mistyped
// and missing fields tolerated, traces written before the structured fields existed read by what they carry, and
// the three displays (trace index rows → timeline, transcript) agreeing on how each tool call ended.
import { describe, expect, it } from 'vitest';
import type { ApiTraceRow } from '../../../shared/api.js';
import { callTarget, keyArgument } from '../../../shared/omni/call-args.js';
import {
  interpret,
  outcomeOfStatus,
  recordType,
  requestOutcome,
  toolOutcome,
  type Fact,
} from '../../../shared/omni/interpret.js';
import type { EventPayload, ModelMsgPayload, OmniMessage } from '../../../shared/omni/types.js';
import { describeRecord } from '../../../main/store/trace-row.js';
import {
  emptyTranscript,
  reduceAll,
  toolStatus,
  type ToolItem,
} from '../../../renderer/src/features/chat/transcript.js';
import { flattenTrace } from '../../../shared/trace-flatten.js';

const TS = '2026-12-01T10:00:00.000Z';
const usage = { cache_read: 1, cache_write: 2, output: 3, total: 40 };

/** One sample of every payload type the protocol defines; the compiler insists on each. */
const SAMPLES: Record<EventPayload['type'] | ModelMsgPayload['type'], object> = {
  text: { type: 'text', role: 'assistant', text: 'done', stop_reason: 'completed' },
  thinking: { type: 'thinking', thinking: 'hmm' },
  tool_call: { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"ls"}', tool_call_id: 'c1' },
  tool_call_output: {
    type: 'tool_call_output',
    output: 'x\n[exit code: 2]',
    tool_call_id: 'c1',
    stop_reason: 'failed',
    exit_code: 2,
  },
  image_url: { type: 'image_url', image_url: 'https://x/a.png' },
  inline_data: { type: 'inline_data', data: 'AAAA', mime_type: 'image/png' },
  partial_text: { type: 'partial_text', event_type: 'delta', text: 'He' },
  partial_thinking: { type: 'partial_thinking', event_type: 'start', thinking: 'h' },
  partial_tool_call: { type: 'partial_tool_call', event_type: 'delta', tool_call_id: 'c1', arguments: '{"cm' },
  partial_tool_call_output: { type: 'partial_tool_call_output', event_type: 'delta', tool_call_id: 'c1', output: 'x' },
  tool_list_ready: { type: 'tool_list_ready', tools: [{ name: 'exec_command', description: '', parameters: {} }] },
  mcp_connect_begin: { type: 'mcp_connect_begin', servers: ['files'] },
  mcp_connect_end: {
    type: 'mcp_connect_end',
    status: 'partial',
    results: [
      { server: 'files', status: 'connected', duration_ms: 1, tool_count: 2 },
      { server: 'tickets', status: 'failed', duration_ms: 9, tool_count: 0, error: 'timeout' },
    ],
  },
  request_begin: { type: 'request_begin' },
  request_end: { type: 'request_end', status: 'timeout', error_message: 'slow', attempt: 2, retry_in_ms: 4000 },
  approval_decision: {
    type: 'approval_decision',
    decision: 'deny',
    tool_call_id: 'c1',
    tool_name: 'mcp__fs__write',
    decided_by: 'rule',
    rule: 'deny rm *',
    mode: 'always-ask',
  },
  token_usage: { type: 'token_usage', session: usage, request: usage },
  compaction_begin: { type: 'compaction_begin', reason: 'threshold', mode: 'auto', context: 9000, turns: 4 },
  compaction_end: { type: 'compaction_end', status: 'completed', mode: 'prune', pruned: 3, context: 4000 },
  abort: { type: 'abort', reason: 'aborted by user', by: 'user' },
  host_died: { type: 'host_died', pid: 42, kind: 'floe run', since: TS },
  subagent: { type: 'subagent', session_id: 'child-1' },
  warning: { type: 'warning', source: 'shell', message: 'no login environment' },
  model_switch: { type: 'model_switch', from: 'local/qwen3', to: 'openai/gpt-5' },
  sandbox_violation: {
    type: 'sandbox_violation',
    tool_call_id: 'c1',
    kind: 'network',
    target: 'evil.example.com',
    message: 'evil.example.com is not allowed',
    source: 'proxy',
  },
};

const MODEL_TYPES = new Set([
  'text',
  'thinking',
  'tool_call',
  'tool_call_output',
  'image_url',
  'inline_data',
  'partial_text',
  'partial_thinking',
  'partial_tool_call',
  'partial_tool_call_output',
]);
const msg = (payload: object, origin?: string[]): OmniMessage =>
  ({
    timestamp: TS,
    type: MODEL_TYPES.has((payload as { type: string }).type) ? 'model_msg' : 'event_msg',
    payload,
    ...(origin ? { origin } : {}),
  }) as OmniMessage;
const fact = (payload: object): Fact => interpret(msg(payload));

describe('interpret: every payload type', () => {
  it('reads each type into its own fact, never "other"', () => {
    for (const [type, payload] of Object.entries(SAMPLES)) {
      const f = fact(payload);
      expect([type, f.type, f.kind === 'other']).toEqual([type, type, false]);
    }
  });

  it('reads every field of each fact', () => {
    const f = (t: keyof typeof SAMPLES) => fact(SAMPLES[t]);
    expect(f('text')).toEqual({ type: 'text', kind: 'assistant', text: 'done', stopReason: 'completed' });
    expect(fact({ type: 'text', role: 'user', text: 'hi', sender: 'ann' })).toEqual({
      type: 'text',
      kind: 'user',
      text: 'hi',
      sender: 'ann',
    });
    expect(f('thinking')).toEqual({ type: 'thinking', kind: 'thinking', text: 'hmm' });
    expect(f('tool_call')).toEqual({
      type: 'tool_call',
      kind: 'tool_call',
      toolCallId: 'c1',
      name: 'exec_command',
      args: '{"cmd":"ls"}',
    });
    expect(f('tool_call_output')).toEqual({
      type: 'tool_call_output',
      kind: 'tool_output',
      toolCallId: 'c1',
      output: 'x\n[exit code: 2]',
      stopReason: 'failed',
      outcome: 'error',
      exitCode: 2,
    });
    expect(f('image_url')).toEqual({ type: 'image_url', kind: 'image', src: 'https://x/a.png', inline: false });
    expect(f('inline_data')).toEqual({
      type: 'inline_data',
      kind: 'image',
      src: 'data:image/png;base64,AAAA',
      inline: true,
    });
    expect(f('partial_text')).toEqual({
      type: 'partial_text',
      kind: 'stream',
      stream: 'text',
      event: 'delta',
      text: 'He',
    });
    expect(f('partial_thinking')).toEqual({
      type: 'partial_thinking',
      kind: 'stream',
      stream: 'thinking',
      event: 'start',
      text: 'h',
    });
    expect(f('partial_tool_call')).toEqual({
      type: 'partial_tool_call',
      kind: 'call_stream',
      toolCallId: 'c1',
      args: '{"cm',
    });
    expect(f('partial_tool_call_output')).toEqual({
      type: 'partial_tool_call_output',
      kind: 'output_stream',
      toolCallId: 'c1',
      text: 'x',
    });
    expect(f('tool_list_ready')).toEqual({ type: 'tool_list_ready', kind: 'tools_ready', tools: ['exec_command'] });
    expect(f('mcp_connect_begin')).toEqual({ type: 'mcp_connect_begin', kind: 'mcp_begin', servers: ['files'] });
    expect(f('mcp_connect_end')).toEqual({
      type: 'mcp_connect_end',
      kind: 'mcp_end',
      results: [
        { server: 'files', failed: false, detail: 'connected' },
        { server: 'tickets', failed: true, detail: 'timeout' },
      ],
      failed: ['tickets'],
    });
    expect(f('request_begin')).toEqual({ type: 'request_begin', kind: 'request_begin' });
    expect(f('request_end')).toEqual({
      type: 'request_end',
      kind: 'request_end',
      status: 'timeout',
      outcome: 'error',
      error: 'slow',
      attempt: 2,
      retryInMs: 4000,
    });
    expect(f('approval_decision')).toEqual({
      type: 'approval_decision',
      kind: 'approval',
      toolCallId: 'c1',
      decision: 'deny',
      by: 'rule',
      rule: 'deny rm *',
      mode: 'always-ask',
      target: 'mcp__fs__write',
    });
    expect(f('token_usage')).toEqual({ type: 'token_usage', kind: 'usage', request: usage, session: usage });
    expect(f('compaction_begin')).toEqual({
      type: 'compaction_begin',
      kind: 'compaction_begin',
      reason: 'threshold',
      mode: 'auto',
      context: 9000,
      turns: 4,
      focus: undefined,
    });
    expect(f('compaction_end')).toEqual({
      type: 'compaction_end',
      kind: 'compaction_end',
      ok: true,
      error: undefined,
      mode: 'prune',
      pruned: 3,
      context: 4000,
      usage: undefined,
    });
    expect(fact({ type: 'compaction_end', status: 'failed', error: 'interrupted' })).toMatchObject({
      ok: false,
      error: 'interrupted',
    });
    expect(f('abort')).toEqual({ type: 'abort', kind: 'abort', reason: 'aborted by user', byUser: true });
    expect(f('host_died')).toEqual({
      type: 'host_died',
      kind: 'host_died',
      text: 'the process running the session died (floe run, pid 42)',
      pid: 42,
      host: 'floe run',
      since: TS,
    });
    expect(f('subagent')).toEqual({ type: 'subagent', kind: 'subagent', sessionId: 'child-1' });
    expect(f('model_switch')).toEqual({
      type: 'model_switch',
      kind: 'model_switch',
      from: 'local/qwen3',
      to: 'openai/gpt-5',
      text: 'model switched to openai/gpt-5 (was local/qwen3)',
    });
    expect(f('warning')).toEqual({
      type: 'warning',
      kind: 'warning',
      source: 'shell',
      message: 'no login environment',
    });
    expect(f('sandbox_violation')).toEqual({
      type: 'sandbox_violation',
      kind: 'violation',
      toolCallId: 'c1',
      what: 'network',
      target: 'evil.example.com',
      message: 'evil.example.com is not allowed',
      exact: true,
    });
  });

  it('reads session_meta, and an unknown payload type as "other"', () => {
    const meta = {
      timestamp: TS,
      type: 'session_meta',
      payload: { session_id: 's', provider: 'local', model_id: 'q', model_context_window: 32000, workspace: '/w' },
    } as OmniMessage;
    expect(interpret(meta)).toEqual({
      type: 'session_meta',
      kind: 'session',
      provider: 'local',
      model: 'q',
      contextWindow: 32000,
      workspace: '/w',
    });
    expect(recordType(meta)).toBe('session_meta');
    expect(fact({ type: 'something_new', x: 1 })).toEqual({ type: 'something_new', kind: 'other' });
  });

  it('never throws on missing or mistyped fields: they come out absent or empty', () => {
    expect(fact({ type: 'tool_call_output', output: 7, stop_reason: 'weird', exit_code: 'x', images: [1] })).toEqual({
      type: 'tool_call_output',
      kind: 'tool_output',
      toolCallId: '',
      output: '',
      stopReason: undefined,
      outcome: 'ok',
    });
    expect(fact({ type: 'approval_decision', decision: 'maybe', decided_by: 'cat' })).toEqual({
      type: 'approval_decision',
      kind: 'approval',
      toolCallId: '',
      decision: 'allow',
    });
    expect(fact({ type: 'token_usage', request: { total: 'many' } })).toEqual({
      type: 'token_usage',
      kind: 'usage',
      request: undefined,
      session: undefined,
    });
    expect(fact({ type: 'mcp_connect_end', results: [null, 'x', { status: 'completed' }] })).toMatchObject({
      results: [{ server: '?', failed: false, detail: 'completed' }],
      failed: [],
    });
    expect(fact({ type: 'host_died' })).toMatchObject({ text: 'the process running the session died' });
    expect(interpret({ timestamp: TS, type: 'event_msg' } as unknown as OmniMessage)).toEqual({
      type: 'event_msg',
      kind: 'other',
    });
  });
});

describe('interpret: how a tool call ended', () => {
  const out = (extra: object) =>
    fact({ type: 'tool_call_output', output: 'o', tool_call_id: 'c', ...extra }) as Extract<
      Fact,
      { kind: 'tool_output' }
    >;

  it('reads the structured fields: stop_reason, exit_code, aborted_by', () => {
    expect(out({ stop_reason: 'completed' }).outcome).toBe('ok');
    expect(out({ stop_reason: 'completed', exit_code: 0 }).outcome).toBe('ok');
    expect(out({ stop_reason: 'failed', exit_code: 3 }).outcome).toBe('error');
    expect(out({ stop_reason: 'failed' }).outcome).toBe('error');
    expect(out({ stop_reason: 'timeout' }).outcome).toBe('error');
    expect(out({ stop_reason: 'aborted', aborted_by: 'user' }).outcome).toBe('aborted');
    expect(out({ stop_reason: 'aborted', aborted_by: 'host' }).outcome).toBe('interrupted');
    expect(out({ stop_reason: 'aborted', aborted_by: 'approval' }).outcome).toBe('denied');
  });

  it('reads older traces (no exit_code, no aborted_by) by their stop_reason, never by the output text', () => {
    expect(out({ stop_reason: 'aborted', output: '[interrupted: tool aborted by user]' }).outcome).toBe('aborted');
    expect(out({ stop_reason: 'failed', output: 'x\n[exit code: 2]' }).outcome).toBe('error');
    expect(out({ output: '[exit code: 2] looks like a note but the call completed' }).outcome).toBe('ok');
    expect(out({ stop_reason: 'completed', output: '[interrupted: tool aborted by user]' }).outcome).toBe('ok');
  });

  it('toolOutcome: a denial wins, then who aborted, then the exit code and the stop reason', () => {
    expect(toolOutcome({ stopReason: 'aborted' }, 'deny')).toBe('denied');
    expect(toolOutcome({ stopReason: 'aborted' }, 'forbidden')).toBe('denied');
    expect(toolOutcome({ stopReason: 'aborted' }, 'allow')).toBe('aborted');
    expect(toolOutcome({ stopReason: 'aborted', abortedBy: 'host' }, 'allow')).toBe('interrupted');
    expect(toolOutcome({ stopReason: 'completed', exitCode: 1 })).toBe('error');
    expect(toolOutcome({})).toBe('ok');
  });

  it('outcomeOfStatus: the outcome words of new index rows, the stop_reason of old ones', () => {
    expect(['ok', 'error', 'denied', 'aborted', 'interrupted'].map(outcomeOfStatus)).toEqual([
      'ok',
      'error',
      'denied',
      'aborted',
      'interrupted',
    ]);
    expect(['completed', 'failed', 'timeout', 'malformed', 'aborted'].map(outcomeOfStatus)).toEqual([
      'ok',
      'error',
      'error',
      'error',
      'aborted',
    ]);
    expect([null, undefined, ''].map(outcomeOfStatus)).toEqual([null, null, null]);
    expect(outcomeOfStatus('gibberish')).toBe('error');
  });

  it('requestOutcome: completed is ok, aborted is aborted, any other status or an error message failed', () => {
    expect(requestOutcome('completed')).toBe('ok');
    expect(requestOutcome('aborted', 'the process running the session died')).toBe('aborted');
    expect(['failed', 'timeout', 'malformed', 'auth'].map((s) => requestOutcome(s))).toEqual([
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(requestOutcome(null, 'HTTP 500')).toBe('error');
    expect(requestOutcome(null)).toBe('ok');
  });

  it('abort: `by` says whose it was; older traces without it read the reason the engine wrote', () => {
    const by = (p: object) => (fact({ type: 'abort', ...p }) as Extract<Fact, { kind: 'abort' }>).byUser;
    expect([by({ by: 'user', reason: 'x' }), by({ by: 'host', reason: 'aborted by user' })]).toEqual([true, false]);
    expect([by({}), by({ reason: 'interrupted by user (Ctrl-C)' }), by({ reason: 'session disposed' })]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('call arguments', () => {
  it('keyArgument: the telling argument, through execute_extra_tool, from cut JSON as far as it goes', () => {
    expect(keyArgument('exec_command', '{"cmd":"ls -la","workdir":"x"}')).toBe('ls -la');
    expect(keyArgument('input_command', '{"process_id":"p1","chars":"y\\n"}')).toBe('y\n');
    expect(keyArgument('input_subagent', '{"subagent_id":"s1"}')).toBe('s1');
    expect(keyArgument('execute_extra_tool', '{"tool_name":"read_file","params":{"path":"a.ts"}}')).toBe('a.ts');
    expect(keyArgument('exec_command', '{"cmd":"echo \\"a\\"; sle')).toBe('echo "a"; sle');
    expect(keyArgument('exec_command', '  {"cmd":"spaced"}')).toBe('spaced');
    expect(keyArgument('x', '{"n":1}')).toBeUndefined();
    expect(keyArgument('x', 'nope')).toBeUndefined();
    expect(keyArgument('x', '')).toBeUndefined();
  });
  it('callTarget: the approval’s resolved target, else execute_extra_tool’s tool_name, else the name', () => {
    expect(callTarget('execute_extra_tool', '{"tool_name":"mcp__fs__read"}')).toBe('mcp__fs__read');
    expect(callTarget('execute_extra_tool', '{"tool_na', 'mcp__fs__read')).toBe('mcp__fs__read');
    expect(callTarget('execute_extra_tool', '{"tool_na')).toBe('execute_extra_tool');
    expect(callTarget('exec_command', '{"cmd":"ls"}')).toBe('exec_command');
  });
});

describe('the three displays agree on how each call ended', () => {
  // one trace: ok, a failing exit, a denial, the person's Stop, a call the crash interrupted, an old-style abort
  const call = (id: string) =>
    msg({ type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"x"}', tool_call_id: id });
  const allow = (id: string, decision = 'allow') =>
    msg({ type: 'approval_decision', decision, tool_call_id: id, decided_by: 'mode' });
  const output = (id: string, extra: object) =>
    msg({ type: 'tool_call_output', output: 'o', tool_call_id: id, ...extra });
  const trace: OmniMessage[] = [
    msg({ type: 'request_begin' }),
    call('ok'),
    allow('ok'),
    output('ok', { stop_reason: 'completed', exit_code: 0 }),
    call('exit'),
    allow('exit'),
    output('exit', { stop_reason: 'failed', exit_code: 2 }),
    call('deny'),
    allow('deny', 'deny'),
    output('deny', { stop_reason: 'aborted', aborted_by: 'approval' }),
    call('stop'),
    allow('stop'),
    output('stop', { stop_reason: 'aborted', aborted_by: 'user' }),
    call('crash'),
    allow('crash'),
    output('crash', { stop_reason: 'aborted', aborted_by: 'host' }),
    call('old'),
    allow('old'),
    output('old', { stop_reason: 'aborted' }),
    msg({ type: 'request_end', status: 'completed' }),
  ];
  const ids = ['ok', 'exit', 'deny', 'stop', 'crash', 'old'];

  it('index status, timeline row and transcript card', () => {
    const rows: ApiTraceRow[] = trace.map((m, i) => {
      const d = describeRecord(m);
      return {
        seq: i,
        offset: i * 100,
        part: 1,
        length: 99,
        timestamp: d.timestamp,
        kind: d.kind,
        status: d.status,
        toolName: d.toolName,
        toolCallId: d.toolCallId,
        durationMs: null,
        tokens: d.tokens,
        origin: [],
        excerpt: d.excerpt,
      };
    });
    const indexed = rows.filter((r) => r.kind === 'tool_call_output').map((r) => r.status);
    expect(indexed).toEqual(['ok', 'error', 'denied', 'aborted', 'interrupted', 'aborted']);
    const timeline = flattenTrace(rows, 's').filter((r) => r.kind === 'tool');
    expect(timeline.map((r) => [r.toolCallId, r.status])).toEqual([
      ['ok', 'ok'],
      ['exit', 'error'],
      ['deny', 'denied'],
      ['stop', 'aborted'],
      ['crash', 'error'],
      ['old', 'aborted'],
    ]);
    const cards = reduceAll(emptyTranscript(), trace).items.filter((i): i is ToolItem => i.kind === 'tool');
    expect(cards.map((c) => [c.toolCallId, toolStatus(c, false)])).toEqual([
      ['ok', 'ok'],
      ['exit', 'failed'],
      ['deny', 'denied'],
      ['stop', 'aborted'],
      ['crash', 'interrupted'],
      ['old', 'aborted'],
    ]);
    expect(cards.map((c) => c.toolCallId)).toEqual(ids);
  });
});
