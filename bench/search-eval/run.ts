// `npm run eval:search`: runs the labelled queries through the deferred-tool search over the real tool lists of 14
// npm MCP servers (147 tools) and prints top-1, top-3, MRR, strong-match abstention and false abstention per kind
// (with arguments, without, no match) and overall, with the goals and verdicts. By default the TUNING set (sets.ts:
// the first tuning set and the held-out sets already run, which were published and so joined tuning);
// `--held-out` runs the held-out set of sets.ts instead: run it once, when the ranker is done.
// Options: --misses (list the queries that missed; refused with --held-out), --size <n> (search n tools: the real
// ones, then whole servers copied as similar products), --strict (with --size: a copy of the expected tool does not
// count), --local-model (fuse in the bundled sentence encoder's ranking as a session does when its provider has no
// embeddings endpoint: deferred/local-model.ts; tool vectors cached in $TMPDIR/floe-eval-embeddings.db), --provider
// <name> (fuse in what a session whose model comes from that provider of FLOE_HOME's config.yaml gets: its
// embeddings endpoint, else the bundled encoder; rankings.ts).
import { DEFAULT_MAX_RESULTS } from '../../main/environment/deferred/search.js';
import { floeHome } from '../../main/config/home.js';
import { evaluate, searchedTools, type EvaluateOptions } from './evaluate.js';
import { foldScores, partScores } from './folds.js';
import { KINDS, kindOf } from './labels.js';
import { byKind, GOALS, score, verdicts, type QueryOutcome } from './metrics.js';
import { localEvalRanker, providerEvalRanker, semanticRankings, type EvalRanker } from './rankings.js';
import { realTools } from './registry.js';
import { HELD_OUT_SET, TUNING_PARTS, TUNING_SET } from './sets.js';

const USAGE = 'Options: --held-out, --misses, --size <n>, --strict, --local-model, --provider <name>.';
const args = process.argv.slice(2).filter((a) => a !== '--');
let heldOut = false;
let showMisses = false;
let strict = false;
let size = 0;
let localModel = false;
let provider: string | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const value = args[i + 1];
  if (a === '--held-out') heldOut = true;
  else if (a === '--misses') showMisses = true;
  else if (a === '--strict') strict = true;
  else if (a === '--local-model') localModel = true;
  else if (a === '--provider' && value && !value.startsWith('--')) {
    provider = value;
    i++;
  } else if (a === '--size' && value && Number.isInteger(Number(value)) && Number(value) > 0) {
    size = Number(value);
    i++;
  } else {
    console.error(`eval:search: bad option "${a}". ${USAGE}`);
    process.exit(2);
  }
}
if (heldOut && showMisses) {
  console.error('eval:search: --misses lists tuning misses only; the held-out set is scored, not read for tuning.');
  process.exit(2);
}
if (localModel && provider) {
  console.error(
    'eval:search: give --local-model or --provider <name>, not both (a provider without embeddings uses the bundled model).',
  );
  process.exit(2);
}
if (strict && !size) {
  console.error('eval:search: --strict applies to a registry with copies; give --size <n> too.');
  process.exit(2);
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

function table(title: string, outcomes: QueryOutcome[]): void {
  const rows: string[][] = [['kind', 'n', 'top-1', 'top-3', 'MRR', 'abstention', 'false abst.', 'empty', 'results']];
  const perQuery = (o: QueryOutcome[]) => f(o.reduce((n, x) => n + x.returned.length, 0) / o.length);
  const line = (label: string, of: QueryOutcome[]) => {
    const s = score(of);
    rows.push([
      label,
      String(of.length),
      f(s.top1),
      f(s.top3),
      f(s.mrr),
      f(s.abstention),
      String(s.falseAbstentions),
      String(s.empty),
      perQuery(of),
    ]);
  };
  for (const k of byKind(outcomes, KINDS).keys())
    line(
      k,
      outcomes.filter((o) => kindOf(o.query) === k),
    );
  line('overall', outcomes);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\n== ${title} ==`);
  for (const r of rows)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  const all = score(outcomes);
  const v = verdicts(all);
  console.log(
    `goal top-3 >= ${GOALS.top3}: ${f(all.top3)} ${v.top3}; ` +
      `goal strong-match abstention >= ${GOALS.abstention}: ${f(all.abstention)} ${v.abstention}`,
  );
}

const queries = heldOut ? HELD_OUT_SET : TUNING_SET;
const evalOptions: EvaluateOptions = { size: size || undefined, copies: strict ? 'strict' : 'count' };
let meaning: EvalRanker | undefined;
try {
  meaning = provider ? providerEvalRanker(floeHome(), provider) : localModel ? localEvalRanker() : undefined;
  if (meaning) evalOptions.semantic = await semanticRankings(queries, searchedTools(evalOptions), meaning.ranker);
} catch (err) {
  console.error(`eval:search: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
} finally {
  meaning?.close();
}
const outcomes = evaluate(queries, evalOptions);
const servers = new Set(realTools().map((t) => t.server));
console.log(
  `search evaluation: ${size || realTools().length} tools (${servers.size} real npm MCP servers` +
    (size
      ? `, then copies of whole servers as similar products; ${strict ? 'only real tools count' : 'copies count'}`
      : '') +
    '); ' +
    (meaning ? `keywords + ${meaning.label}; ` : 'keywords only; ') +
    `${queries.length} queries; ${DEFAULT_MAX_RESULTS} results at most; top-3 and MRR over answerable queries, ` +
    'abstention = no-match queries answered "no strong match", false abst. = answerable ones answered so',
);
table(heldOut ? `HELD-OUT set (${queries.length} queries)` : `tuning set (${queries.length} queries)`, outcomes);
if (!heldOut) {
  const [a, b] = foldScores(outcomes);
  console.log(
    `halves (folds.ts): top-3 ${a.top3} / ${a.answerable} and ${b.top3} / ${b.answerable}, ` +
      `abstention ${a.abstained} / ${a.nomatch} and ${b.abstained} / ${b.nomatch}`,
  );
  const parts = partScores(
    outcomes,
    TUNING_PARTS.map((p) => p.queries.length),
  );
  console.log(
    `by source set: top-3 ${parts.map((p, i) => `${TUNING_PARTS[i]!.name} ${p.top3} / ${p.answerable}`).join(', ')}`,
  );
}
if (showMisses) {
  console.log('\nmisses (answerable: not in top 3 or not strong; no match: claimed a strong match):');
  for (const o of outcomes) {
    const nomatch = kindOf(o.query) === 'nomatch';
    const miss = nomatch ? o.strong : !(o.rank >= 1 && o.rank <= 3) || !o.strong;
    if (!miss) continue;
    const got =
      o.returned
        .slice(0, 3)
        .map((n) => n.replace(/^mcp__/, ''))
        .join(', ') || '(nothing)';
    const strength = o.strong ? 'strong' : 'weak';
    const rank = o.rank ? ` (rank ${o.rank})` : '';
    const want = nomatch ? 'no tool' : o.query.expect.join(' | ');
    console.log(`  [${kindOf(o.query)}] "${o.query.query}" → ${strength}: ${got}${rank}; want ${want}`);
  }
}
