// Acronyms of the registry's terms of art, for the deferred-tool search: a short query word that no tool contains
// ("PR") stands for the words of a phrase whose initials it spells ("pull request"), when that phrase is part of
// some tool's name and recurs in the descriptions of at least MIN_TOOLS tools (a phrase the registry's authors use
// as one term, not two words that happen to meet in a name: `create_issue` does not make "ci" an acronym). The same
// description served by several servers (copies of a server for similar products) counts once. Built from the
// tools' own text; no word list. Pure.
import { splitWords, stem, STOPWORDS } from './analyze.js';

/** a phrase counts as a term of art when this many tools' descriptions hold it */
const MIN_TOOLS = 2;
/** phrases of 2 to MAX_WORDS words */
const MAX_WORDS = 4;

interface ToolText {
  name: string;
  description?: string;
}

/** n-grams (stems joined by spaces) of 2..MAX_WORDS consecutive stems */
function ngrams(stems: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let n = 2; n <= MAX_WORDS; n++) {
    for (let i = 0; i + n <= stems.length; i++) out.add(stems.slice(i, i + n).join(' '));
  }
  return out;
}

/**
 * The acronyms of the registry: lower-case initials → the stems of the phrases they spell (name phrases that recur
 * as written in MIN_TOOLS tools' descriptions, stopwords kept in the descriptions so "delete a block" is no
 * "delete block").
 */
export function acronymsOf(tools: readonly ToolText[]): Map<string, string[][]> {
  const inDescriptions = new Map<string, number>();
  const descriptions = new Set<string>();
  for (const t of tools) {
    // a description counts once however many servers serve it (a copy for a similar product names its own)
    const server = (/^mcp__(.+?)__/.exec(t.name)?.[1] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
    const stems = splitWords(t.description ?? '')
      .filter((w) => !(w.length >= 3 && server.includes(w)))
      .map(stem);
    const key = stems.join(' ');
    if (descriptions.has(key)) continue;
    descriptions.add(key);
    for (const g of ngrams(stems)) inDescriptions.set(g, (inDescriptions.get(g) ?? 0) + 1);
  }
  const out = new Map<string, string[][]>();
  const seen = new Set<string>();
  for (const t of tools) {
    const words = splitWords(t.name.replace(/^mcp__.+?__/, '')).filter((w) => !STOPWORDS.has(w) && /^[a-z]/.test(w));
    for (let n = 2; n <= MAX_WORDS; n++) {
      for (let i = 0; i + n <= words.length; i++) {
        const phrase = words.slice(i, i + n);
        const stems = phrase.map(stem);
        const key = stems.join(' ');
        if (seen.has(key) || (inDescriptions.get(key) ?? 0) < MIN_TOOLS) continue;
        seen.add(key);
        const initials = phrase.map((w) => w[0]).join('');
        out.set(initials, [...(out.get(initials) ?? []), stems]);
      }
    }
  }
  return out;
}

/** The phrases a query word abbreviates ("pr", "prs" → pull request), or none. */
export function expandAcronym(word: string, acronyms: ReadonlyMap<string, string[][]>): string[][] {
  return acronyms.get(word) ?? (word.endsWith('s') ? (acronyms.get(word.slice(0, -1)) ?? []) : []);
}
