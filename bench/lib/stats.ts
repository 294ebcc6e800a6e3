// Pure statistics for the benchmarks: median, percentiles, spreads (median with min–max), ratios, goal verdicts
// (PASS / at the edge / MISS).
// No I/O, no timers, no process state: everything here is a function of its arguments (unit-tested).

/** Value at quantile q (0..1) of the samples, by linear interpolation between closest ranks. NaN when empty. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile q must be in [0, 1], got ${q}`);
  const s = [...samples].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

export function mean(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  return samples.reduce((a, b) => a + b, 0) / samples.length;
}

/** subject / baseline; NaN when the baseline is not a positive finite number. */
export function ratio(subject: number, baseline: number): number {
  if (!Number.isFinite(baseline) || baseline <= 0 || !Number.isFinite(subject)) return Number.NaN;
  return subject / baseline;
}

export type GoalOp = '<=' | '<' | '>=' | '>';

/** A goal on one figure: `figure op value` (e.g. ratio <= 1.1, p99 < 50 ms). */
export interface Goal {
  /** which figure the goal is about, as printed (e.g. `ratio`, `p99 ms`, `deferred/direct`) */
  figure: string;
  op: GoalOp;
  value: number;
  /** optional human text (defaults to `<figure> <op> <value>`) */
  text?: string;
}

/** Every figure is the median of at least this many runs (makeResult refuses fewer). */
export const MIN_RUNS = 5;

/** A median that meets its goal by less than this fraction of the goal's value is reported "at the edge". */
export const EDGE_MARGIN = 0.1;

/**
 * PASS: the figure meets the goal with more than EDGE_MARGIN to spare. "at the edge": it meets the goal, but within
 * EDGE_MARGIN of it (inside the noise of this shared machine). MISS: it does not meet the goal. NaN never passes.
 */
export type Verdict = 'PASS' | 'at the edge' | 'MISS';

/** Whether one number meets the goal (exactly at a `<=`/`>=` bound counts). NaN or infinite never does. */
export function meetsGoal(figure: number, goal: Goal): boolean {
  if (!Number.isFinite(figure)) return false;
  switch (goal.op) {
    case '<=':
      return figure <= goal.value;
    case '<':
      return figure < goal.value;
    case '>=':
      return figure >= goal.value;
    case '>':
      return figure > goal.value;
  }
}

/** The verdict of a figure (a median) on its goal; see Verdict. */
export function verdictOf(figure: number, goal: Goal): Verdict {
  if (!meetsGoal(figure, goal)) return 'MISS';
  // the 1e-9 absorbs binary rounding (0.66 - 0.6 is a hair above 0.06)
  return Math.abs(figure - goal.value) <= EDGE_MARGIN * Math.abs(goal.value) * (1 + 1e-9) ? 'at the edge' : 'PASS';
}

/** Median, min and max of a series of runs. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** how many runs */
  n: number;
}

/** Median with min–max of the runs; all NaN when there are none or any run is not a finite number. */
export function spread(runs: readonly number[]): Spread {
  const finite = runs.filter((x) => Number.isFinite(x));
  if (runs.length === 0 || finite.length < runs.length)
    return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: runs.length };
  return { median: median(runs), min: Math.min(...runs), max: Math.max(...runs), n: runs.length };
}

/** Per-run ratios subject[i] / baseline[i] (runs paired in the order they were taken). */
export function pairRatios(subject: readonly number[], baseline: readonly number[]): number[] {
  if (subject.length !== baseline.length) {
    throw new RangeError(
      `pairRatios needs as many subject runs (${subject.length}) as baseline runs (${baseline.length})`,
    );
  }
  return subject.map((s, i) => ratio(s, baseline[i]!));
}

export function goalText(goal: Goal): string {
  return goal.text ?? `${goal.figure} ${goal.op} ${goal.value}`;
}

/** Nanoseconds → milliseconds (perf_hooks histograms report ns). */
export const nsToMs = (ns: number): number => ns / 1e6;

/** Units per second for `count` units done in `ms` milliseconds. */
export function perSecond(count: number, ms: number): number {
  if (!(ms > 0)) return Number.NaN;
  return (count * 1000) / ms;
}

/**
 * Orders two kinds of runs alternately (A B B A A B …) so drift on a shared machine hits both sides alike.
 * Returns `n` entries of each kind.
 */
export function interleave<A, B>(n: number, a: A, b: B): (A | B)[] {
  const out: (A | B)[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) out.push(a, b);
    else out.push(b, a);
  }
  return out;
}
