// `npm run eval:search`: runs every labelled query (queries.ts) through the deferred-tool search over the real
// tool lists of the fixture (mcp-tools.json) and prints top-1, top-3, MRR and abstention per category and overall,
// for the tuning set, the held-out set and both, with the goals and verdicts; `results` is the mean number of
// results a query returned (what the model reads).
// Options: --dev (tuning set only: use this while tuning), --misses (list the queries that missed),
// --engine minisearch|bm25f and --min-coverage <0..1> (to compare rankers; default: what searchTools uses),
// --catalogue <n> (search n tools: the real ones repeated over renamed server copies; any copy counts).
import { DEFAULT_ENGINE, type SearchOptions } from '../../main/environment/deferred/search.js';
import { ENGINES, type EngineName } from '../../main/environment/deferred/tool-index.js';
import { evaluate } from './evaluate.js';
import { loadFixture } from './fixture.js';
import { byCategory, GOALS, score, verdicts, type GroupScore, type QueryOutcome } from './metrics.js';
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

const outcomes = evaluate({ search: options, catalogueSize: size || undefined });
const dev = outcomes.filter((o) => !isHeldOut(o.query));
const held = outcomes.filter((o) => isHeldOut(o.query));
console.log(
  `search evaluation: ${size || fixture.tools.length} tools of ${fixture.servers.length} MCP servers ` +
    `(${fixture.servers.map((s) => `${s.package}@${s.version}`).join(', ')}); ` +
    `${QUERIES.length} queries, ${held.length} held out; engine ${options.engine ?? DEFAULT_ENGINE}; ` +
    'top-3 and MRR over answerable queries, abstention over nomatch',
);
table(`tuning set (${dev.length} queries)`, dev);
if (!devOnly) {
  table(`held-out set (${held.length} queries)`, held);
  table(`all (${outcomes.length} queries)`, outcomes);
}
if (showMisses) {
  const shown = devOnly ? dev : outcomes;
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
