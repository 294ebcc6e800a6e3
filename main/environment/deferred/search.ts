// Search over the deferred-tool registry (SPEC §6 search_extra_tools). `select:a,b` picks tools by exact name
// (ASCII case ignored, in the given order). Otherwise the query's words are analysed like the tools' fields
// (analyze.ts: split, stopwords, Porter stems), each expanded with its tool-domain synonyms (synonyms.ts), ranked
// by BM25 with field boosts (tool-index.ts), and kept only where the tool covers the query's important words
// (coverage.ts) — so an unrelated query gets no results and a hint, not a list of unrelated tools. `+word` is
// required (the word itself, not a synonym). A query word equal to a tool's whole name puts that tool first.
// Results under 60 % of the best score are dropped (they cost the model tokens and were never the answer in the
// evaluation). The first result comes in full, the others short (compact.ts: first sentence, parameter names and
// types); `select:` returns full entries. Ties break by name. Pure and deterministic: no I/O, no tool running,
// never throws.
import { asciiEqualsIgnoreCase } from '../names.js';
import type { JsonSchema, ToolDefinition } from '../types.js';
import { COMMON_WORDS, splitWords, stem, STOPWORDS } from './analyze.js';
import { shortDescription, shortParameters } from './compact.js';
import { conceptWeights, coverage, matchesEach, matchesRoles, MIN_COVERAGE, type Concept } from './coverage.js';
import { expand, isOperation } from './synonyms.js';
import { ENGINES, indexOf, toolsWithAny, type EngineName, type IndexedTool } from './tool-index.js';

export { splitWords, stem } from './analyze.js';

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

export interface SearchOptions {
  /** ranking engine (the evaluation compares them); default DEFAULT_ENGINE */
  engine?: EngineName;
  /** minimum coverage of the query's weighted words; default MIN_COVERAGE */
  minCoverage?: number;
  /** a result scoring below this share of the best result's score is dropped; default MIN_RELATIVE_SCORE */
  minRelativeScore?: number;
  /** how many of the first keyword results come in full (the rest short); default FULL_RESULTS */
  fullResults?: number;
}

export const DEFAULT_MAX_RESULTS = 5;
export const MAX_MAX_RESULTS = 20;
export const DEFAULT_ENGINE: EngineName = 'bm25f';
/** results far below the best one are noise that costs the model tokens */
export const MIN_RELATIVE_SCORE = 0.6;
/** keyword results returned with the full description and parameters; the others are short (compact.ts) */
export const FULL_RESULTS = 1;
/** added to the score of a tool whose whole name is a query word, so it ranks first */
const WHOLE_NAME_BONUS = 1000;

export function clampMaxResults(n: unknown): number {
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_MAX_RESULTS;
  return Math.min(MAX_MAX_RESULTS, Math.max(1, Math.floor(n)));
}

/** The query's concepts: one per distinct stem, stopwords dropped unless `+required`. */
export function parseQuery(query: string): Concept[] {
  const out: Concept[] = [];
  for (const raw of query.split(/[\s,]+/)) {
    if (!raw) continue;
    const required = raw.startsWith('+');
    for (const word of splitWords(required ? raw.slice(1) : raw)) {
      if (!required && STOPWORDS.has(word)) continue;
      const s = stem(word);
      const existing = out.find((c) => c.stem === s);
      if (existing) existing.required ||= required;
      else out.push({ word, stem: s, variants: expand(s), required, operation: isOperation(s) });
    }
  }
  return out;
}

/**
 * Two adjacent query words that a tool writes as one ("sequential thinking" for `sequentialthinking`, "get env" for
 * `getenv`): the joined word's stem, when some tool contains it, becomes a full-weight variant of both concepts.
 */
export function joinCompounds(query: string, concepts: Concept[], df: ReadonlyMap<string, number>): void {
  const words = query
    .split(/[\s,]+/)
    .flatMap((raw) => splitWords(raw.replace(/^\+/, '')))
    .filter((w) => !STOPWORDS.has(w));
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = stem(words[i]! + words[i + 1]!);
    if (!df.has(joined)) continue;
    for (const w of [words[i]!, words[i + 1]!]) {
      const c = concepts.find((x) => x.stem === stem(w));
      if (c) c.variants.set(joined, 1);
    }
  }
}

