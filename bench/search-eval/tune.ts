// `npx tsx bench/search-eval/tune.ts`: coordinate ascent over the ranker's weights on the TUNING set with a two-fold
// check (folds.ts). From the current defaults, each weight in turn is scaled (×0, ×0.5, ×0.75, ×1.25, ×1.5, ×2) and a
// value is taken only when it gains on both halves of the set (and keeps strong-match abstention); passes repeat
// until none gains. `--fit a` (or b) instead fits on that half alone and only reports the other: the honest check
// of whether what one half likes carries over. Prints each accepted step and the fitted values, with both halves' figures, for a person to
// copy into the code (the search's defaults do not read this). Never runs the held-out set.
import type { SearchOptions } from '../../main/environment/deferred/search.js';
import { evaluate } from './evaluate.js';
import { foldScores, gainsOnBoth, type FoldScore } from './folds.js';
import { TUNING_SET } from './sets.js';

/** A weight the search takes as an option: its default and how to set it in SearchOptions. */
interface Weight {
  name: string;
  value: number;
  set: (o: SearchOptions, v: number) => void;
  /** MiniSearch reads a field boost of 0 as 1, so a boost is never tried at 0 */
  positive?: boolean;
}

const boost = (field: string, value: number): Weight => ({
  name: `boost.${field}`,
  value,
  positive: true,
  set: (o, v) => (o.rank = { ...o.rank, boost: { ...o.rank?.boost, [field]: v } }),
});
const bm25 = { k: 1.2, b: 0.7, d: 0.5 };
const bm = (key: 'k' | 'b' | 'd'): Weight => ({
  name: `bm25.${key}`,
  value: bm25[key],
  set: (o, v) => (o.rank = { ...o.rank, bm25: { ...bm25, ...o.rank?.bm25, [key]: v } }),
});
const related = (rel: 'synonym' | 'derived' | 'hypernym', value: number): Weight => ({
  name: `related.${rel}`,
  value,
  set: (o, v) => (o.relatedWeight = { ...o.relatedWeight, [rel]: v }),
});

/** the defaults of search.ts and tool-index.ts (kept in step by hand) */
const WEIGHTS: Weight[] = [
  boost('name', 3),
  boost('title', 2),
  boost('description', 2),
  boost('paramNames', 1.875),
  boost('paramText', 0.25),
  boost('related', 1.5),
  bm('k'),
  bm('b'),
  bm('d'),
  related('synonym', 0.4),
  related('derived', 0.3),
  related('hypernym', 0.15),
  { name: 'hintWeight', value: 0.5, set: (o, v) => (o.hintWeight = v) },
  { name: 'prefixWeight', value: 0.3, set: (o, v) => (o.prefixWeight = v) },
  { name: 'manualWeight', value: 0.5, set: (o, v) => (o.manualWeight = v) },
  { name: 'acronymWeight', value: 0.5, set: (o, v) => (o.acronymWeight = v) },
];
const FACTORS = [0, 0.5, 0.75, 1.25, 1.5, 2];
/** strong-match abstention no half may fall below (the goal is 0.75; the tuned ranker holds ~0.85) */
const MIN_ABSTENTION = 0.8;

function optionsOf(values: readonly number[]): SearchOptions {
  const o: SearchOptions = {};
  WEIGHTS.forEach((w, i) => w.set(o, values[i]!));
  return o;
}

const run = (values: readonly number[]) => foldScores(evaluate(TUNING_SET, { search: optionsOf(values) }));
const show = (s: readonly FoldScore[]) =>
  s.map((f) => `top-3 ${f.top3}/${f.answerable} abst ${f.abstained}/${f.nomatch} rr ${f.rr.toFixed(1)}`).join(' | ');

const fitArg = process.argv.indexOf('--fit');
const fitOn = fitArg > 0 ? ['a', 'b'].indexOf(process.argv[fitArg + 1] ?? '') : -1;
if (fitArg > 0 && fitOn < 0) throw new Error('--fit takes a or b');
/** one half only: the other half's figures stay as they are, so only the fitted half can gain */
const accept = (base: [FoldScore, FoldScore], next: [FoldScore, FoldScore]) =>
  fitOn < 0
    ? gainsOnBoth(base, next, MIN_ABSTENTION)
    : gainsOnBoth([base[fitOn]!, base[fitOn]!], [next[fitOn]!, next[fitOn]!], MIN_ABSTENTION);

const values = WEIGHTS.map((w) => w.value);
let best = run(values);
console.log(`start: ${show(best)}`);
for (let pass = 1, gained = true; gained && pass <= 4; pass++) {
  gained = false;
  for (const [i, w] of WEIGHTS.entries()) {
    for (const f of FACTORS) {
      const trial = [...values];
      trial[i] = Math.round(values[i]! * f * 1000) / 1000;
      if (trial[i] === values[i] || (w.positive && !(trial[i]! > 0))) continue;
      const s = run(trial);
      if (!accept(best, s)) continue;
      console.log(`pass ${pass}: ${w.name} ${values[i]} → ${trial[i]}: ${show(s)}`);
      values[i] = trial[i]!;
      best = s;
      gained = true;
    }
  }
}
console.log(`fitted: ${WEIGHTS.map((w, i) => `${w.name}=${values[i]}`).join(' ')}`);
console.log(`final: ${show(best)}`);
