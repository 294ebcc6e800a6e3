// The search index of a deferred-tool registry: each tool's analysed fields (name, description, parameter names,
// parameter descriptions), the document frequency of every term, and the two ranking engines measured by the
// search evaluation — MiniSearch (npm, BM25+ with field boosts) and an own BM25F with blended synonyms (the
// default: it measured better). Built once per registry array (cached weakly: a session's registry does not
// change) so a search over 1 000 tools costs only the ranking.
import MiniSearch from 'minisearch';
import type { JsonSchema, ToolDefinition } from '../types.js';
import { analyze, splitWords, STOPWORDS, stem } from './analyze.js';

export const FIELDS = ['name', 'description', 'paramNames', 'paramText'] as const;
export type Field = (typeof FIELDS)[number];

/** How much a match in each field counts (a name word says more than a word deep in a description). */
export const FIELD_BOOST: Record<Field, number> = { name: 3, description: 1, paramNames: 1.5, paramText: 0.5 };

export type EngineName = 'minisearch' | 'bm25f';

export interface IndexedTool {
  def: ToolDefinition;
  /** the raw text of each field, as MiniSearch indexes it */
  text: Record<Field, string>;
  /** the analysed terms of each field (with repeats) */
  terms: Record<Field, string[]>;
  /** term frequency per field */
  tf: Record<Field, Map<string, number>>;
  /** every term of every field */
  all: Set<string>;
  /** the terms of the name, the description and the parameter names (not only in a parameter's prose) */
  strong: Set<string>;
  /** lower-case full names and aliases, and the part after `mcp__<server>__` */
  wholeNames: string[];
}

export interface ToolIndex {
  tools: IndexedTool[];
  /** number of tools containing each term */
  df: Map<string, number>;
  /** the tools (indices, ascending) containing each term */
  postings: Map<string, number[]>;
  avgLen: Record<Field, number>;
  /** MiniSearch's index of the same fields, built on first use (only the comparison engine needs it) */
  mini(): MiniSearch;
}

const MAX_SCHEMA_DEPTH = 4;

/** Property names and their descriptions (and enum values) of a JSON Schema, nested objects and arrays included. */
function schemaText(
  schema: unknown,
  depth = 0,
  names: string[] = [],
  text: string[] = [],
): { names: string[]; text: string[] } {
  if (!schema || typeof schema !== 'object' || depth > MAX_SCHEMA_DEPTH) return { names, text };
  const s = schema as JsonSchema & { properties?: Record<string, unknown>; items?: unknown };
  for (const [key, value] of Object.entries(s.properties ?? {})) {
    names.push(key);
    const v = value as { description?: unknown; enum?: unknown };
    if (typeof v?.description === 'string') text.push(v.description);
    if (Array.isArray(v?.enum)) text.push(v.enum.filter((e) => typeof e === 'string').join(' '));
    schemaText(value, depth + 1, names, text);
  }
  if (s.items) schemaText(s.items, depth + 1, names, text);
  return { names, text };
}

function indexTool(def: ToolDefinition): IndexedTool {
  const names = [def.name, ...(def.aliases ?? [])];
  const { names: params, text: paramText } = schemaText(def.parameters);
  const text: Record<Field, string> = {
    name: names.join(' '),
    description: def.description ?? '',
    paramNames: params.join(' '),
    paramText: paramText.join(' '),
  };
  const terms = {} as Record<Field, string[]>;
  const tf = {} as Record<Field, Map<string, number>>;
  for (const f of FIELDS) {
    terms[f] = analyze(text[f]);
    tf[f] = new Map();
    for (const t of terms[f]) tf[f].set(t, (tf[f].get(t) ?? 0) + 1);
  }
  const lower = names.map((n) => n.toLowerCase());
  const bare = lower.map((n) => /^mcp__.+?__(.+)$/.exec(n)?.[1]).filter((n): n is string => !!n);
  const all = new Set(FIELDS.flatMap((f) => terms[f]));
  const strong = new Set([...terms.name, ...terms.description, ...terms.paramNames]);
  return { def, text, terms, tf, all, strong, wholeNames: [...lower, ...bare] };
}

