// Pure geometry of the waterfall: bar position/width for a row at a zoom level (the approval wait drawn apart
// from the execution), and idle gaps collapsed on the axis. The axis' ticks and labels are axis.ts. No DOM.
import type { TimelineRow } from '../../../../shared/trace-flatten.js';
import { GAP_KEEP_MS, IDLE_GAP_MS, idleCuts, type IdleCut } from '../../../../shared/trace-idle.js';

export interface Bar {
  left: number;
  width: number;
  /** tool rows: the approval-wait part, from `left` */
  waitWidth: number;
}

const MIN_BAR_PX = 3;

/** Room after the last bar, in px. */
export const AXIS_TAIL_PX = 40;
const MIN_AXIS_PX = 240;
const UNMEASURED_AXIS_PX = 700;

/** The width of the whole span at zoom 1: what the scroller shows beside the labels (0 = not measured yet). */
export function axisWidth(scrollerWidth: number, labelWidth: number): number {
  if (scrollerWidth <= 0) return UNMEASURED_AXIS_PX;
  return Math.max(MIN_AXIS_PX, Math.floor(scrollerWidth - labelWidth - AXIS_TAIL_PX));
}

/** `width` is the pixel width of the whole span at zoom 1; zoom multiplies it. */
export function pxPerMs(t0: number, t1: number, width: number, zoom: number): number {
  return (Math.max(1, width) / Math.max(1, t1 - t0)) * Math.max(0.01, zoom);
}

export function barOf(r: TimelineRow, t0: number, scale: number): Bar {
  const left = Math.max(0, (r.start - t0) * scale);
  const width = Math.max(MIN_BAR_PX, (r.end - r.start) * scale);
  const waitWidth = r.waitEnd !== undefined ? Math.min(width, Math.max(0, (r.waitEnd - r.start) * scale)) : 0;
  return { left, width, waitWidth };
}

export { GAP_KEEP_MS };

export interface Warp {
  /** real ms since t0 → axis ms since t0 */
  map(t: number): number;
  /** axis ms since t0 → real ms since t0 */
  unmap(at: number): number;
  /** collapsed gaps: axis position and real length */
  gaps: { at: number; ms: number }[];
  /** axis length of [t0, t1] */
  span: number;
}

/** The time axis with idle gaps between activity (rows' [start, end]) collapsed. */
export function idleWarp(
  rows: readonly Pick<TimelineRow, 'start' | 'end'>[],
  t0: number,
  t1: number,
  minGap = IDLE_GAP_MS,
  keep = GAP_KEEP_MS,
): Warp {
  return warpOf(idleCuts(rows, t0, minGap, keep), t0, t1, keep);
}

/** The time axis with the given idle stretches (idleCuts) collapsed. */
export function warpOf(cuts: readonly IdleCut[], t0: number, t1: number, keep = GAP_KEEP_MS): Warp {
  const map = (t: number): number => {
    let x = t - t0;
    let out = x;
    for (const c of cuts) out -= Math.min(Math.max(0, x - c.from), c.len);
    x = out;
    return x;
  };
  const unmap = (at: number): number => {
    let real = at;
    for (const c of cuts) {
      const cutAt = map(t0 + c.from);
      if (at > cutAt) real += c.len;
    }
    return real;
  };
  const gaps = cuts.map((c) => ({ at: map(t0 + c.from), ms: c.len + keep }));
  return { map: (t) => map(t), unmap, gaps, span: map(t1) };
}
