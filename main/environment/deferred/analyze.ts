// Text analysis for deferred-tool search: splits names and prose into words (`_`, `__`, `-`, camelCase, digits,
// punctuation), drops English stopwords (npm `stopword`) and stems with the Porter stemmer (npm `stemmer`), so
// `directories` and `directory`, `listing` and `list` meet; a noun WordNet knows in s that is no plural ("news",
// "status", "analysis") keeps its s, so "news" does not meet "new" (wordnet.ts). The same analysis runs on tool
// fields and on queries. Its only I/O is WordNet's index files, read on first use.
import { eng as englishStopwords } from 'stopword';
import { stemmer } from 'stemmer';
import { asciiLower } from '../names.js';
import { isSingularNounInS } from './wordnet.js';

/**
 * Words that carry no meaning in a tool query (also dropped from tool fields): the English list of npm `stopword`
 * and the words every tool text has (tool, use, via).
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...englishStopwords,
  ...(
    'a about all an and any are as at be been but by can could do does for from has have how i if in into is it ' +
    'its me my no not of on or our should so some than that the their them then there these this those to tool ' +
    'tools use used uses using via was we what when where which who whose why will with would you your'
  ).split(' '),
]);

/** Splits an identifier or text into lower-case words: `_`, `-`, spaces, punctuation, camelCase, digits. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(asciiLower);
}

const stems = new Map<string, string>();
/** stems remembered (indexing 1 000 tools stems the same words over and over); cleared when it grows past this */
const MAX_REMEMBERED_STEMS = 50_000;

/**
 * Porter stem of one lower-case word; numbers and words shorter than 3 letters stay as they are, and so do nouns in
 * s that are no plural (Porter takes "news" to "new": a web search tool for news met every tool that makes
 * something new; tuning top-3 +1 and +2 on its two halves).
 */
export function stem(word: string): string {
  if (word.length < 3 || /^[0-9]+$/.test(word)) return word;
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
    stems.set(word, (s = isSingularNounInS(word) ? word : stemmer(word)));
  }
  return s;
}

/** The stems of a text's words, stopwords left out, in order (with repeats: term frequency matters). */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const w of splitWords(text)) if (!STOPWORDS.has(w)) out.push(stem(w));
  return out;
}
