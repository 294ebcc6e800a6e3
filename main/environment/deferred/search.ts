// Search over the deferred-tool registry (SPEC §6 search_extra_tools): `select:a,b` picks tools by exact name
// (ASCII case ignored, in the given order); otherwise keyword scoring over tool names (split on `_`, `-`,
// camelCase and digits) and descriptions, `+word` = required. Pure and deterministic: no I/O, no tool running,
// never throws. Scoring: per query word the best of its name hit (exact 3, prefix 1.5) and description hit
// (exact 1, prefix 0.5), plus 5 when a word is a tool's whole name; results below MIN_SCORE are dropped so an
// unrelated query gets no results (with a hint) rather than a list of unrelated tools; ties break by name.
import { asciiEqualsIgnoreCase, asciiLower } from '../names.js';
import type { JsonSchema, ToolDefinition } from '../types.js';

export interface SearchResultEntry {
  name: string;
  description: string;
  parameters: JsonSchema;
  score: number;
}

export interface SearchOutcome {
  results: SearchResultEntry[];
  total_available: number;
  hint?: string;
}

export const DEFAULT_MAX_RESULTS = 5;
export const MAX_MAX_RESULTS = 20;
/** a result needs at least one exact description word or one name-prefix hit */
export const MIN_SCORE = 1;

const STOPWORDS = new Set(
  'a an and are as at be by can do for from how i in is it me my of on or that the this to tool tools use using with'.split(' '),
);

export function clampMaxResults(n: unknown): number {
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_MAX_RESULTS;
  return Math.min(MAX_MAX_RESULTS, Math.max(1, Math.floor(n)));
}

/** Light stemming so `files`~`file`, `reading`~`read`, `directories`~`directory`, `listed`~`list`. */
export function stem(word: string): string {
  const w = word;
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) return undouble(w.slice(0, -3));
  if (w.length > 4 && w.endsWith('ed')) return undouble(w.slice(0, -2));
  if (w.length > 4 && /(ch|sh|ss|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

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

interface QueryWord {
  word: string;
  required: boolean;
}

function parseKeywords(query: string): QueryWord[] {
  const out: QueryWord[] = [];
  for (const raw of query.split(/[\s,]+/)) {
    if (!raw) continue;
    const required = raw.startsWith('+');
    const words = splitWords(required ? raw.slice(1) : raw).map(stem);
    for (const word of words) {
      if (!required && STOPWORDS.has(word)) continue;
      const existing = out.find((q) => q.word === word);
      if (existing) existing.required ||= required;
      else out.push({ word, required });
    }
  }
  return out;
}

interface Indexed {
  def: ToolDefinition;
  nameWords: string[];
  descWords: string[];
  wholeNames: string[];
}

function index(def: ToolDefinition): Indexed {
  const names = [def.name, ...(def.aliases ?? [])];
  return {
    def,
    nameWords: [...new Set(names.flatMap(splitWords).map(stem))],
    descWords: [...new Set(splitWords(def.description ?? '').map(stem))],
    wholeNames: names.map(asciiLower),
  };
}

function hit(word: string, words: string[], exact: number, prefix: number): number {
  let best = 0;
  for (const w of words) {
    if (w === word) return exact;
    if (word.length >= 3 && w.length >= 3 && (w.startsWith(word) || word.startsWith(w))) best = prefix;
  }
  return best;
}

function wordScore(q: string, t: Indexed): number {
  return Math.max(hit(q, t.nameWords, 3, 1.5), hit(q, t.descWords, 1, 0.5));
}

function entry(def: ToolDefinition, score: number): SearchResultEntry {
  return { name: def.name, description: def.description, parameters: def.parameters, score: Math.round(score * 100) / 100 };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function selectByName(list: string, tools: ToolDefinition[]): SearchOutcome {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const results: SearchResultEntry[] = [];
  const missing: string[] = [];
  for (const n of names) {
    const def =
      tools.find((t) => t.name === n) ??
      tools.find((t) => asciiEqualsIgnoreCase(t.name, n)) ??
      tools.find((t) => (t.aliases ?? []).some((a) => asciiEqualsIgnoreCase(a, n)));
    if (!def) missing.push(n);
    else if (!results.some((r) => r.name === def.name)) results.push(entry(def, 1));
  }
  const out: SearchOutcome = { results: results.slice(0, MAX_MAX_RESULTS), total_available: tools.length };
  if (names.length === 0) {
    out.hint = 'select: needs tool names, e.g. select:mcp__files__read_file,mcp__files__write_file';
  } else if (missing.length) {
    out.hint =
      `No extra tool is named ${missing.map((m) => `"${m}"`).join(', ')}. ` +
      'Search with keywords (e.g. "read file") to find the exact names.';
  }
  return out;
}

export function searchTools(query: string, tools: ToolDefinition[], maxResults: number = DEFAULT_MAX_RESULTS): SearchOutcome {
  const total = tools.length;
  if (total === 0) {
    return { results: [], total_available: 0, hint: 'There are no extra tools in this session; use the tools you already have.' };
  }
  const q = (typeof query === 'string' ? query : '').trim();
  const select = /^select:/i.exec(q);
  if (select) return selectByName(q.slice(select[0].length), tools);

  const words = parseKeywords(q);
  if (words.length === 0) {
    return {
      results: [],
      total_available: total,
      hint: 'The query has no keywords. Describe what the tool should do in a few words (e.g. "read file"), or use select:<name>.',
    };
  }
  const limit = clampMaxResults(maxResults);
  const rawTokens = q
    .split(/[\s,]+/)
    .map((r) => asciiLower(r.replace(/^\+/, '')))
    .filter(Boolean);
  const scored: SearchResultEntry[] = [];
  for (const t of tools.map(index)) {
    let score = 0;
    let ok = true;
    for (const w of words) {
      const s = wordScore(w.word, t);
      if (w.required && s === 0) {
        ok = false;
        break;
      }
      score += s;
    }
    if (!ok) continue;
    if (rawTokens.some((r) => t.wholeNames.includes(r))) score += 5;
    if (score >= MIN_SCORE) scored.push(entry(t.def, score));
  }
  scored.sort((a, b) => b.score - a.score || byName(a.name, b.name));
  const out: SearchOutcome = { results: scored.slice(0, limit), total_available: total };
  if (scored.length === 0) {
    out.hint =
      `No extra tool matched "${q}". Try other or fewer keywords (a verb such as read, write, search, or a server ` +
      'name), or select:<name> if you know the tool name.';
  }
  return out;
}
