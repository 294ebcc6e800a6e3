// Unit tests for the search evaluation's harness (bench/search-eval): the scoring (metrics.ts), the invariants of
// the two query sets (size, servers, arguments, no-match share, apart from each other) and the registries. They
// assert correctness only: no test reads a score of the ranker on either set (the held-out set is run by hand,
// once, with `npm run eval:search -- --held-out`).
import { describe, expect, it } from 'vitest';
import { claimsStrong, evaluate, fullName } from '../../../bench/search-eval/evaluate.js';
import { loadFixture, PADDING_PATH } from '../../../bench/search-eval/fixture.js';
import { kindOf, KINDS, type LabelledQuery } from '../../../bench/search-eval/labels.js';
import { byKind, rankOf, score, verdicts, type QueryOutcome } from '../../../bench/search-eval/metrics.js';
import { HELD_OUT_QUERIES } from '../../../bench/search-eval/queries-held-out.js';
import { HELD_OUT_2_QUERIES } from '../../../bench/search-eval/queries-held-out-2.js';
import { HELD_OUT_3_QUERIES } from '../../../bench/search-eval/queries-held-out-3.js';
import { HELD_OUT_4_QUERIES } from '../../../bench/search-eval/queries-held-out-4.js';
import { HELD_OUT_5_QUERIES } from '../../../bench/search-eval/queries-held-out-5.js';
import { HELD_OUT_6_QUERIES } from '../../../bench/search-eval/queries-held-out-6.js';
import { HELD_OUT_7_QUERIES } from '../../../bench/search-eval/queries-held-out-7.js';
import { HELD_OUT_8_QUERIES } from '../../../bench/search-eval/queries-held-out-8.js';
import { HELD_OUT_9_QUERIES } from '../../../bench/search-eval/queries-held-out-9.js';
import { HELD_OUT_10_QUERIES } from '../../../bench/search-eval/queries-held-out-10.js';
import { HELD_OUT_11_QUERIES } from '../../../bench/search-eval/queries-held-out-11.js';
import { TUNING_QUERIES } from '../../../bench/search-eval/queries-tuning.js';
import { evalRegistry, largeRegistry, realTools } from '../../../bench/search-eval/registry.js';
import { HELD_OUT_SET, TUNING_SET } from '../../../bench/search-eval/sets.js';
import { TASK_RESULTS, TASK_STEPS, taskCatalogue } from '../../../bench/search-eval/task.js';

const q = (expect: string[] = ['t1'], args = false): LabelledQuery => ({ query: 'x', expect, args });
const out = (query: LabelledQuery, returned: string[], strong = returned.length > 0): QueryOutcome => ({
  query,
  returned,
  strong,
  rank: query.expect.length ? rankOf(query.expect, returned) : 0,
});

describe('rankOf', () => {
  it('is the 1-based rank of the first acceptable tool, 0 when absent', () => {
    expect(rankOf(['b', 'c'], ['a', 'c', 'b'])).toBe(2);
    expect(rankOf(['a'], ['a'])).toBe(1);
    expect(rankOf(['z'], ['a', 'b'])).toBe(0);
    expect(rankOf(['z'], [])).toBe(0);
  });
});

