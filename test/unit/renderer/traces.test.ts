import { describe, expect, it } from 'vitest';
import type { ApiTraceRow } from '../../../shared/api.js';
import { extent, flattenTrace, rowOfToolCall, visibleRows } from '../../../shared/trace-flatten.js';
import { AXIS_TAIL_PX, axisWidth, barOf, pxPerMs } from '../../../renderer/src/features/traces/layout.js';

let off = 0;
const T0 = Date.parse('2025-01-01T00:00:00.000Z');
const r = (atMs: number, kind: string, f: Partial<ApiTraceRow> = {}): ApiTraceRow => ({
  seq: off,
  offset: (off += 100),
  part: 1,
  length: 99,
  timestamp: new Date(T0 + atMs).toISOString(),
  kind,
  status: null,
  toolName: null,
  toolCallId: null,
  durationMs: null,
  tokens: null,
  origin: [],
  excerpt: '',
  ...f,
});

function sample(): ApiTraceRow[] {
  off = 0;
  return [
    r(0, 'session_meta'),
    r(10, 'text', { excerpt: 'run it' }),
    r(20, 'request_begin'),
    r(300, 'tool_call', { toolName: 'exec_command', toolCallId: 'c1', excerpt: '{"cmd":"printf hello"}' }),
    r(310, 'token_usage', { tokens: 120 }),
    r(320, 'request_end', { durationMs: 300, status: 'completed' }),
    r(2300, 'approval_decision', { toolCallId: 'c1', toolName: 'exec_command', excerpt: 'allow' }),
    r(3300, 'tool_call_output', {
      toolCallId: 'c1',
      toolName: 'exec_command',
      durationMs: 3000,
      status: 'ok',
      excerpt: 'hello\ndone',
    }),
    r(3400, 'request_begin'),
    r(3500, 'request_end', { status: 'failed', excerpt: 'HTTP 500' }),
    r(5500, 'request_begin'),
    r(5600, 'subagent', { excerpt: 'child-1' }),
    r(5700, 'abort', { status: 'user', excerpt: 'aborted by user' }),
    r(5800, 'request_end', { status: 'aborted' }),
  ];
}

