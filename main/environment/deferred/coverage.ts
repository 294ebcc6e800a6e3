// Abstention by query coverage for deferred-tool search: a tool answers a query only if it covers the query's
// important concepts. Each concept (a query word with its synonyms) weighs its rarity among the registry's tools
// (BM25 IDF; a word no tool uses weighs the most, so "send an email" is not answered by a tool that only sends);
// a tool's coverage is the weight of the concepts it contains over the weight of all of them. Pure.
import { idf } from './tool-index.js';

export interface Concept {
  /** the query word as written (lower case) */
  word: string;
  /** its stem */
  stem: string;
  /** terms that count as this concept, with their ranking weight (the stem itself at 1) */
  variants: Map<string, number>;
  /** `+word`: the stem itself must be present */
  required: boolean;
}

/** A coverage below this drops the tool from the results. */
export const MIN_COVERAGE = 0.45;

/** Importance of each concept: the BM25 IDF of its document frequency among `n` tools. */
export function conceptWeights(dfs: readonly number[], n: number): number[] {
  return dfs.map((df) => idf(df, n));
}

/** Share (0..1) of the concepts' weight that a tool with these terms covers. */
export function coverage(concepts: readonly Concept[], weights: readonly number[], terms: ReadonlySet<string>): number {
  let total = 0;
  let covered = 0;
  concepts.forEach((c, i) => {
    const w = weights[i]!;
    total += w;
    if ([...c.variants.keys()].some((v) => terms.has(v))) covered += w;
  });
  return total === 0 ? 0 : covered / total;
}
