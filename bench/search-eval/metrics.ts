// Pure scoring of the search evaluation: per query the rank of the first acceptable tool and whether the response
// claimed a strong match, and per group top-1, top-3, MRR, strong-match abstention (no-match queries answered
// "no strong match") and false abstention (answerable queries answered "no strong match"). No I/O (unit-tested).
import { kindOf, type LabelledQuery, type QueryKind } from './labels.js';

export interface QueryOutcome {
  query: LabelledQuery;
  /** full tool names returned, best first */
  returned: string[];
  /** the response said it has a strong match */
  strong: boolean;
  /** 1-based rank of the first expected tool; 0 when none was returned (always 0 for no-match queries) */
  rank: number;
}

export interface GroupScore {
  /** answerable queries */
  answerable: number;
  top1: number;
  top3: number;
  mrr: number;
  /** answerable queries whose response claimed no strong match */
  falseAbstentions: number;
  /** answerable queries that got no result at all */
  empty: number;
  /** no-match queries */
  nomatch: number;
  /** share of no-match queries whose response claimed no strong match; NaN without such queries */
  abstention: number;
}

export function rankOf(expected: readonly string[], returned: readonly string[]): number {
  const i = returned.findIndex((r) => expected.includes(r));
  return i === -1 ? 0 : i + 1;
}

export function score(outcomes: readonly QueryOutcome[]): GroupScore {
  const ans = outcomes.filter((o) => kindOf(o.query) !== 'nomatch');
  const none = outcomes.filter((o) => kindOf(o.query) === 'nomatch');
  const share = (k: number, n: number) => (n === 0 ? Number.NaN : k / n);
  return {
    answerable: ans.length,
    top1: share(ans.filter((o) => o.rank === 1).length, ans.length),
    top3: share(ans.filter((o) => o.rank >= 1 && o.rank <= 3).length, ans.length),
    mrr: share(
      ans.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0),
      ans.length,
    ),
    falseAbstentions: ans.filter((o) => !o.strong).length,
    empty: ans.filter((o) => o.returned.length === 0).length,
    nomatch: none.length,
    abstention: share(none.filter((o) => !o.strong).length, none.length),
  };
}

export function byKind(outcomes: readonly QueryOutcome[], kinds: readonly QueryKind[]): Map<QueryKind, GroupScore> {
  return new Map(kinds.map((k) => [k, score(outcomes.filter((o) => kindOf(o.query) === k))]));
}

export const GOALS = { top3: 0.85, abstention: 0.75 } as const;

export function verdicts(s: GroupScore): { top3: 'PASS' | 'MISS'; abstention: 'PASS' | 'MISS' } {
  return {
    top3: s.top3 >= GOALS.top3 ? 'PASS' : 'MISS',
    abstention: s.abstention >= GOALS.abstention ? 'PASS' : 'MISS',
  };
}
