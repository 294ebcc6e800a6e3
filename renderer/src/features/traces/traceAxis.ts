// What the timeline's axis needs over the whole opened trace (the host sends it with every page of rows), and the
// rule that keeps it the same object while its values stay the same: the grid's warp, axis labels and memoised rows
// depend on it, so a page fetched further down does not lay out the axis or render the rows drawn again. Pure.
import type { ApiTimelinePage } from '../../../../shared/api.js';
import type { TimelineRow } from '../../../../shared/trace-flatten.js';
import type { IdleCut } from '../../../../shared/trace-idle.js';

export interface TraceAxis {
  t0: number;
  t1: number;
  cuts: IdleCut[];
  partStarts: TimelineRow[];
}

export const NO_AXIS: TraceAxis = { t0: 0, t1: 1, cuts: [], partStarts: [] };

const sameCuts = (a: readonly IdleCut[], b: readonly IdleCut[]): boolean =>
  a.length === b.length && a.every((c, i) => c.from === b[i]!.from && c.len === b[i]!.len);

/** part starts are the same rows when they have the same ids at the same times */
const sameStarts = (a: readonly TimelineRow[], b: readonly TimelineRow[]): boolean =>
  a.length === b.length && a.every((r, i) => r.id === b[i]!.id && r.start === b[i]!.start && r.part === b[i]!.part);

/** The axis of a page: `prev` itself when the page's axis has the same values, else a new one. */
export function axisOfPage(
  prev: TraceAxis,
  page: Pick<ApiTimelinePage, 't0' | 't1' | 'cuts' | 'partStarts'>,
): TraceAxis {
  if (
    prev.t0 === page.t0 &&
    prev.t1 === page.t1 &&
    sameCuts(prev.cuts, page.cuts) &&
    sameStarts(prev.partStarts, page.partStarts)
  )
    return prev;
  return { t0: page.t0, t1: page.t1, cuts: page.cuts, partStarts: page.partStarts };
}
