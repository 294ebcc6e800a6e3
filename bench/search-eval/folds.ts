// Two-fold checking of tuning changes on the search evaluation's tuning set: the queries split into two halves by
// position (even and odd, so every source set and server falls in both), and a change to the ranker's weights is
// kept only when it gains on both halves (a gain on one half alone is likely fitted to that half's queries).
// `tune.ts` searches weights with it. Each source set's score too (`partScores`). Pure (no I/O; unit-tested).
import { kindOf } from './labels.js';
import { score, type QueryOutcome } from './metrics.js';

/** The two halves of a set: queries at even positions, then at odd ones. */
export function halves<T>(items: readonly T[]): [T[], T[]] {
  return [items.filter((_, i) => i % 2 === 0), items.filter((_, i) => i % 2 === 1)];
}

export interface FoldScore {
  /** answerable queries with an acceptable tool in the top 3 */
  top3: number;
  /** answerable queries */
  answerable: number;
  /** no-match queries answered "no strong match" */
  abstained: number;
  /** no-match queries */
  nomatch: number;
  /** sum of reciprocal ranks over answerable queries (a tie-breaker) */
  rr: number;
}

/** The counts of one half's outcomes. */
export function foldScore(outcomes: readonly QueryOutcome[]): FoldScore {
  const s = score(outcomes);
  const nomatch = outcomes.filter((o) => kindOf(o.query) === 'nomatch').length;
  return {
    top3: Math.round(s.top3 * s.answerable) || 0,
    answerable: s.answerable,
    abstained: Math.round((s.abstention || 0) * nomatch),
    nomatch,
    rr: outcomes.filter((o) => kindOf(o.query) !== 'nomatch').reduce((n, o) => n + (o.rank ? 1 / o.rank : 0), 0),
  };
}

/** Each half's score of a run over the whole set (outcomes in the set's order). */
export function foldScores(outcomes: readonly QueryOutcome[]): [FoldScore, FoldScore] {
  const [a, b] = halves(outcomes);
  return [foldScore(a), foldScore(b)];
}

/**
 * Whether `next` is a gain over `base` on both halves: more top-3 hits on each half (or as many on both and a
 * higher reciprocal-rank sum on each), and no half's strong-match abstention below `minAbstention`.
 */
export function gainsOnBoth(
  base: readonly [FoldScore, FoldScore],
  next: readonly [FoldScore, FoldScore],
  minAbstention: number,
): boolean {
  const abstains = next.every((f) => f.nomatch === 0 || f.abstained / f.nomatch >= minAbstention);
  if (!abstains) return false;
  const more = next.every((f, i) => f.top3 > base[i]!.top3);
  const same = next.every((f, i) => f.top3 === base[i]!.top3);
  return more || (same && next.every((f, i) => f.rr > base[i]!.rr + 1e-9));
}

/**
 * Each source set's score of a run over the whole set (outcomes in the set's order; `sizes`: the sets' lengths in
 * that order). The sets were written by different authors, so a change that gains on the halves but on few of the
 * sets is likely fitted to one author's phrasing.
 */
export function partScores(outcomes: readonly QueryOutcome[], sizes: readonly number[]): FoldScore[] {
  if (sizes.reduce((n, x) => n + x, 0) !== outcomes.length) {
    throw new Error(`the sets' sizes add up to ${sizes.reduce((n, x) => n + x, 0)}, not ${outcomes.length}`);
  }
  let at = 0;
  return sizes.map((n) => foldScore(outcomes.slice(at, (at += n))));
}
