// Pure scoring of the search evaluation: per query the rank of the first acceptable tool (or whether the ranker
// abstained), and per group top-1, top-3, MRR, abstention and false abstention. No I/O (unit-tested).
import type { Category, LabelledQuery } from './queries.js';

export interface QueryOutcome {
  query: LabelledQuery;
  /** full tool names returned, best first */
  returned: string[];
  /** 1-based rank of the first expected tool; 0 when none was returned (always 0 for nomatch) */
  rank: number;
}

export interface GroupScore {
  /** answerable queries (categories other than nomatch) */
  answerable: number;
  top1: number;
  top3: number;
  mrr: number;
  /** answerable queries that got no result at all */
  falseAbstentions: number;
  /** nomatch queries */
  nomatch: number;
  /** share of nomatch queries that got no result; NaN without nomatch queries */
  abstention: number;
}

export function rankOf(expected: readonly string[], returned: readonly string[]): number {
  const i = returned.findIndex((r) => expected.includes(r));
  return i === -1 ? 0 : i + 1;
}

export function score(outcomes: readonly QueryOutcome[]): GroupScore {
  const ans = outcomes.filter((o) => o.query.category !== 'nomatch');
  const none = outcomes.filter((o) => o.query.category === 'nomatch');
  const share = (k: number, n: number) => (n === 0 ? Number.NaN : k / n);
  return {
    answerable: ans.length,
    top1: share(ans.filter((o) => o.rank === 1).length, ans.length),
    top3: share(ans.filter((o) => o.rank >= 1 && o.rank <= 3).length, ans.length),
    mrr: share(
      ans.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0),
      ans.length,
    ),
    falseAbstentions: ans.filter((o) => o.returned.length === 0).length,
    nomatch: none.length,
    abstention: share(none.filter((o) => o.returned.length === 0).length, none.length),
  };
}

export function byCategory(
  outcomes: readonly QueryOutcome[],
  categories: readonly Category[],
): Map<Category, GroupScore> {
  return new Map(categories.map((c) => [c, score(outcomes.filter((o) => o.query.category === c))]));
}

export const GOALS = { top3: 0.85, abstention: 0.75 } as const;

export function verdicts(s: GroupScore): { top3: 'PASS' | 'MISS'; abstention: 'PASS' | 'MISS' } {
  return {
    top3: s.top3 >= GOALS.top3 ? 'PASS' : 'MISS',
    abstention: s.abstention >= GOALS.abstention ? 'PASS' : 'MISS',
  };
}