describe('score', () => {
  it('computes top-1, top-3, MRR over answerable queries and strong-match abstention over no-match ones', () => {
    const s = score([
      out(q(), ['t1', 'x']),
      out(q(), ['x', 'y', 't1'], false),
      out(q(['t1'], true), ['x', 'y', 'z', 't1']),
      out(q(), []),
      out(q([]), ['x'], false),
      out(q([]), ['x'], true),
      out(q([]), []),
    ]);
    expect(s.answerable).toBe(4);
    expect(s.top1).toBe(0.25);
    expect(s.top3).toBe(0.5);
    expect(s.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 4) / 4, 10);
    expect(s.falseAbstentions).toBe(2);
    expect(s.empty).toBe(1);
    expect(s.nomatch).toBe(3);
    expect(s.abstention).toBeCloseTo(2 / 3, 10);
  });
  it('gives NaN, not 0, for a group without such queries, and splits by kind', () => {
    const m = byKind([out(q(['t1'], true), ['t1'])], KINDS);
    expect(m.get('args')!.top1).toBe(1);
    expect(Number.isNaN(m.get('args')!.abstention)).toBe(true);
    expect(Number.isNaN(m.get('nomatch')!.top3)).toBe(true);
    expect(m.get('plain')!.answerable).toBe(0);
  });
  it('judges the goals', () => {
    expect(verdicts({ ...score([]), top3: 0.85, abstention: 0.75 })).toEqual({ top3: 'PASS', abstention: 'PASS' });
    expect(verdicts({ ...score([]), top3: 0.84, abstention: 0.7 })).toEqual({ top3: 'MISS', abstention: 'MISS' });
    expect(verdicts(score([])).top3).toBe('MISS');
  });
  it('reads the strong-match claim of a response, or whether it returned anything when it makes none', () => {
    const entry = { name: 'a', description: '', parameters: {}, score: 1, match: 'strong' as const };
    const old = (results: unknown[]) => ({ results, total_available: 1 }) as never;
    expect(claimsStrong(old([entry]))).toBe(true);
    expect(claimsStrong(old([]))).toBe(false);
    expect(claimsStrong({ results: [entry], total_available: 1, strong_match: false })).toBe(false);
  });
});

describe('the labelled queries', () => {
  /** Every set in the order it was written: the first tuning set, then held-out sets 1 to 11. */
  const sets = [
    TUNING_QUERIES,
    HELD_OUT_QUERIES,
    HELD_OUT_2_QUERIES,
    HELD_OUT_3_QUERIES,
    HELD_OUT_4_QUERIES,
    HELD_OUT_5_QUERIES,
    HELD_OUT_6_QUERIES,
    HELD_OUT_7_QUERIES,
    HELD_OUT_8_QUERIES,
    HELD_OUT_9_QUERIES,
    HELD_OUT_10_QUERIES,
    HELD_OUT_11_QUERIES,
  ];
  /** The sets above and the ones written after them that sets.ts does not use yet: none now. */
  const written = [...sets];
  const all = written.flat();
  const names = new Set(realTools().map((t) => t.name));
  it('are at least 300 over at least 10 real servers, half or more with arguments, in two sets of 150+', () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(new Set(realTools().map((t) => t.server)).size).toBeGreaterThanOrEqual(10);
    for (const set of written) {
      expect(set.length).toBeGreaterThanOrEqual(150);
      expect(set.filter((x) => x.args).length * 2).toBeGreaterThanOrEqual(set.length);
      const nomatch = set.filter((x) => kindOf(x) === 'nomatch').length;
      expect(nomatch).toBeGreaterThanOrEqual(Math.floor(set.length / 5));
    }
  });
  it('cover at least 10 servers in each set', () => {
    for (const set of written)
      expect(new Set(set.flatMap((x) => x.expect.map((e) => e.split(':')[0]))).size).toBeGreaterThanOrEqual(10);
  });
  it('refer only to tools of the registry', () => {
    for (const x of all) for (const e of x.expect) expect(() => fullName(e, names), x.query).not.toThrow();
    expect(() => fullName('github:no_such_tool', names)).toThrow(/not in the evaluation registry/);
  });
  it('keep the sets apart: no query in two of them, none repeated', () => {
    const key = (x: LabelledQuery) => x.query.toLowerCase().trim();
    const earlier = new Set<string>();
    for (const [i, set] of written.entries()) {
      expect(new Set(set.map(key)).size, `set ${i}`).toBe(set.length);
      expect(
        set.filter((x) => earlier.has(key(x))),
        `set ${i}`,
      ).toEqual([]);
      for (const x of set) earlier.add(key(x));
    }
  });
  it('tune on the first eleven sets (the tenth held-out set is spent) and hold the eleventh out', () => {
    expect(TUNING_SET).toEqual(sets.slice(0, -1).flat());
    expect(HELD_OUT_SET).toBe(HELD_OUT_11_QUERIES);
  });
});

