// Pure statistics for the benchmarks: median, percentiles, ratios, goal verdicts and loop-delay summaries.
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

export type Verdict = 'PASS' | 'MISS';

/** PASS when the figure meets the goal; a NaN or infinite figure never passes. */
export function verdictOf(figure: number, goal: Goal): Verdict {
  if (!Number.isFinite(figure)) return 'MISS';
  switch (goal.op) {
    case '<=':
      return figure <= goal.value ? 'PASS' : 'MISS';
    case '<':
      return figure < goal.value ? 'PASS' : 'MISS';
    case '>=':
      return figure >= goal.value ? 'PASS' : 'MISS';
    case '>':
      return figure > goal.value ? 'PASS' : 'MISS';
  }
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