describe('flattenTrace', () => {
  it('makes request rows with tokens, duration and status, retries counted', () => {
    const rows = flattenTrace(sample(), 's');
    const reqs = rows.filter((x) => x.kind === 'request');
    expect(reqs).toHaveLength(3);
    expect(reqs[0]).toMatchObject({ tokens: 120, durationMs: 300, status: 'ok', retries: 0 });
    expect(reqs[1]).toMatchObject({ status: 'error', detail: 'HTTP 500' });
    expect(reqs[2]).toMatchObject({ retries: 1, status: 'aborted' });
  });
  it('makes a tool row whose approval wait is apart from its execution', () => {
    const rows = flattenTrace(sample(), 's');
    const tool = rows.find((x) => x.kind === 'tool')!;
    expect(tool.label).toBe('exec_command');
    expect(tool.waitEnd! - tool.start).toBe(2000);
    expect(tool.end - tool.waitEnd!).toBe(1000);
    expect(tool.status).toBe('ok');
    expect(tool.offsets).toHaveLength(3);
    expect(rowOfToolCall(rows, 'c1')).toBe(rows.indexOf(tool));
  });
  it('adds markers for approvals and aborts and a collapsible subagent row', () => {
    const rows = flattenTrace(sample(), 's');
    expect(rows.filter((x) => x.kind === 'marker').map((x) => x.markerKind)).toEqual(['approval', 'abort']);
    expect(rows.find((x) => x.markerKind === 'abort')).toMatchObject({ label: 'stopped by you', status: 'aborted' });
    const sub = rows.find((x) => x.kind === 'subagent')!;
    expect(sub.childSessionId).toBe('child-1');
  });
  it('colours tool calls by the outcome the index recorded, not by their output text', () => {
    off = 0;
    const rows = flattenTrace(
      [
        r(0, 'tool_call', { toolCallId: 'a', toolName: 'exec_command' }),
        r(5, 'approval_decision', { toolCallId: 'a', status: 'deny', excerpt: 'deny' }),
        r(6, 'tool_call_output', { toolCallId: 'a', status: 'denied', excerpt: 'Tool call denied by user.' }),
        r(7, 'tool_call', { toolCallId: 'b', toolName: 'exec_command' }),
        r(9, 'tool_call_output', { toolCallId: 'b', status: 'error', excerpt: 'x\n[exit code: 2]' }),
        r(10, 'tool_call', { toolCallId: 'c', toolName: 'exec_command' }),
        r(11, 'tool_call_output', {
          toolCallId: 'c',
          status: 'aborted',
          excerpt: '[interrupted: tool aborted by user]',
        }),
        r(12, 'tool_call', { toolCallId: 'd', toolName: 'exec_command' }),
        r(13, 'tool_call_output', {
          toolCallId: 'd',
          status: 'interrupted',
          excerpt: '[interrupted: the host stopped]',
        }),
        // text that looks like a failure does not make one: the status says ok
        r(14, 'tool_call', { toolCallId: 'e', toolName: 'exec_command' }),
        r(15, 'tool_call_output', { toolCallId: 'e', status: 'ok', excerpt: '[exit code: 1] is what grep prints' }),
      ],
      's',
    );
    expect(rows.filter((x) => x.kind === 'tool').map((x) => x.status)).toEqual([
      'denied',
      'error',
      'aborted',
      'error',
      'ok',
    ]);
  });
  it('reads rows indexed before outcomes were recorded: status held the stop_reason, the excerpt the decision', () => {
    off = 0;
    const rows = flattenTrace(
      [
        r(0, 'tool_call', { toolCallId: 'a', toolName: 'exec_command' }),
        r(5, 'approval_decision', { toolCallId: 'a', excerpt: 'deny' }),
        r(6, 'tool_call_output', { toolCallId: 'a', status: 'aborted', excerpt: 'Tool call denied by user.' }),
        r(7, 'tool_call', { toolCallId: 'b', toolName: 'exec_command' }),
        r(9, 'tool_call_output', { toolCallId: 'b', status: 'failed', excerpt: 'x\n[exit code: 2]' }),
        r(10, 'tool_call', { toolCallId: 'c', toolName: 'exec_command' }),
        r(11, 'tool_call_output', { toolCallId: 'c', status: 'completed', excerpt: 'fine' }),
      ],
      's',
    );
    expect(rows.filter((x) => x.kind === 'tool').map((x) => x.status)).toEqual(['denied', 'error', 'ok']);
    expect(rows.find((x) => x.kind === 'marker')!.label).toBe('approval: deny');
  });
  it('an abort the process made itself reads apart from the person’s Stop', () => {
    off = 0;
    const rows = flattenTrace(
      [
        r(0, 'abort', { status: 'host', excerpt: 'session disposed' }),
        r(1, 'abort', { status: 'user', excerpt: 'aborted by user' }),
        r(2, 'abort', { excerpt: 'aborted by user' }), // indexed before `by`
        r(3, 'abort', { excerpt: 'trace write failed: disk full' }),
      ],
      's',
    );
    expect(rows.map((x) => [x.label, x.status, x.detail])).toEqual([
      ['aborted by the host', 'error', 'session disposed'],
      ['stopped by you', 'aborted', 'aborted by user'],
      ['stopped by you', 'aborted', 'aborted by user'],
      ['aborted by the host', 'error', 'trace write failed: disk full'],
    ]);
  });
});

