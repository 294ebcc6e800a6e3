// Pure layout of the timeline's time axis (issue 25: labels never overlap). The tick step is the smallest "nice"
// step whose spacing in px holds the widest of its labels plus a gap; then every label (part starts first, idle
// gaps next, ticks last) is placed greedily: one that would touch a label already placed, or run past the axis,
// tries its short form and is otherwise left out. Widths come from a `measure` function (canvas text metrics in
// the app, a fixed width per character in tests). No DOM.

/** Nice tick steps in ms. */
const STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
  1_800_000, 3_600_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000,
];

/** Least room between two labels, in px. */
export const LABEL_GAP_PX = 8;
/** Never more ticks than this (a guard against a degenerate scale). */
const MAX_TICKS = 5000;

export type AxisKind = 'tick' | 'gap' | 'part';

export interface AxisLabel {
  key: string;
  kind: AxisKind;
  /** position in px along the axis */
  x: number;
  text: string;
  /** shown instead of `text` when that does not fit */
  short?: string;
  /** where the label sits against `x` */
  align: 'start' | 'center';
}

export interface PlacedLabel extends AxisLabel {
  /** the text shown (`text` or `short`) */
  shown: string;
  left: number;
  right: number;
}

/** Width in px of a label's box (text, padding and border) of a kind. */
export type Measure = (text: string, kind: AxisKind) => number;

/**
 * Ticks every `step` axis-ms over [0, span] at `scale` px/ms, labelled by `label(at)`; the step is the smallest of
 * STEPS whose spacing holds the widest label plus LABEL_GAP_PX (the largest step if none does).
 */
export function axisTicks(
  span: number,
  scale: number,
  label: (at: number) => string,
  measure: Measure,
): { step: number; ticks: { at: number; label: string }[] } {
  const make = (step: number) => {
    const out: { at: number; label: string }[] = [];
    for (let at = 0; at <= span && out.length < MAX_TICKS; at += step) out.push({ at, label: label(at) });
    return out;
  };
  for (const step of STEPS) {
    const px = step * scale;
    if (px < LABEL_GAP_PX || span / step > MAX_TICKS) continue; // no label is that narrow
    const t = make(step);
    // the step holds its widest label when it holds each; the last labels are the longest as a rule, so they are
    // measured first and the first one too wide rejects the step (a long trace tries steps of hundreds of labels)
    let holds = true;
    for (let k = t.length - 1; k >= 0 && holds; k--) holds = px >= measure(t[k]!.label, 'tick') + LABEL_GAP_PX;
    if (holds) return { step, ticks: t };
  }
  const step = STEPS[STEPS.length - 1]!;
  return { step, ticks: make(step) };
}

const boxOf = (l: AxisLabel, text: string, measure: Measure): { left: number; right: number } => {
  const w = measure(text, l.kind);
  const left = l.align === 'center' ? l.x - w / 2 : l.x;
  return { left, right: left + w };
};

const PRIORITY: Record<AxisKind, number> = { part: 0, gap: 1, tick: 2 };

/**
 * Places labels on an axis running from `from` to `to` px so that no two boxes come closer than LABEL_GAP_PX:
 * part starts first, then idle gaps, then ticks, each group left to right. Returns the placed ones by position.
 */
export function placeAxisLabels(
  labels: readonly AxisLabel[],
  measure: Measure,
  from: number,
  to: number,
): PlacedLabel[] {
  const order = [...labels].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.x - b.x);
  const placed: PlacedLabel[] = [];
  const free = (b: { left: number; right: number }) =>
    b.left >= from &&
    b.right <= to &&
    placed.every((p) => b.right + LABEL_GAP_PX <= p.left || b.left >= p.right + LABEL_GAP_PX);
  for (const l of order) {
    for (const text of l.short !== undefined ? [l.text, l.short] : [l.text]) {
      const b = boxOf(l, text, measure);
      if (free(b)) {
        placed.push({ ...l, shown: text, ...b });
        break;
      }
    }
  }
  return placed.sort((a, b) => a.left - b.left);
}
