// Unit tests for the two-fold check of tuning changes (bench/search-eval/folds.ts): the halves, their counts and
// the rule that a change is kept only when it gains on both halves and keeps strong-match abstention.
import { describe, expect, it } from 'vitest';
import {
  foldScore,
  foldScores,
  gainsOnBoth,
  halves,
  partScores,
  type FoldScore,
} from '../../../bench/search-eval/folds.js';
import type { LabelledQuery } from '../../../bench/search-eval/labels.js';
import type { QueryOutcome } from '../../../bench/search-eval/metrics.js';

const answerable: LabelledQuery = { query: 'x', expect: ['t'], args: false };
const nomatch: LabelledQuery = { query: 'y', expect: [], args: false };
const hit = (rank: number): QueryOutcome => ({ query: answerable, returned: [], strong: true, rank });
const none = (strong: boolean): QueryOutcome => ({ query: nomatch, returned: [], strong, rank: 0 });
const fold = (top3: number, rr: number, abstained = 9): FoldScore => ({
  top3,
  answerable: 20,
  abstained,
  nomatch: 10,
  rr,
});

describe('halves', () => {
  it('splits by position, even then odd, keeping order', () => {
    expect(halves([1, 2, 3, 4, 5])).toEqual([
      [1, 3, 5],
      [2, 4],
    ]);
  });
});

describe('foldScore', () => {
  it('counts top-3 hits, answerable queries, abstentions and the reciprocal-rank sum', () => {
    expect(foldScore([hit(1), hit(3), hit(4), hit(0), none(false), none(true)])).toEqual({
      top3: 2,
      answerable: 4,
      abstained: 1,
      nomatch: 2,
      rr: 1 + 1 / 3 + 1 / 4,
    });
  });
  it('scores each half of a run', () => {
    const [a, b] = foldScores([hit(1), hit(0), hit(2), none(false)]);
    expect([a.top3, a.answerable, b.top3, b.nomatch]).toEqual([2, 2, 0, 1]);
  });
});

describe('gainsOnBoth', () => {
  const base = [fold(10, 8), fold(12, 9)] as const;
  it('takes more top-3 hits on both halves', () => {
    expect(gainsOnBoth(base, [fold(11, 8), fold(13, 9)], 0.8)).toBe(true);
  });
  it('refuses a gain on one half only, even a large one', () => {
    expect(gainsOnBoth(base, [fold(15, 12), fold(12, 9)], 0.8)).toBe(false);
    expect(gainsOnBoth(base, [fold(15, 12), fold(11, 9)], 0.8)).toBe(false);
  });
  it('with top-3 unchanged on both, takes a higher reciprocal-rank sum on both', () => {
    expect(gainsOnBoth(base, [fold(10, 8.5), fold(12, 9.5)], 0.8)).toBe(true);
    expect(gainsOnBoth(base, [fold(10, 8.5), fold(12, 9)], 0.8)).toBe(false);
  });
  it('refuses a gain that drops a half below the abstention floor', () => {
    expect(gainsOnBoth(base, [fold(11, 8, 7), fold(13, 9)], 0.8)).toBe(false);
  });
});

describe('partScores', () => {
  it("scores each source set by its slice of the run's outcomes, and refuses sizes that do not add up", () => {
    const run = [hit(1), hit(5), none(false), hit(2), none(true)];
    const [first, second] = partScores(run, [3, 2]);
    expect([first!.top3, first!.answerable, first!.abstained, first!.nomatch]).toEqual([1, 2, 1, 1]);
    expect([second!.top3, second!.answerable, second!.abstained, second!.nomatch]).toEqual([1, 1, 0, 1]);
    expect(() => partScores(run, [3, 3])).toThrow(/add up to 6, not 5/);
  });
});