/** The tool's JSON Schema without `$schema` (a URL of the draft the server used: tokens the model does not need). */
function parametersOf(def: ToolDefinition): JsonSchema {
  if (!def.parameters || typeof def.parameters !== 'object' || !('$schema' in def.parameters)) return def.parameters;
  const { $schema: _drop, ...rest } = def.parameters as JsonSchema & { $schema?: unknown };
  return rest as JsonSchema;
}

function entry(def: ToolDefinition, score: number, short = false): SearchResultEntry {
  if (short) {
    return {
      name: def.name,
      description: shortDescription(def.description),
      parameters: shortParameters(def.parameters),
      score,
    };
  }
  return { name: def.name, description: def.description, parameters: parametersOf(def), score };
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

export function searchTools(
  query: string,
  tools: ToolDefinition[],
  maxResults: number = DEFAULT_MAX_RESULTS,
  options: SearchOptions = {},
): SearchOutcome {
  const total = tools.length;
  if (total === 0) {
    return {
      results: [],
      total_available: 0,
      hint: 'There are no extra tools in this session; use the tools you already have.',
    };
  }
  const q = (typeof query === 'string' ? query : '').trim();
  const select = /^select:/i.exec(q);
  if (select) return selectByName(q.slice(select[0].length), tools);

  const parsed = parseQuery(q);
  if (parsed.length === 0) {
    return {
      results: [],
      total_available: total,
      hint: 'The query has no keywords. Describe what the tool should do in a few words (e.g. "read file"), or use select:<name>.',
    };
  }
  const index = indexOf(tools);
  joinCompounds(q, parsed, index.df);
  // a common English word that no tool uses (nor a synonym of it) is filler, not a missing capability
  const dfs = parsed.map((c) => toolsWithAny(index, c.variants.keys()).size);
  const kept = parsed
    .map((c, i) => ({ c, df: dfs[i]! }))
    .filter(({ c, df }) => c.required || df > 0 || !COMMON_WORDS.has(c.word));
  const concepts = kept.map((k) => k.c);
  const weights = conceptWeights(
    kept.map((k) => k.df),
    index.tools.length,
  );
  const known = kept.map((k) => k.df > 0);
  const scores = ENGINES[options.engine ?? DEFAULT_ENGINE](
    index,
    concepts.map((c) => c.variants),
  );
  const rawWords = q
    .split(/[\s,]+/)
    .map((r) => r.replace(/^\+/, '').toLowerCase())
    .filter(Boolean);
  for (const [i, t] of index.tools.entries()) {
    if (rawWords.some((r) => t.wholeNames.includes(r))) scores.set(i, (scores.get(i) ?? 0) + WHOLE_NAME_BONUS);
  }
  const minCoverage = options.minCoverage ?? MIN_COVERAGE;
  const round = (x: number) => Math.round(x * 100) / 100;
  const order = [...scores]
    .map(([i, score]) => ({ i, score: round(score), name: index.tools[i]!.def.name }))
    .sort((a, b) => b.score - a.score || byName(a.name, b.name));
  // walk best first: the first tool that passes sets the relative floor; stop below the floor
  const limit = clampMaxResults(maxResults);
  const passed: { t: IndexedTool; score: number }[] = [];
  let floor = 0;
  for (const { i, score } of order) {
    if (score < floor) break;
    const t = index.tools[i]!;
    if (concepts.some((c) => c.required && !t.all.has(c.stem))) continue;
    if (score < WHOLE_NAME_BONUS) {
      if (!matchesRoles(concepts, known, t.all)) continue;
      if (coverage(concepts, weights, t.all, t.strong) < minCoverage) continue;
    }
    if (passed.length === 0) floor = score * (options.minRelativeScore ?? MIN_RELATIVE_SCORE);
    passed.push({ t, score });
  }
  // a tool named by every query word answers the query: partial matches beside it are noise that costs tokens
  const exact = passed.some(({ t }) => matchesEach(concepts, new Set(t.terms.name)));
  const answers = exact
    ? passed.filter(({ t, score }) => score >= WHOLE_NAME_BONUS || matchesEach(concepts, t.strong))
    : passed;
  const full = options.fullResults ?? FULL_RESULTS;
  const scored = answers.slice(0, limit).map(({ t, score }, k) => entry(t.def, score, k >= full));
  const out: SearchOutcome = { results: scored, total_available: total };
  if (scored.length === 0) {
    out.hint =
      `No extra tool matched "${q}". Try other or fewer keywords (a verb such as read, write, search, or a server ` +
      'name), or select:<name> if you know the tool name.';
  }
  return out;
}
