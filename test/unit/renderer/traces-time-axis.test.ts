// The trace browser's one time format (time.ts), the axis' tick step and label placement (axis.ts: labels never
// overlap) and the treegrid's keyboard model (gridKeys.ts). Pure functions, no DOM.
import { describe, expect, it } from 'vitest';
import {
  LABEL_GAP_PX,
  axisTicks,
  placeAxisLabels,
  type AxisLabel,
  type Measure,
} from '../../../renderer/src/features/traces/axis.js';
import { gridKey, type GridRow } from '../../../renderer/src/features/traces/gridKeys.js';
import { formatDuration, formatOffset, formatTimestamp } from '../../../shared/time-format.js';

describe('formatDuration / formatOffset / formatTimestamp', () => {
  it('one format for every length of time, units stepping up where the rounded value reaches the next', () => {
    const cases: [number, string][] = [
      [0, '0 s'],
      [0.4, '0 s'],
      [1, '1 ms'],
      [250, '250 ms'],
      [999.4, '999 ms'],
      [999.6, '1 s'],
      [1000, '1 s'],
      [1500, '1.5 s'],
      [11_500, '11.5 s'],
      [59_940, '59.9 s'],
      [59_960, '1 m'],
      [60_000, '1 m'],
      [90_000, '1 m 30 s'],
      [3_599_600, '1 h'],
      [7_500_000, '2 h 5 m'],
      [-5, '0 s'],
      [Number.NaN, '—'],
    ];
    for (const [ms, text] of cases) expect([ms, formatDuration(ms)]).toEqual([ms, text]);
    expect(formatOffset(1500)).toBe('+1.5 s');
    expect(formatOffset(Number.POSITIVE_INFINITY)).toBe('—');
  });
  it('a moment reads YYYY-MM-DD HH:MM:SS in local time, from epoch ms or ISO alike; junk reads —', () => {
    const d = new Date(2026, 11, 2, 9, 5, 7, 900); // local time
    expect(formatTimestamp(d.getTime())).toBe('2026-12-02 09:05:07');
    expect(formatTimestamp(d.toISOString())).toBe('2026-12-02 09:05:07');
    expect(formatTimestamp('not a time')).toBe('—');
  });
});

/** 6 px per character plus 4 px of box: like the app's measure, a wider text is a wider box. */
const measure: Measure = (text) => text.length * 6 + 4;

const overlaps = (a: { left: number; right: number }, b: { left: number; right: number }) =>
  a.left < b.right + LABEL_GAP_PX && b.left < a.right + LABEL_GAP_PX;

describe('axisTicks', () => {
  it('takes the smallest step whose spacing holds the widest label plus the gap', () => {
    // 0.08 px/ms: 1 s = 80 px holds "10 s" (28 px); 500 ms = 40 px holds "500 ms" (40 px) but not with the gap
    const { step, ticks } = axisTicks(10_000, 0.08, formatDuration, measure);
    expect(step).toBe(1000);
    expect(ticks.map((t) => t.label).slice(0, 3)).toEqual(['0 s', '1 s', '2 s']);
    expect(ticks.at(-1)!.at).toBe(10_000);
  });
  it('wider labels push the step up: the same scale with long labels spaces the ticks further apart', () => {
    const short = axisTicks(60_000, 0.02, () => 'x', measure).step;
    const long = axisTicks(60_000, 0.02, () => 'a rather long label', measure).step;
    expect(long).toBeGreaterThan(short);
    expect(long * 0.02).toBeGreaterThanOrEqual(measure('a rather long label', 'tick') + LABEL_GAP_PX);
  });
  it('for many scales, consecutive tick labels never come closer than the gap', () => {
    for (const scale of [0.001, 0.013, 0.07, 0.3, 1.7, 9]) {
      const { ticks } = axisTicks(120_000, scale, formatDuration, measure);
      for (let i = 1; i < ticks.length; i++) {
        const a = ticks[i - 1]!;
        const b = ticks[i]!;
        expect(b.at * scale - a.at * scale).toBeGreaterThanOrEqual(measure(a.label, 'tick') + LABEL_GAP_PX);
      }
    }
  });
  it('measures few labels to reject a step: a long trace tries steps of hundreds of labels (issue 21)', () => {
    // a 500 MB trace: 32 minutes over ~1 060 px; steps of 15 s, 30 s and 1 m are tried and rejected, 2 m taken
    const calls: string[] = [];
    const counting: Measure = (text, kind) => (calls.push(text), measure(text, kind));
    const span = 1_934_700;
    const scale = 1060 / span;
    const { step, ticks } = axisTicks(span, scale, formatDuration, counting);
    // the same step as measuring every label of every step tried
    expect(step).toBe(axisTicks(span, scale, formatDuration, measure).step);
    expect(step).toBe(120_000);
    // the step taken has each of its labels measured; each one rejected, one (its last, the longest)
    expect(calls.length).toBeLessThanOrEqual(ticks.length + 3);
  });
});

