// @-mentions in the composer: find the `@word` being typed at the caret, rank workspace files against it (fuzzysort,
// a maintained Sublime-style fuzzy matcher), and put the chosen path in place of the `@word`. Pure.
import { go } from 'fuzzysort';

/** The mention being typed: `@` at `start`, the text after it up to the caret as `query`. */
export interface ActiveMention {
  start: number;
  query: string;
}

/** How many files the list shows at once. */
const MENTION_LIMIT = 12;

/**
 * The `@word` that ends at the caret, or null. The `@` must start the text or follow whitespace (so e-mail
 * addresses do not open the list), and the word must not contain whitespace.
 */
export function mentionAt(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!m) return null;
  return { start: before.length - m[2]!.length - 1, query: m[2]! };
}

/**
 * Up to `limit` files for `query`, best first. An empty query lists the shallowest paths first (then by name);
 * otherwise fuzzysort's ranking over the whole path (any match is kept).
 */
export function rankFiles(files: readonly string[], query: string, limit = MENTION_LIMIT): string[] {
  const q = query.trim();
  if (!q) {
    const depth = (p: string) => p.split('/').length;
    return [...files].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b)).slice(0, limit);
  }
  return go(q, files, { limit, threshold: 0 }).map((r) => r.target);
}

/** The text with `@query` (at `mention.start`, up to `caret`) replaced by `path` and a space; the new caret. */
export function insertMention(
  text: string,
  mention: ActiveMention,
  caret: number,
  path: string,
): { text: string; caret: number } {
  const token = /\s/.test(path) ? `"${path}"` : path;
  const head = text.slice(0, mention.start) + token + ' ';
  const tail = text.slice(caret).replace(/^ /, '');
  return { text: head + tail, caret: head.length };
}