describe('visibleRows', () => {
  it('filters by kind and by search matches, and splices expanded children', () => {
    const rows = flattenTrace(sample(), 's');
    expect(visibleRows(rows, { kinds: new Set(['tool']) }).map((x) => x.kind)).toEqual(['tool']);
    const toolOut = sample()[7]!.offset;
    expect(visibleRows(rows, { matches: new Set([toolOut]) }).map((x) => x.kind)).toEqual(['tool']);
    const sub = rows.find((x) => x.kind === 'subagent')!;
    off = 1000;
    const child = flattenTrace([r(5650, 'text', { excerpt: 'child says' })], 'child-1', sub.depth + 1);
    const collapsed = visibleRows(rows, { children: { 'child-1': child } });
    expect(collapsed).toHaveLength(rows.length);
    const open = visibleRows(rows, { children: { 'child-1': child }, expanded: { [sub.id]: true } });
    expect(open).toHaveLength(rows.length + 1);
    expect(open[open.indexOf(sub) + 1]!.depth).toBe(1);
  });
  it('computes the time extent', () => {
    expect(extent(flattenTrace(sample(), 's'))).toEqual({ t0: T0 + 10, t1: T0 + 5800 });
    expect(extent([])).toEqual({ t0: 0, t1: 1 });
  });
  // correctness at size only: how fast is a benchmark's business (timed assertions flake on a loaded machine)
  it('flattens 100 000 records', () => {
    off = 0;
    const recs: ApiTraceRow[] = [];
    for (let i = 0; i < 20_000; i++) {
      recs.push(
        r(i * 10, 'request_begin'),
        r(i * 10 + 1, 'tool_call', { toolCallId: `c${i}` }),
        r(i * 10 + 2, 'approval_decision', { toolCallId: `c${i}`, excerpt: 'allow' }),
        r(i * 10 + 3, 'tool_call_output', { toolCallId: `c${i}` }),
        r(i * 10 + 4, 'request_end'),
      );
    }
    const rows = flattenTrace(recs, 's');
    expect(rows).toHaveLength(60_000);
    expect(rows.filter((x) => x.kind === 'request')).toHaveLength(20_000);
  });
});

describe('timeline layout', () => {
  it('places bars by time and zoom, with the wait part inside the bar', () => {
    const rows = flattenTrace(sample(), 's');
    const { t0, t1 } = extent(rows);
    const scale = pxPerMs(t0, t1, 579, 1);
    expect(scale).toBeCloseTo(0.1);
    const tool = rows.find((x) => x.kind === 'tool')!;
    const bar = barOf(tool, t0, scale);
    expect(bar.left).toBeCloseTo(29);
    expect(bar.width).toBeCloseTo(300);
    expect(bar.waitWidth).toBeCloseTo(200);
    expect(barOf(tool, t0, scale * 2).width).toBeCloseTo(600);
    const marker = rows.find((x) => x.kind === 'marker')!;
    expect(barOf(marker, t0, scale).width).toBe(3);
  });
  it('at zoom 1 the span fills the scroller beside the labels, with a floor; unmeasured → a default', () => {
    // 1020 px of scroller (1440 minus a 420 px detail pane): labels + span + tail = exactly the scroller
    expect(axisWidth(1020, 340)).toBe(1020 - 340 - AXIS_TAIL_PX);
    expect(340 + axisWidth(1020, 340) + AXIS_TAIL_PX).toBe(1020);
    expect(axisWidth(400, 340)).toBe(240);
    expect(axisWidth(0, 340)).toBe(700);
  });
});

describe('visibleRows: unchecked kinds', () => {
  it('hides exactly the unchecked kinds and keeps every other row', () => {
    const rows = flattenTrace(sample(), 's');
    const kinds = new Set(rows.map((x) => x.kind));
    expect(kinds.has('message')).toBe(true);
    const shown = visibleRows(rows, { hidden: new Set(['message']) });
    expect(shown.map((x) => x.kind)).toEqual(rows.filter((x) => x.kind !== 'message').map((x) => x.kind));
    expect(shown.length).toBeGreaterThan(0);
    expect(visibleRows(rows, { hidden: new Set(kinds) })).toEqual([]);
  });
});
