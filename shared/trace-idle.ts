// Idle stretches of a trace's timeline (nothing running between turns), found over all its rows' [start, end]
// spans: the host finds them once per trace (it holds every row), the renderer's axis collapses them (layout.ts's
// warp). Pure.

/** Idle stretches longer than this are collapsed on the axis … */
export const IDLE_GAP_MS = 10_000;
/** … down to this much axis time, marked as a gap. */
export const GAP_KEEP_MS = 1_000;

/** A collapsed stretch: from `from` real ms since t0, `len` real ms cut out. */
export interface IdleCut {
  from: number;
  len: number;
}

/** The stretches to cut out of the axis between the rows' spans (in the order of time). */
export function idleCuts(
  rows: readonly { start: number; end: number }[],
  t0: number,
  minGap = IDLE_GAP_MS,
  keep = GAP_KEEP_MS,
): IdleCut[] {
  const spans = rows.map((r) => [r.start, Math.max(r.start, r.end)] as [number, number]).sort((a, b) => a[0] - b[0]);
  const cuts: IdleCut[] = [];
  let reach = spans.length ? spans[0]![1] : t0;
  for (let i = 1; i < spans.length; i++) {
    const [a, b] = spans[i]!;
    if (a - reach > minGap) cuts.push({ from: reach - t0 + keep / 2, len: a - reach - keep });
    reach = Math.max(reach, b);
  }
  return cuts;
}
