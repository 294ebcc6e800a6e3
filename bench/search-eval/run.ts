// `npm run eval:search`: runs every labelled query (queries.ts) through the deferred-tool search over the real
// tool lists of the fixture (mcp-tools.json) and prints top-1, top-3, MRR and abstention per category and overall,
// for each query set and all together, with the goals and verdicts; `results` is the mean number of results a query
// returned (what the model reads). Sets: tuning (queries.ts), held-out 1 (every 4th query of queries.ts: not looked
// at in the first round, tuned on since the second) and held-out 2 (queries-fresh.ts: never tuned against).
// Options: --dev (the two tuned-on sets only: use this while tuning), --misses (list the queries that missed),
// --engine minisearch|bm25f and --min-coverage <0..1> (to compare rankers; default: what searchTools uses),
// --catalogue <n> (search n tools: the real ones repeated over renamed server copies; any copy counts).
import { DEFAULT_ENGINE, type SearchOptions } from '../../main/environment/deferred/search.js';
import { ENGINES, type EngineName } from '../../main/environment/deferred/tool-index.js';
import { evaluate } from './evaluate.js';
import { loadFixture } from './fixture.js';
import { byCategory, GOALS, score, verdicts, type GroupScore, type QueryOutcome } from './metrics.js';
import { FRESH_QUERIES } from './queries-fresh.js';
import { CATEGORIES, isHeldOut, QUERIES } from './queries.js';

const USAGE =
  'Options: --dev, --misses, --engine <minisearch|bm25f>, --min-coverage <0..1>, --min-relative <0..1>, --catalogue <n>.';
const args = process.argv.slice(2).filter((a) => a !== '--');
let devOnly = false;
let showMisses = false;
let size = 0;
const options: SearchOptions = {};
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const value = args[i + 1];
  if (a === '--dev') devOnly = true;
  else if (a === '--misses') showMisses = true;
  else if (a === '--engine' && value && value in ENGINES) {
    options.engine = value as EngineName;
    i++;
  } else if (a === '--min-coverage' && value && Number(value) >= 0 && Number(value) <= 1) {
    options.minCoverage = Number(value);
    i++;
  } else if (a === '--min-relative' && value && Number(value) >= 0 && Number(value) <= 1) {
    options.minRelativeScore = Number(value);
    i++;
  } else if (a === '--catalogue' && value && Number.isInteger(Number(value)) && Number(value) > 0) {
    size = Number(value);
    i++;
  } else {
    console.error(`eval:search: bad option "${a}${value && !value.startsWith('--') ? ` ${value}` : ''}". ${USAGE}`);
    process.exit(2);
  }
}

const fixture = loadFixture();
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

function table(title: string, outcomes: QueryOutcome[]): GroupScore {
  const rows: string[][] = [['category', 'n', 'top-1', 'top-3', 'MRR', 'abstention', 'false abst.', 'results']];
  const perQuery = (o: QueryOutcome[]) => f(o.reduce((n, x) => n + x.returned.length, 0) / o.length);
  for (const [c, s] of byCategory(outcomes, CATEGORIES)) {
    const of = outcomes.filter((o) => o.query.category === c);
    rows.push([
      c,
      String(of.length),
      f(s.top1),
      f(s.top3),
      f(s.mrr),
      f(s.abstention),
      String(s.falseAbstentions),
      perQuery(of),
    ]);
  }
  const all = score(outcomes);
  const row = [
    f(all.top1),
    f(all.top3),
    f(all.mrr),
    f(all.abstention),
    String(all.falseAbstentions),
    perQuery(outcomes),
  ];
  rows.push(['overall', String(outcomes.length), ...row]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\n== ${title} ==`);
  for (const r of rows)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  const v = verdicts(all);
  console.log(
    `goal top-3 >= ${GOALS.top3}: ${f(all.top3)} ${v.top3}; goal abstention >= ${GOALS.abstention}: ${f(all.abstention)} ${v.abstention}`,
  );
  return all;
}

const queries = devOnly ? QUERIES : [...QUERIES, ...FRESH_QUERIES];
const outcomes = evaluate({ search: options, catalogueSize: size || undefined, queries });
const fresh = new Set(FRESH_QUERIES);
const dev = outcomes.filter((o) => !fresh.has(o.query) && !isHeldOut(o.query));
const held1 = outcomes.filter((o) => !fresh.has(o.query) && isHeldOut(o.query));
const held2 = outcomes.filter((o) => fresh.has(o.query));
console.log(
  `search evaluation: ${size || fixture.tools.length} tools of ${fixture.servers.length} MCP servers ` +
    `(${fixture.servers.map((s) => `${s.package}@${s.version}`).join(', ')}); ` +
    `${queries.length} queries; engine ${options.engine ?? DEFAULT_ENGINE}; ` +
    'top-3 and MRR over answerable queries, abstention over nomatch',
);
table(`tuning set (${dev.length} queries)`, dev);
table(`held-out 1 (${held1.length} queries; unseen in round 1, tuned on since round 2)`, held1);
if (!devOnly) {
  table(`held-out 2 (${held2.length} queries; never tuned against)`, held2);
  table(`all (${outcomes.length} queries)`, outcomes);
}
if (showMisses) {
  const shown = outcomes;
  console.log('\nmisses (answerable: not in top 3; nomatch: returned something):');
  for (const o of shown) {
    const miss = o.query.category === 'nomatch' ? o.returned.length > 0 : !(o.rank >= 1 && o.rank <= 3);
    if (!miss) continue;
    const got =
      o.returned
        .slice(0, 3)
        .map((n) => n.replace(/^mcp__/, ''))
        .join(', ') || '(nothing)';
    console.log(`  [${o.query.category}] "${o.query.query}" → ${got}${o.rank ? ` (rank ${o.rank})` : ''}`);
  }
}