describe('evaluate', () => {
  it('returns one outcome per query with the rank of the expected tool among what the search returned', () => {
    const [o] = evaluate([
      { query: 'select:mcp__slack__slack_post_message', expect: ['slack:slack_post_message'], args: false },
    ]);
    expect(o!.returned).toEqual(['mcp__slack__slack_post_message']);
    expect(o!.rank).toBe(1);
  });
  it('over copies, counts a copy for its real tool unless strict', () => {
    const query = { query: 'select:mcp__gitea__create_issue', expect: ['github:create_issue'], args: false };
    expect(evaluate([query], { size: 1000 })[0]!.rank).toBe(1);
    expect(evaluate([query], { size: 1000, copies: 'strict' })[0]!.rank).toBe(0);
  });
});

describe('registries', () => {
  it('the evaluation registry is the 147 real tools of 14 servers, unique names', () => {
    const r = evalRegistry();
    expect(r.length).toBe(loadFixture().tools.length + loadFixture(PADDING_PATH).tools.length);
    expect(new Set(r.map((t) => t.name)).size).toBe(r.length);
    expect(r.every((t) => t.visibility === 'deferred')).toBe(true);
  });
  it('a large registry holds n unique tools, each mapped to the real tool it is or copies', () => {
    const { tools, origin } = largeRegistry(1000);
    expect(tools).toHaveLength(1000);
    expect(new Set(tools.map((t) => t.name)).size).toBe(1000);
    expect(origin.get('mcp__gitea__create_issue')).toBe('mcp__github__create_issue');
    expect(origin.get('mcp__filesystem2__read_text_file')).toBe('mcp__filesystem__read_text_file');
    expect(origin.get('mcp__github__create_issue')).toBe('mcp__github__create_issue');
    const real = new Set(realTools().map((t) => t.name));
    expect(tools.every((t) => real.has(origin.get(t.name)!))).toBe(true);
  });
});

describe('catalogues', () => {
  const fixture = loadFixture().tools;
  it('the task catalogue starts with the three task tools, has unique names, and answers exactly those', () => {
    for (const n of [10, 100, 1000]) {
      const c = taskCatalogue(n);
      expect(c).toHaveLength(n);
      expect(new Set(c.map((t) => t.mcpName)).size).toBe(n);
      expect(c.slice(0, 3).map((t) => t.mcpName)).toEqual(Object.keys(TASK_RESULTS));
    }
    expect(TASK_STEPS.map((s) => s.tool)).toEqual([
      'mcp__filesystem__read_text_file',
      'mcp__github__create_issue',
      'mcp__slack__slack_post_message',
    ]);
  });
  it('the task catalogue holds whole real servers, padding servers included, before any copy', () => {
    const padding = loadFixture(PADDING_PATH).tools;
    const real = [...fixture, ...padding];
    expect(padding.length).toBeGreaterThanOrEqual(70);
    expect(new Set(padding.map((t) => t.server)).size).toBeGreaterThanOrEqual(5);
    const realServers = new Set(real.map((t) => t.server));
    const server = (t: { mcpName: string }) => t.mcpName.split('_')[0]!;
    const c = taskCatalogue(1000);
    expect(c.slice(0, real.length).every((t) => realServers.has(server(t)))).toBe(true);
    expect(c.slice(real.length).some((t) => realServers.has(server(t)))).toBe(false);
    // at 100 tools: the task's servers whole (GitHub's 26 tools, Slack's 8), no copy
    const hundred = taskCatalogue(100);
    expect(hundred.filter((t) => server(t) === 'github')).toHaveLength(26);
    expect(hundred.filter((t) => server(t) === 'slack')).toHaveLength(8);
    expect(hundred.every((t) => realServers.has(server(t)))).toBe(true);
  });
  it('copies a product server as a similar product, the product word replaced; others as numbered instances', () => {
    const c = taskCatalogue(1000);
    const gitea = c.find((t) => t.mcpName === 'gitea_create_issue');
    expect(gitea?.description).toBe('Create a new issue in a Gitea repository');
    expect(c.find((t) => t.mcpName === 'mattermost_mattermost_post_message')?.description).toBe(
      'Post a new message to a Mattermost channel',
    );
    expect(c.some((t) => t.mcpName === 'filesystem2_read_text_file')).toBe(true);
    const giteaTools = c.filter((t) => t.mcpName.startsWith('gitea_')).map(({ origin: _, ...t }) => t);
    expect(JSON.stringify(giteaTools)).not.toMatch(/github/i);
  });
});