describe('placeAxisLabels', () => {
  const tick = (x: number, text: string): AxisLabel => ({ key: `t${x}`, kind: 'tick', x, text, align: 'start' });
  it('keeps part starts and gaps, drops the ticks they would touch, and nothing overlaps', () => {
    const labels: AxisLabel[] = [
      tick(0, '0 s'),
      tick(50, '1 s'),
      tick(100, '2 s'),
      tick(150, '3 s'),
      { key: 'g', kind: 'gap', x: 110, text: '⋯ idle 11.5 s', short: '⋯', align: 'center' },
      { key: 'p', kind: 'part', x: 160, text: '_002', align: 'start' },
    ];
    const placed = placeAxisLabels(labels, measure, 0, 1000);
    expect(placed.map((p) => p.key)).toEqual(['t0', 'g', 'p']);
    for (const a of placed) for (const b of placed) if (a !== b) expect(overlaps(a, b)).toBe(false);
  });
  it('a gap label that does not fit in full shows its short form; one running past the axis end is left out', () => {
    const labels: AxisLabel[] = [
      { key: 'p', kind: 'part', x: 100, text: '_002', align: 'start' },
      { key: 'g', kind: 'gap', x: 150, text: '⋯ idle 11.5 s', short: '⋯', align: 'center' },
      tick(190, '9 s'),
    ];
    const placed = placeAxisLabels(labels, measure, 0, 200);
    expect(placed.map((p) => [p.key, p.shown])).toEqual([
      ['p', '_002'],
      ['g', '⋯'],
    ]);
    expect(placed.every((p) => p.left >= 0 && p.right <= 200)).toBe(true);
  });
});

describe('gridKey', () => {
  const rows: GridRow[] = [
    { depth: 0, expandable: false, expanded: false },
    { depth: 0, expandable: true, expanded: true },
    { depth: 1, expandable: false, expanded: false },
    { depth: 1, expandable: false, expanded: false },
    { depth: 0, expandable: true, expanded: false },
  ];
  it('arrows, pages and ends move within the rows', () => {
    expect(gridKey('ArrowDown', 0, rows, 3)).toEqual({ kind: 'move', to: 1 });
    expect(gridKey('ArrowDown', 4, rows, 3)).toEqual({ kind: 'move', to: 4 });
    expect(gridKey('ArrowUp', 0, rows, 3)).toEqual({ kind: 'move', to: 0 });
    expect(gridKey('PageDown', 0, rows, 3)).toEqual({ kind: 'move', to: 3 });
    expect(gridKey('PageUp', 4, rows, 3)).toEqual({ kind: 'move', to: 1 });
    expect(gridKey('Home', 3, rows, 3)).toEqual({ kind: 'move', to: 0 });
    expect(gridKey('End', 0, rows, 3)).toEqual({ kind: 'move', to: 4 });
    expect(gridKey('Enter', 2, rows, 3)).toEqual({ kind: 'select' });
    expect(gridKey(' ', 2, rows, 3)).toEqual({ kind: 'select' });
    expect(gridKey('x', 2, rows, 3)).toBeNull();
    expect(gridKey('ArrowDown', 0, [], 3)).toBeNull();
  });
  it('→ opens a closed subagent or steps into an open one; ← closes it or goes up to the parent', () => {
    expect(gridKey('ArrowRight', 4, rows, 3)).toEqual({ kind: 'expand' });
    expect(gridKey('ArrowRight', 1, rows, 3)).toEqual({ kind: 'move', to: 2 });
    expect(gridKey('ArrowRight', 0, rows, 3)).toBeNull();
    expect(gridKey('ArrowLeft', 1, rows, 3)).toEqual({ kind: 'collapse' });
    expect(gridKey('ArrowLeft', 3, rows, 3)).toEqual({ kind: 'move', to: 1 });
    expect(gridKey('ArrowLeft', 0, rows, 3)).toBeNull();
  });
  it('with rows paged (only some known), ← goes to the parent the row names, → and ends still work', () => {
    // 10 000 rows of which the host sent two pages: the parent of row 9 001 is row 12, not fetched
    const known = new Map<number, GridRow>([
      [9000, { depth: 0, expandable: true, expanded: true, parent: null }],
      [9001, { depth: 1, expandable: false, expanded: false, parent: 12 }],
      [9002, { depth: 1, expandable: false, expanded: false, parent: 12 }],
    ]);
    const paged = { length: 10_000, at: (i: number) => known.get(i) };
    expect(gridKey('ArrowLeft', 9001, paged, 3)).toEqual({ kind: 'move', to: 12 });
    expect(gridKey('ArrowLeft', 9000, paged, 3)).toEqual({ kind: 'collapse' });
    expect(gridKey('ArrowRight', 9000, paged, 3)).toEqual({ kind: 'move', to: 9001 });
    expect(gridKey('End', 9001, paged, 3)).toEqual({ kind: 'move', to: 9999 });
    known.set(9003, { depth: 0, expandable: false, expanded: false, parent: null });
    expect(gridKey('ArrowLeft', 9003, paged, 3)).toBeNull();
  });
});
