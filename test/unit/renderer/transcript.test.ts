import { describe, expect, it } from 'vitest';
import { exitNotes } from '../../../shared/omni/output-notes.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import {
  argSummary,
  emptyTranscript,
  formatMs,
  formatTokens,
  prettyArgs,
  reduceAll,
  withFooters,
  reduceMessage,
  targetOf,
  toolStatus,
  type AssistantItem,
  type RequestItem,
  type SubagentItem,
  type ToolItem,
} from '../../../renderer/src/features/chat/transcript.js';

let clock = Date.parse('2025-01-01T00:00:00.000Z');
const ts = (): string => new Date((clock += 100)).toISOString();
const model = (payload: any, origin?: string[]): OmniMessage => ({
  timestamp: ts(),
  type: 'model_msg',
  payload,
  ...(origin ? { origin } : {}),
});
const event = (payload: any, origin?: string[]): OmniMessage => ({
  timestamp: ts(),
  type: 'event_msg',
  payload,
  ...(origin ? { origin } : {}),
});

describe('transcript reducer', () => {
  it('streams assistant text and replaces the draft with the complete message', () => {
    let t = reduceAll(emptyTranscript(), [
      model({ type: 'text', role: 'user', text: 'hi' }),
      event({ type: 'request_begin' }),
      model({ type: 'partial_text', event_type: 'start', text: 'Hel' }),
      model({ type: 'partial_text', event_type: 'delta', text: 'lo ' }),
    ]);
    const draft = t.items.find((i) => i.kind === 'assistant') as AssistantItem;
    expect(draft.text).toBe('Hello ');
    expect(draft.streaming).toBe(true);
    t = reduceAll(t, [
      model({ type: 'partial_text', event_type: 'stop' }),
      model({ type: 'text', role: 'assistant', text: 'Hello world' }),
    ]);
    const done = t.items.filter((i) => i.kind === 'assistant') as AssistantItem[];
    expect(done).toHaveLength(1);
    expect(done[0]!.text).toBe('Hello world');
    expect(done[0]!.streaming).toBe(false);
    expect(t.items.map((i) => i.kind)).toEqual(['user', 'request', 'assistant']);
  });

  it('complete messages alone (a trace) give the same items as the stream', () => {
    const t = reduceAll(emptyTranscript(), [
      model({ type: 'text', role: 'user', text: 'q' }),
      model({ type: 'thinking', thinking: 'hmm' }),
      model({ type: 'text', role: 'assistant', text: 'a' }),
    ]);
    expect(t.items.map((i) => i.kind)).toEqual(['user', 'thinking', 'assistant']);
  });

  it('builds a tool card from partial args, the decision, live output and the final output', () => {
    let t = reduceAll(emptyTranscript(), [
      model({ type: 'partial_tool_call', event_type: 'start', tool_call_id: 'c1', name: 'execute_extra_tool' }),
      model({
        type: 'partial_tool_call',
        event_type: 'delta',
        tool_call_id: 'c1',
        arguments: '{"tool_name":"mcp__fs__read",',
      }),
    ]);
    let tool = t.items[0] as ToolItem;
    expect(tool.argsComplete).toBe(false);
    expect(toolStatus(tool, false)).toBe('streaming');
    t = reduceAll(t, [
      model({
        type: 'tool_call',
        tool_call_id: 'c1',
        name: 'execute_extra_tool',
        arguments: '{"tool_name":"mcp__fs__read","params":{"path":"a"}}',
      }),
      event({
        type: 'approval_decision',
        decision: 'allow',
        tool_call_id: 'c1',
        tool_name: 'mcp__fs__read',
        decided_by: 'human',
      }),
      model({ type: 'partial_tool_call_output', event_type: 'start', tool_call_id: 'c1' }),
      model({ type: 'partial_tool_call_output', event_type: 'delta', tool_call_id: 'c1', output: 'line1\n' }),
    ]);
    tool = t.items[0] as ToolItem;
    expect(tool.output).toBe('line1\n');
    expect(tool.target).toBe('mcp__fs__read');
    expect(targetOf(tool)).toBe('mcp__fs__read');
    expect(toolStatus(tool, false)).toBe('running');
    t = reduceMessage(
      t,
      model({ type: 'tool_call_output', tool_call_id: 'c1', output: 'line1\n[exit code: 3]', stop_reason: 'failed' }),
    );
    tool = t.items[0] as ToolItem;
    expect(tool.done).toBe(true);
    expect(toolStatus(tool, false)).toBe('failed');
    expect(exitNotes(tool.output)).toEqual(['[exit code: 3]']);
    expect(t.items).toHaveLength(1);
  });

  it('marks a denied call', () => {
    const t = reduceAll(emptyTranscript(), [
      model({ type: 'tool_call', tool_call_id: 'c2', name: 'exec_command', arguments: '{"cmd":"rm -rf x"}' }),
      event({ type: 'approval_decision', decision: 'deny', tool_call_id: 'c2', decided_by: 'human' }),
      model({
        type: 'tool_call_output',
        tool_call_id: 'c2',
        output: 'Tool call denied by user.',
        stop_reason: 'aborted',
      }),
    ]);
    const tool = t.items[0] as ToolItem;
    expect(toolStatus(tool, false)).toBe('denied');
    expect(toolStatus(tool, true)).toBe('waiting');
  });

  it('nests origin-tagged messages in a subagent card, recursively', () => {
    const t = reduceAll(emptyTranscript(), [
      model({ type: 'tool_call', tool_call_id: 'p1', name: 'run_subagent', arguments: '{"prompt":"x"}' }),
      event({ type: 'subagent', session_id: 'child-1' }),
      model({ type: 'text', role: 'user', text: 'x' }, ['child-1']),
      model({ type: 'tool_call', tool_call_id: 'k1', name: 'exec_command', arguments: '{"cmd":"ls"}' }, ['child-1']),
      model({ type: 'text', role: 'assistant', text: 'deep' }, ['child-1', 'grandchild']),
    ]);
    expect(t.items.map((i) => i.kind)).toEqual(['tool', 'subagent']);
    const sub = t.items[1] as SubagentItem;
    expect(sub.sessionId).toBe('child-1');
    expect(sub.child.items.map((i) => i.kind)).toEqual(['user', 'tool', 'subagent']);
    const inner = sub.child.items[2] as SubagentItem;
    expect(inner.sessionId).toBe('grandchild');
    expect((inner.child.items[0] as AssistantItem).text).toBe('deep');
  });

  it('attaches duration, tokens and retry data to the request and keeps the session total', () => {
    clock = Date.parse('2025-01-01T00:00:00.000Z');
    const t = reduceAll(emptyTranscript(), [
      event({ type: 'request_begin' }),
      event({
        type: 'token_usage',
        session: { cache_read: 0, cache_write: 0, output: 5, total: 50 },
        request: { cache_read: 0, cache_write: 0, output: 5, total: 50 },
      }),
      event({ type: 'request_end', status: 'timeout', error_message: 'slow', attempt: 1, retry_in_ms: 2000 }),
    ]);
    const req = t.items[0] as RequestItem;
    expect(req.durationMs).toBe(200);
    expect(req.tokens?.total).toBe(50);
    expect(req.retryInMs).toBe(2000);
    expect(req.error).toBe('slow');
    expect(t.sessionTokens?.total).toBe(50);
  });

  it('raises the auth banner on request_end auth and clears it on success', () => {
    let t = reduceAll(emptyTranscript(), [
      event({ type: 'request_begin' }),
      event({ type: 'request_end', status: 'auth', error_message: '401 bad key' }),
    ]);
    expect(t.auth).toBe('401 bad key');
    t = reduceAll(t, [event({ type: 'request_begin' }), event({ type: 'request_end', status: 'completed' })]);
    expect(t.auth).toBeUndefined();
  });

  it('keeps one line for a request retried after producing nothing: the latest attempt, its count and error', () => {
    const refused = 'unreachable: cannot reach x (ECONNREFUSED)';
    const t = reduceAll(emptyTranscript(), [
      event({ type: 'request_begin' }),
      event({ type: 'request_end', status: 'timeout', error_message: 'timeout: slow', attempt: 1, retry_in_ms: 20 }),
      event({ type: 'request_begin' }),
      event({ type: 'request_end', status: 'timeout', error_message: refused, attempt: 2 }),
    ]);
    expect(t.view.map((i) => i.kind)).toEqual(['request']);
    const req = t.view[0] as RequestItem;
    expect([req.n, req.attempt, req.error, req.retryInMs]).toEqual([2, 2, refused, undefined]);
    expect(withFooters(t.items)).toEqual(t.view);
  });

  it('clears a stale auth banner when a later attempt fails differently (the banner is the latest attempt)', () => {
    const t = reduceAll(emptyTranscript(), [
      event({ type: 'request_begin' }),
      event({ type: 'request_end', status: 'auth', error_message: 'HTTP 401: bad key' }),
      event({ type: 'request_begin' }),
      event({ type: 'request_end', status: 'timeout', error_message: 'unreachable: cannot reach x (ECONNREFUSED)' }),
    ]);
    expect(t.auth).toBeUndefined();
  });

  it('turns abort and compaction into markers and ignores unknown payloads', () => {
    const t = reduceAll(emptyTranscript(), [
      event({ type: 'abort', reason: 'aborted by user' }),
      event({ type: 'compaction_end' }),
      event({ type: 'something_new' }),
    ]);
    expect(t.items.map((i) => (i.kind === 'marker' ? i.label : i.kind))).toEqual([
      'You stopped the task.',
      'Context compacted',
    ]);
  });

  it('shows a model switch as an info marker naming both models', () => {
    const t = reduceAll(emptyTranscript(), [event({ type: 'model_switch', from: 'a/x', to: 'b/y' })]);
    expect(t.items).toEqual([
      expect.objectContaining({ kind: 'marker', tone: 'info', label: 'Model switched to b/y (was a/x)' }),
    ]);
  });
});

