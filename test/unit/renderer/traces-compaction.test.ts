// The timeline's compaction span (issue 10): begin → end is one row with the end's status and the context before
// and after; the text records of the context that follows a completed compaction are kept as its summary
// candidates; a new trace part is marked where it begins. Seed-protocol events without fields still make a span.
import { describe, expect, it } from 'vitest';
import type { ApiTraceRow } from '../../../shared/api.js';
import { flattenTrace, partFileName } from '../../../shared/trace-flatten.js';
import { pickSummary } from '../../../renderer/src/features/traces/summary.js';

const T0 = Date.parse('2025-06-02T09:00:00.000Z');
let off = 0;
const r = (atMs: number, kind: string, f: Partial<ApiTraceRow> = {}): ApiTraceRow => ({
  seq: off,
  offset: (off += 100),
  part: 1,
  status: null,
  length: 99,
  timestamp: new Date(T0 + atMs).toISOString(),
  kind,
  toolName: null,
  toolCallId: null,
  durationMs: null,
  tokens: null,
  origin: [],
  excerpt: '',
  ...f,
});

describe('flattenTrace: compactions', () => {
  it('a completed compaction is a span from begin to end; the next part is marked; its texts are summary candidates', () => {
    off = 0;
    const recs = [
      r(0, 'session_meta'),
      r(100, 'request_begin'),
      r(900, 'request_end'),
      r(1000, 'compaction_begin', { excerpt: 'threshold · auto', tokens: 3755 }),
      r(6400, 'compaction_end', { status: 'completed', excerpt: 'summary', tokens: 310 }),
      r(6450, 'session_meta', { part: 2 }),
      r(6460, 'text', { part: 2, excerpt: 'Find why the build fails' }),
      r(6470, 'text', { part: 2, excerpt: '[Summary of the conversation so far' }),
      r(6500, 'request_begin', { part: 2 }),
      r(7000, 'text', { part: 2, excerpt: 'later answer' }),
      r(7100, 'request_end', { part: 2 }),
    ];
    const rows = flattenTrace(recs, 's-1');
    const span = rows.find((x) => x.kind === 'compaction')!;
    expect(span).toMatchObject({
      label: 'compaction completed',
      status: 'ok',
      start: T0 + 1000,
      end: T0 + 6400,
      durationMs: 5400,
      tokens: 3755,
      detail: 'threshold · auto · 3755 → 310 tokens',
      offsets: [recs[3]!.offset, recs[4]!.offset],
      summaryOffsets: [recs[6]!.offset, recs[7]!.offset],
    });
    const parts = rows.filter((x) => x.markerKind === 'part');
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ label: 'part 2', detail: 's-1_002.jsonl', part: 2, start: T0 + 6450 });
    // the part marker comes right after the span, before the new part's messages
    const order = rows.map((x) => x.markerKind ?? x.kind);
    expect(order.indexOf('part')).toBe(order.indexOf('compaction') + 1);
    expect(rows.filter((x) => x.markerKind === ('compaction' as never))).toEqual([]);
  });

  it('a failed compaction is an error span with its error and no summary; a seed end without status is neutral', () => {
    off = 0;
    const rows = flattenTrace(
      [
        r(0, 'compaction_begin', { excerpt: 'manual · summarize', tokens: 1100 }),
        r(2000, 'compaction_end', { status: 'failed', excerpt: 'aborted' }),
        r(2100, 'text', { excerpt: 'next prompt' }),
        r(3000, 'compaction_begin'),
        r(3500, 'compaction_end'),
      ],
      's-2',
    );
    const spans = rows.filter((x) => x.kind === 'compaction');
    expect(spans.map((x) => [x.label, x.status, x.detail, x.durationMs, x.summaryOffsets])).toEqual([
      ['compaction failed', 'error', 'manual · summarize · aborted', 2000, undefined],
      ['compaction', 'info', '', 500, undefined],
    ]);
  });

  it('an end without a begin is a span of no length; an unclosed begin stays running', () => {
    off = 0;
    const rows = flattenTrace([r(0, 'compaction_end', { status: 'completed' }), r(10, 'compaction_begin')], 's-3');
    expect(rows.map((x) => [x.status, x.end - x.start])).toEqual([
      ['ok', 0],
      ['running', 0],
    ]);
  });

  it('names parts like the files', () => {
    expect(partFileName('s-1', 2)).toBe('s-1_002.jsonl');
    expect(partFileName('s-1', 1234)).toBe('s-1_1234.jsonl');
  });
});

describe('pickSummary', () => {
  const text = (t: string, extra: object = {}) =>
    ({ timestamp: '', type: 'model_msg', payload: { type: 'text', role: 'user', text: t, ...extra } }) as never;
  it("takes Floe's summary (sender compaction) without its header line", () => {
    const floe = text('[Summary of the conversation so far, written when the context was compacted]\n\n## Goal\nG', {
      sender: 'compaction',
    });
    expect(pickSummary([text('my prompt'), floe, text('later')])).toBe('## Goal\nG');
  });
  it('otherwise the last text of the context; null when there is none', () => {
    expect(pickSummary([text('my prompt'), null, text('## Goal\nseed summary')])).toBe('## Goal\nseed summary');
    expect(pickSummary([null])).toBeNull();
  });
});
