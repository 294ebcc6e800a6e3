// Abstention by query coverage for deferred-tool search: a tool answers a query only if it covers the query's
// important concepts. Each concept (a query word with its synonyms) weighs its rarity among the registry's tools
// (BM25 IDF; a word no tool uses weighs the most, so "send an email" is not answered by a tool that only sends);
// a tool's coverage is the weight of the concepts it contains over the weight of all of them (a concept found only
// in a parameter's prose counts half). Weight alone cannot
// tell "delete a Slack message" (the rare word is the operation no Slack tool does) from "forget a stored fact", so
// a tool must also match the query's roles: one of its operation words (read, delete, send …), when it has any, and
// one of its other words that the registry knows, when it has any. Pure.
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
  /** an operation word of the synonym table (read, write, delete, send …) */
  operation: boolean;
}

/** True when the tool's terms contain the concept or one of its synonyms. */
export function contains(concept: Concept, terms: ReadonlySet<string>): boolean {
  for (const v of concept.variants.keys()) if (terms.has(v)) return true;
  return false;
}

/**
 * True when the tool matches what the query asks to do and what it asks it of: at least one operation concept (if
 * the query has any) and at least one other concept that some tool of the registry contains (`known`, if the query
 * has any). A tool that sends messages does not answer "delete a message"; one that deletes notes does not answer
 * "delete a repository".
 */
export function matchesRoles(
  concepts: readonly Concept[],
  known: readonly boolean[],
  terms: ReadonlySet<string>,
): boolean {
  const ops = concepts.filter((c) => c.operation);
  const objects = concepts.filter((c, i) => !c.operation && known[i]);
  if (ops.length > 0 && !ops.some((c) => contains(c, terms))) return false;
  return objects.length === 0 || objects.some((c) => contains(c, terms));
}

/** A coverage below this drops the tool from the results. */
export const MIN_COVERAGE = 0.45;

/** Importance of each concept: the BM25 IDF of its document frequency among `n` tools. */
export function conceptWeights(dfs: readonly number[], n: number): number[] {
  return dfs.map((df) => idf(df, n));
}

/** Credit of a concept found only in a parameter's prose: weak evidence that the tool does it. */
export const WEAK_CREDIT = 0.5;

/**
 * Share (0..1) of the concepts' weight that a tool with these terms covers. `strong`, when given, holds the terms
 * of the tool's name, description and parameter names; a concept found only elsewhere (a parameter's prose: "can
 * be converted by adding a period") counts WEAK_CREDIT of its weight.
 */
export function coverage(
  concepts: readonly Concept[],
  weights: readonly number[],
  terms: ReadonlySet<string>,
  strong: ReadonlySet<string> = terms,
): number {
  let total = 0;
  let covered = 0;
  concepts.forEach((c, i) => {
    const w = weights[i]!;
    total += w;
    if (contains(c, strong)) covered += w;
    else if (contains(c, terms)) covered += w * WEAK_CREDIT;
  });
  return total === 0 ? 0 : covered / total;
}

/**
 * True when each concept is matched by a term of its own: "post slack message" is not fully matched by a tool that
 * has only "message" (a synonym of post and the word message at once). Tries the concepts with the fewest matching
 * terms first and backtracks; queries have a handful of concepts.
 */
export function matchesEach(concepts: readonly Concept[], terms: ReadonlySet<string>): boolean {
  const options = concepts.map((c) => [...c.variants.keys()].filter((v) => terms.has(v)));
  if (options.some((o) => o.length === 0)) return false;
  const order = options.map((_, i) => i).sort((a, b) => options[a]!.length - options[b]!.length);
  const used = new Set<string>();
  const assign = (k: number): boolean => {
    if (k === order.length) return true;
    for (const term of options[order[k]!]!) {
      if (used.has(term)) continue;
      used.add(term);
      if (assign(k + 1)) return true;
      used.delete(term);
    }
    return false;
  };
  return assign(0);
}