describe('transcript formatting helpers', () => {
  it('pretty-prints valid JSON and leaves partial JSON alone', () => {
    expect(prettyArgs('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyArgs('{"a":')).toBe('{"a":');
  });
  it('summarises a call by its telling argument, through execute_extra_tool', () => {
    expect(argSummary('exec_command', '{"cmd":"ls -la"}')).toBe('ls -la');
    expect(argSummary('execute_extra_tool', '{"tool_name":"read_image","params":{"source":"a.png"}}')).toBe('a.png');
    expect(argSummary('x', 'nope')).toBe('');
  });
  it('formats durations and token counts', () => {
    expect(formatMs(450)).toBe('450 ms');
    expect(formatMs(1500)).toBe('1.5 s');
    expect(formatMs(125_000)).toBe('2 m 5 s');
    expect(formatMs(60_000)).toBe('1 m'); // the trace browser's one format (traces/time.ts), not '1 m 0 s'
    expect(formatMs(5000)).toBe('5 s');
    expect(formatTokens(999)).toBe('999');
    expect(formatTokens(12_345)).toBe('12.3k');
  });
});

describe('context meter in the transcript', () => {
  it('window from session_meta, tokens in context from the last request, 0 after a completed compaction', () => {
    const meta = {
      timestamp: ts(),
      type: 'session_meta',
      payload: { session_id: 's', model_context_window: 4000 },
    } as unknown as OmniMessage;
    const usage = (total: number, output: number) => ({ cache_read: 0, cache_write: 0, output, total });
    let t = reduceAll(emptyTranscript(), [
      meta,
      event({ type: 'request_begin' }),
      event({ type: 'token_usage', request: usage(2100, 100), session: usage(2100, 100) }),
    ]);
    expect([t.contextTokens, t.contextWindow]).toEqual([2000, 4000]);
    t = reduceMessage(t, event({ type: 'compaction_begin', reason: 'manual' }));
    t = reduceMessage(t, event({ type: 'compaction_end', status: 'failed', error: 'aborted' }));
    expect(t.contextTokens).toBe(2000);
    expect(t.items.at(-1)).toMatchObject({
      kind: 'marker',
      tone: 'warn',
      label: 'Compaction failed: aborted; the context is unchanged',
    });
    t = reduceMessage(t, event({ type: 'compaction_end', status: 'completed' }));
    expect(t.contextTokens).toBe(0);
  });
});
