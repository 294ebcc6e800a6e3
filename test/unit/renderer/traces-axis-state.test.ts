// The opened trace's axis as the trace store keeps it (traceAxis.ts): every page of rows carries the whole trace's
// axis; while its values stay the same the store keeps the same object, so the grid's warp, labels and memoised rows
// are not computed again for each page fetched (issue 21). Pure.
import { describe, expect, it } from 'vitest';
import type { TimelineRow } from '../../../shared/trace-flatten.js';
import { NO_AXIS, axisOfPage } from '../../../renderer/src/features/traces/traceAxis.js';

const part = (id: string, start: number, n: number) =>
  ({ id, start, part: n, kind: 'marker', markerKind: 'part' }) as unknown as TimelineRow;

/** a page's axis as it comes out of JSON: new arrays and objects every time */
const page = (t1 = 9000, cutLen = 20_000, starts: TimelineRow[] = [part('p2', 5000, 2)]) =>
  JSON.parse(JSON.stringify({ t0: 1000, t1, cuts: [{ from: 3000, len: cutLen }], partStarts: starts }));

describe('axisOfPage', () => {
  it('keeps the same object while a page brings the same values', () => {
    const first = axisOfPage(NO_AXIS, page());
    expect(first).not.toBe(NO_AXIS);
    expect(first).toEqual(page());
    expect(axisOfPage(first, page())).toBe(first);
  });
  it('a new object when the span, an idle cut or a part start changed (the trace grew)', () => {
    const first = axisOfPage(NO_AXIS, page());
    for (const next of [
      page(9500),
      page(9000, 25_000),
      page(9000, 20_000, []),
      page(9000, 20_000, [part('p2', 5001, 2)]),
    ]) {
      const a = axisOfPage(first, next);
      expect(a).not.toBe(first);
      expect(a).toEqual(next);
    }
  });
  it('an empty trace keeps the empty axis', () => {
    expect(axisOfPage(NO_AXIS, { t0: 0, t1: 1, cuts: [], partStarts: [] })).toBe(NO_AXIS);
  });
});
