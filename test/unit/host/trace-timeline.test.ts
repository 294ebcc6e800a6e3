// The host's timelines (main/host/trace-timeline.ts) over an index of 30 000 records: the rows are those
// flattenTrace makes of all records; the trace is read once in keyset chunks (never with OFFSET) and not again
// while its record count stays; a page is only the rows asked; hidden kinds, search and expanded subagents are
// applied over the whole trace; each row says which row it is nested under.
import { describe, expect, it } from 'vitest';
import { createTimelines, parentsOf } from '../../../main/host/trace-timeline.js';
import type { TraceRow } from '../../../main/store/index.js';
import { traceRowView } from '../../../main/host/views.js';
import { flattenTrace } from '../../../shared/trace-flatten.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

function records(sessionId: string, turns: number, o: { subagent?: string; idleAfter?: number } = {}): TraceRow[] {
  const out: TraceRow[] = [];
  let t = T0;
  const put = (kind: string, f: Partial<TraceRow> = {}) =>
    out.push({
      id: out.length + 1,
      sessionId,
      file: `/h/${sessionId}_001.jsonl`,
      fileNo: 1,
      offset: out.length * 100,
      length: 99,
      timestamp: new Date((t += 5)).toISOString(),
      kind,
      status: null,
      toolName: null,
      toolCallId: null,
      durationMs: null,
      tokens: null,
      origin: null,
      excerpt: '',
      ...f,
    });
  put('session_meta');
  for (let c = 0; c < turns; c++) {
    if (c === o.idleAfter) t += 60_000;
    put('text', { excerpt: `step ${c}` });
    put('request_begin');
    put('tool_call', { toolName: 'exec_command', toolCallId: `call-${c}`, excerpt: `{"cmd":"echo ${c}"}` });
    put('tool_call_output', { toolCallId: `call-${c}`, status: 'ok', excerpt: c === 7 ? 'NEEDLE here' : 'out' });
    if (c === 3 && o.subagent) put('subagent', { excerpt: o.subagent });
    put('text', { excerpt: `turn ${c} done` });
    put('request_end', { status: 'completed' });
  }
  return out;
}

function fakeIndex(traces: Record<string, TraceRow[]>) {
  const calls = { pages: [] as { sessionId: string; after: boolean; offset?: number }[], counts: 0 };
  const index = {
    pageEvents(sessionId: string, p: { after?: TraceRow; limit?: number; offset?: number; text?: string } = {}) {
      calls.pages.push({ sessionId, after: !!p.after, offset: p.offset });
      let all = traces[sessionId] ?? [];
      if (p.text) all = all.filter((r) => r.excerpt.includes(p.text!));
      const from = p.after ? all.findIndex((r) => r.offset > p.after!.offset) : 0;
      return from < 0 ? [] : all.slice(from, from + (p.limit ?? 200));
    },
    countEvents(sessionId: string) {
      calls.counts++;
      return (traces[sessionId] ?? []).length;
    },
  };
  return { calls, index };
}

describe('host timelines', () => {
  const big = records('s1', 5000, { subagent: 'child', idleAfter: 2000 });
  const child = records('child', 3);

  it('flattens the whole trace once, in keyset chunks, and pages only the rows asked', async () => {
    const { calls, index } = fakeIndex({ s1: big, child });
    const t = createTimelines({ traces: index, partStarts: () => new Map() });
    const whole = flattenTrace(
      big.map((r, i) => traceRowView(r, i)),
      's1',
    );
    const p = await t.page({ sessionId: 's1', offset: 0, limit: 200 });
    expect(p.records).toBe(big.length);
    expect(p.total).toBe(whole.length);
    expect(p.rows).toHaveLength(200);
    expect(p.rows.map((r) => r.id)).toEqual(whole.slice(0, 200).map((r) => r.id));
    expect(p.rows[0]!.parent).toBeNull();
    // one chunk per 5 000 records, each after the last one read: never an OFFSET walk
    expect(calls.pages.length).toBe(Math.ceil(big.length / 5000));
    expect(calls.pages.slice(1).every((c) => c.after && !c.offset)).toBe(true);
    // the axis over the whole trace: its span, the minute idle between turns collapsed
    expect(p.t0).toBe(whole[0]!.start);
    expect(p.t1).toBe(Math.max(...whole.map((r) => r.end)));
    expect(p.cuts).toHaveLength(1);
    expect(p.cuts[0]!.len).toBeGreaterThan(50_000);

    // the last page: the index is not read again while the record count stays
    const before = calls.pages.length;
    const last = await t.page({ sessionId: 's1', offset: whole.length - 10, limit: 200 });
    expect(last.rows.map((r) => r.id)).toEqual(whole.slice(-10).map((r) => r.id));
    expect(calls.pages.length).toBe(before);

    // the trace grew: built again
    big.push(
      ...records('s1', 1)
        .slice(1)
        .map((r, i) => ({ ...r, offset: 1e9 + i * 100 })),
    );
    const grown = await t.page({ sessionId: 's1', offset: 0, limit: 1 });
    expect(grown.records).toBe(big.length);
    expect(calls.pages.length).toBeGreaterThan(before);
    big.splice(big.length - 6, 6);
  });

  it('applies hidden kinds, the search and expanded subagents over the whole trace', async () => {
    const { index } = fakeIndex({ s1: big, child });
    const t = createTimelines({ traces: index, partStarts: () => new Map() });
    const all = await t.page({ sessionId: 's1', offset: 0, limit: 0 });
    const noMsg = await t.page({ sessionId: 's1', offset: 0, limit: 2000, hidden: ['message'] });
    expect(noMsg.total).toBe(all.total - 2 * 5000);
    expect(noMsg.rows.some((r) => r.kind === 'message')).toBe(false);

    const hit = await t.page({ sessionId: 's1', offset: 0, limit: 10, text: 'NEEDLE' });
    expect(hit.hits).toBe(1);
    expect(hit.rows.map((r) => r.toolCallId)).toEqual(['call-7']);

    const sub = (await t.page({ sessionId: 's1', offset: 0, limit: 100 })).rows.find((r) => r.kind === 'subagent')!;
    const open = await t.page({ sessionId: 's1', offset: 0, limit: 100, expanded: [sub.id] });
    const childRows = flattenTrace(
      child.map((r, i) => traceRowView(r, i)),
      'child',
      sub.depth + 1,
    );
    expect(open.total).toBe(all.total + childRows.length);
    const at = open.rows.findIndex((r) => r.id === sub.id);
    expect(open.rows.slice(at + 1, at + 1 + childRows.length).map((r) => r.id)).toEqual(childRows.map((r) => r.id));
    expect(open.rows[at + 1]!.parent).toBe(at);
    expect(open.rows[at + 1]!.depth).toBe(sub.depth + 1);

    const found = await t.page({ sessionId: 's1', offset: 0, limit: 0, toolCallId: 'call-4000' });
    const whole = flattenTrace(
      big.map((r, i) => traceRowView(r, i)),
      's1',
    );
    expect(found.index).toBe(whole.findIndex((r) => r.toolCallId === 'call-4000'));
  });

  it('finds the row each row is nested under', () => {
    const rows = [0, 1, 2, 2, 1, 0, 1].map((depth) => ({ depth }));
    expect([...parentsOf(rows)]).toEqual([-1, 0, 1, 1, 0, -1, 5]);
  });
});