function build(defs: readonly ToolDefinition[]): ToolIndex {
  const tools = defs.map(indexTool);
  const df = new Map<string, number>();
  const postings = new Map<string, number[]>();
  tools.forEach((t, i) => {
    for (const term of t.all) {
      df.set(term, (df.get(term) ?? 0) + 1);
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  });
  const avgLen = {} as Record<Field, number>;
  for (const f of FIELDS) avgLen[f] = tools.reduce((s, t) => s + t.terms[f].length, 0) / Math.max(1, tools.length) || 1;
  let mini: MiniSearch | undefined;
  const buildMini = (): MiniSearch => {
    const m = new MiniSearch({
      fields: [...FIELDS],
      tokenize: splitWords,
      processTerm: (w) => (STOPWORDS.has(w) ? null : stem(w)),
      searchOptions: { tokenize: (q) => q.split(' ').filter(Boolean), processTerm: (t) => t },
    });
    m.addAll(tools.map((t, id) => ({ id, ...t.text })));
    return m;
  };
  return { tools, df, postings, avgLen, mini: () => (mini ??= buildMini()) };
}

/** The tools (indices) that contain any of the terms. */
export function toolsWithAny(index: ToolIndex, terms: Iterable<string>): Set<number> {
  const out = new Set<number>();
  for (const t of terms) for (const i of index.postings.get(t) ?? []) out.add(i);
  return out;
}

const cache = new WeakMap<readonly ToolDefinition[], ToolIndex>();

/** The index of a registry, built on first use and reused while the same array is searched. */
export function indexOf(defs: readonly ToolDefinition[]): ToolIndex {
  let idx = cache.get(defs);
  if (!idx) cache.set(defs, (idx = build(defs)));
  return idx;
}

/** BM25 inverse document frequency of a term found in `df` of `n` tools (0 ≤ df ≤ n). */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * A query as the engines take it: one map per query word, from each term that stands for it (the word, its
 * synonyms) to that term's weight. A tool scores per word only its best term, so a tool that happens to use many
 * synonyms of one word does not outrank a tool that uses the word itself.
 */
export type WeightedQuery = readonly ReadonlyMap<string, number>[];

/** Σ over query words of the best weight × per-term score; `termScores(term)` gives tool index → score. */
function combine(query: WeightedQuery, termScores: (term: string) => Map<number, number>): Map<number, number> {
  const cache = new Map<string, Map<number, number>>();
  const out = new Map<number, number>();
  for (const variants of query) {
    const best = new Map<number, number>();
    for (const [term, weight] of variants) {
      let scores = cache.get(term);
      if (!scores) cache.set(term, (scores = termScores(term)));
      for (const [i, s] of scores) best.set(i, Math.max(best.get(i) ?? 0, weight * s));
    }
    for (const [i, s] of best) out.set(i, (out.get(i) ?? 0) + s);
  }
  return out;
}

/** Scores by MiniSearch (BM25+ with field boosts), one term at a time. tool index → score. */
export function rankMinisearch(index: ToolIndex, query: WeightedQuery): Map<number, number> {
  return combine(query, (term) => {
    const out = new Map<number, number>();
    for (const r of index.mini().search(term, { boost: FIELD_BOOST, prefix: false, fuzzy: false }))
      out.set(r.id as number, r.score);
    return out;
  });
}

const K1 = 1.2;
const B = 0.75;

/**
 * Scores by an own BM25F in which a query word and its synonyms are ONE blended term (as a search engine's
 * synonym query does): its frequency in a field is the weighted sum of its variants' frequencies, its document
 * frequency that of any variant. So a synonym that happens to be rarer than the word itself cannot outscore it.
 * tool index → score.
 */
export function rankBm25f(index: ToolIndex, query: WeightedQuery): Map<number, number> {
  const out = new Map<number, number>();
  const n = index.tools.length;
  for (const variants of query) {
    const entries = [...variants];
    const having = toolsWithAny(index, variants.keys());
    const tfs: [number, number][] = [];
    for (const i of having) {
      const t = index.tools[i]!;
      let tf = 0;
      for (const f of FIELDS) {
        let c = 0;
        for (const [v, w] of entries) c += w * (t.tf[f].get(v) ?? 0);
        if (c) tf += (FIELD_BOOST[f] * c) / (1 - B + (B * t.terms[f].length) / index.avgLen[f]);
      }
      tfs.push([i, tf]);
    }
    const conceptIdf = idf(having.size, n);
    for (const [i, tf] of tfs) out.set(i, (out.get(i) ?? 0) + conceptIdf * ((tf * (K1 + 1)) / (tf + K1)));
  }
  return out;
}

export const ENGINES: Record<EngineName, (index: ToolIndex, query: WeightedQuery) => Map<number, number>> = {
  minisearch: rankMinisearch,
  bm25f: rankBm25f,
};
