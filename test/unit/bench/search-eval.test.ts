// Unit tests for the search evaluation's scoring (bench/search-eval/metrics.ts) and its query set's invariants.
import { describe, expect, it } from 'vitest';
import { byCategory, rankOf, score, verdicts, type QueryOutcome } from '../../../bench/search-eval/metrics.js';
import { FRESH_QUERIES } from '../../../bench/search-eval/queries-fresh.js';
import { CATEGORIES, isHeldOut, QUERIES, type LabelledQuery } from '../../../bench/search-eval/queries.js';

const ALL = [...QUERIES, ...FRESH_QUERIES];
import { loadFixture, PADDING_PATH } from '../../../bench/search-eval/fixture.js';
import { catalogue } from '../../../bench/search-eval/catalogue.js';
import { evaluate, originalName } from '../../../bench/search-eval/evaluate.js';
import { TASK_RESULTS, TASK_STEPS, taskCatalogue } from '../../../bench/search-eval/task.js';

const q = (category: LabelledQuery['category'], expect: string[] = ['t1']): LabelledQuery => ({
  query: 'x',
  category,
  expect,
});
const out = (query: LabelledQuery, returned: string[]): QueryOutcome => ({
  query,
  returned,
  rank: query.category === 'nomatch' ? 0 : rankOf(query.expect, returned),
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
  it('computes top-1, top-3, MRR over answerable queries and abstention over nomatch', () => {
    const s = score([
      out(q('keyword'), ['t1', 'x']),
      out(q('keyword'), ['x', 'y', 't1']),
      out(q('paraphrase'), ['x', 'y', 'z', 't1']),
      out(q('ambiguous'), []),
      out(q('nomatch', []), []),
      out(q('nomatch', []), ['x']),
    ]);
    expect(s.answerable).toBe(4);
    expect(s.top1).toBe(0.25);
    expect(s.top3).toBe(0.5);
    expect(s.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 4) / 4, 10);
    expect(s.falseAbstentions).toBe(1);
    expect(s.nomatch).toBe(2);
    expect(s.abstention).toBe(0.5);
  });
  it('gives NaN, not 0, for a group without such queries, and splits by category', () => {
    const m = byCategory([out(q('keyword'), ['t1'])], CATEGORIES);
    expect(m.get('keyword')!.top1).toBe(1);
    expect(Number.isNaN(m.get('keyword')!.abstention)).toBe(true);
    expect(Number.isNaN(m.get('nomatch')!.top3)).toBe(true);
  });
  it('judges the goals', () => {
    expect(verdicts({ ...score([]), top3: 0.85, abstention: 0.75 })).toEqual({ top3: 'PASS', abstention: 'PASS' });
    expect(verdicts({ ...score([]), top3: 0.84, abstention: 0.7 })).toEqual({ top3: 'MISS', abstention: 'MISS' });
    expect(verdicts(score([])).top3).toBe('MISS');
  });
});

describe('the labelled queries', () => {
  const names = new Set(loadFixture().tools.map((t) => t.name));
  it('has at least 80 queries over at least 5 servers, every category at least 16', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(loadFixture().tools.map((t) => t.server)).size).toBeGreaterThanOrEqual(5);
    for (const c of CATEGORIES) expect(QUERIES.filter((x) => x.category === c).length).toBeGreaterThanOrEqual(16);
  });
  it('refers only to tools of the fixture; nomatch queries expect nothing; ambiguous ones two or more', () => {
    for (const x of ALL) {
      for (const e of x.expect) expect(names, `${x.query} → ${e}`).toContain(`mcp__${e.replace(':', '__')}`);
      if (x.category === 'nomatch') expect(x.expect).toEqual([]);
      else expect(x.expect.length).toBeGreaterThan(0);
      if (x.category === 'ambiguous') expect(x.expect.length).toBeGreaterThanOrEqual(2);
    }
  });
  it('paraphrases share no word with the tool name (server included)', () => {
    const words = (s: string) =>
      s
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
    for (const x of ALL.filter((y) => y.category === 'paraphrase')) {
      const qw = new Set(words(x.query));
      for (const e of x.expect)
        for (const w of words(e)) expect(qw.has(w), `"${x.query}" shares "${w}" with ${e}`).toBe(false);
    }
  });
  it('has a second held-out set of at least 40 queries, 20 of them no-match, none repeating another', () => {
    expect(FRESH_QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(FRESH_QUERIES.filter((x) => x.category === 'nomatch').length).toBeGreaterThanOrEqual(20);
    expect(new Set(ALL.map((x) => x.query.toLowerCase())).size).toBe(ALL.length);
    expect(FRESH_QUERIES.some((x) => isHeldOut(x))).toBe(false);
  });
  it('holds out about a quarter of each category', () => {
    for (const c of CATEGORIES) {
      const all = QUERIES.filter((x) => x.category === c);
      const held = all.filter((x) => isHeldOut(x));
      expect(held.length).toBe(Math.floor(all.length / 4));
    }
  });
});

describe('the default ranker on the evaluation', () => {
  it('meets the goals over all queries, both held-out sets included, at 71 and at 1 000 tools', () => {
    for (const catalogueSize of [undefined, 1000]) {
      const s = score(evaluate({ catalogueSize, queries: ALL }));
      expect(s.top3, `top-3 at ${catalogueSize ?? 71} tools`).toBeGreaterThanOrEqual(0.85);
      expect(s.abstention, `abstention at ${catalogueSize ?? 71} tools`).toBeGreaterThanOrEqual(0.75);
    }
  });
});

describe('catalogues', () => {
  const fixture = loadFixture().tools;
  it('repeat the real tools over renamed server copies, unique names, copies map back to the original', () => {
    const c = catalogue(1000);
    expect(c).toHaveLength(1000);
    expect(new Set(c.map((t) => t.name)).size).toBe(1000);
    expect(c.slice(0, fixture.length).map((t) => t.name)).toEqual(fixture.map((t) => t.name));
    const copy = c[fixture.length]!;
    expect(copy.name).toBe(fixture[0]!.name.replace(`mcp__${fixture[0]!.server}__`, `mcp__${fixture[0]!.server}1__`));
    expect(originalName(copy.name)).toBe(fixture[0]!.name);
    expect(copy.description).toBe(fixture[0]!.description);
  });
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
    expect(JSON.stringify(c.filter((t) => t.mcpName.startsWith('gitea_')))).not.toMatch(/github/i);
  });
});
