// The match strength of a search result: how much of what the query asks a tool covers. Each query word that
// some tool of the registry contains weighs its rarity among the tools (BM25 IDF of the word's document
// frequency); a word no tool contains weighs nothing (it is an argument or a word of the request, not evidence
// against a tool). A tool's coverage is the weight of the words it contains over the weight of all of them; a word
// found only in the prose of the tool's parameters counts PROSE_CREDIT of its weight. A match is strong when the
// coverage reaches STRONG_COVERAGE and the evidence is more than one word of a description: the tool's name or
// title holds a query word, or two query words are found in it. Pure.
import type { WeightedTerms } from './tool-index.js';

/** A coverage at or above this can be a strong match. */
const STRONG_COVERAGE = 0.7;
/** Credit of a word found only in a parameter's description: weak evidence of what the tool does. */
export const PROSE_CREDIT = 0.5;

export interface ToolTerms {
  /** every term of the tool */
  all: ReadonlySet<string>;
  /** the terms of its name, title, description and parameter names */
  main: ReadonlySet<string>;
  /** the terms of its name and title */
  nameTerms: ReadonlySet<string>;
  /** WordNet synonyms of its name's words (tool-index.ts) */
  related?: ReadonlySet<string>;
}

/** Credit of a word found only among a tool's name's WordNet synonyms (tool-index.ts; 0.25 to 1 scored alike on
 * tuning): a relative is weaker evidence than the tool's own word. */
const RELATED_CREDIT = 0.5;

/** The credit (0..1) a tool gets for one query word: its best term, at full credit in the main fields. */
function credit(word: WeightedTerms, tool: ToolTerms): number {
  let best = 0;
  for (const [term, weight] of word) {
    if (tool.main.has(term)) best = Math.max(best, weight);
    else if (tool.all.has(term)) best = Math.max(best, weight * PROSE_CREDIT);
    else if (tool.related?.has(term)) best = Math.max(best, weight * RELATED_CREDIT);
  }
  return best;
}

/** Share (0..1) of the query words' weight that the tool covers; 0 when no word is known. */
export function coverage(words: readonly WeightedTerms[], weights: readonly number[], tool: ToolTerms): number {
  let total = 0;
  let covered = 0;
  words.forEach((w, i) => {
    total += weights[i]!;
    covered += weights[i]! * credit(w, tool);
  });
  return total === 0 ? 0 : covered / total;
}

/** True when the tool matches the query strongly (see the file header). */
export function isStrong(
  words: readonly WeightedTerms[],
  weights: readonly number[],
  tool: ToolTerms,
  minCoverage = STRONG_COVERAGE,
): boolean {
  if (coverage(words, weights, tool) < minCoverage) return false;
  const found = words.filter((w) => [...w.keys()].some((t) => tool.main.has(t)));
  return found.length >= 2 || found.some((w) => [...w.keys()].some((t) => tool.nameTerms.has(t)));
}
