// The search index of a deferred-tool registry, on MiniSearch (npm; BM25+ with field boosts): each tool's name
// (split on `_`, `__`, `-`, camelCase; aliases too), MCP title, description, parameter names and parameter prose
// (descriptions and enum values), analysed by analyze.ts (stopwords out, Porter stems), and the WordNet synonyms of
// the name's words (document expansion: `create_…` also stands for "make"). Beside MiniSearch's index it
// keeps each tool's set of terms and every term's document frequency, which the match strength needs (strength.ts).
// Built once per registry array (cached weakly: a session's registry does not change) so a search over 1 000 tools
// costs only the ranking. Its only I/O is WordNet's files (wordnet.ts).
import MiniSearch from 'minisearch';
import type { JsonSchema, ToolDefinition } from '../types.js';
import { analyze, splitWords, STOPWORDS, stem } from './analyze.js';
import { relatedWords } from './wordnet.js';
import { acronymsOf } from './acronyms.js';
import { copyGroups, type CopyKey } from './copies.js';

const FIELDS = ['name', 'title', 'description', 'paramNames', 'paramText', 'related'] as const;
type Field = (typeof FIELDS)[number];

/** boost of the WordNet synonyms of a tool's name words (document expansion); fitted with the other boosts below */
const RELATED_BOOST = 1.5;

/**
 * How much a match in each field counts (a name word says more than a word deep in a parameter's prose). Fitted on
 * the tuning set by coordinate ascent with a two-fold check (bench/search-eval/tune.ts: a value is taken only when
 * it gains top-3 on both halves of the set): description 1 → 2, parameter names 1.5 → 1.875, name synonyms 1 → 1.5
 * (top-3 270 → 273 and 261 → 267 of 352 and 353 answerable queries); name 3, title 2 and prose 0.25 held.
 */
const FIELD_BOOST: Record<Field, number> = {
  name: 3,
  title: 2,
  description: 2,
  paramNames: 1.875,
  paramText: 0.25,
  related: RELATED_BOOST,
};

export interface IndexedTool {
  def: ToolDefinition;
  /** the raw text of each field, as MiniSearch indexes it */
  text: Record<Field, string>;
  /** every analysed term of every field */
  all: Set<string>;
  /** the analysed terms of the name (aliases included) and title */
  nameTerms: Set<string>;
  /** the terms of every field but the parameters' prose (where a word says less about what the tool does) */
  main: Set<string>;
  /** the WordNet synonyms of the name's and title's words that the tool's own text does not hold */
  related: Set<string>;
  /** lower-case full names and aliases, and the part after `mcp__<server>__` */
  wholeNames: string[];
  /** the tool's terms without its server's name: equal for the same tool served again (filesystem2) or as a copy
   * for a similar product (a Gitea server made from GitHub's); search.ts shows one of such tools before the others */
  signature: string;
  /** copies.ts: the name's words without the server's, and the signature's terms */
  copyKey: CopyKey;
  /** the group of copies of this tool (copies.ts), the index of its first tool */
  copyGroup: number;
}

export interface ToolIndex {
  tools: IndexedTool[];
  /** number of tools containing each term (in any field) */
  df: Map<string, number>;
  mini: MiniSearch;
  /** the registry's acronyms: initials → the stems of the name phrases they spell (acronyms.ts) */
  acronyms: Map<string, string[][]>;
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

/**
 * Document expansion: the WordNet synonyms (wordnet.ts: the words of their three most frequent senses) of the words
 * of a tool's name (the part after mcp__<server>__) and title, less the terms the tool's own text holds: `create_…`
 * also stands for "make", `delete_…` for "erase", `search_…` for "look". Only the name's words: expanding the
 * first sentence of the description too, or adding derived forms, lowered top-3 on the tuning set.
 */
function synonymsOf(def: ToolDefinition, text: Record<Field, string>): string {
  if (!(RELATED_BOOST > 0)) return '';
  const bare = def.name.replace(/^mcp__.+?__/, '');
  const own = new Set(FIELDS.filter((f) => f !== 'related').flatMap((f) => analyze(text[f])));
  const out = new Set<string>();
  for (const w of splitWords(`${bare} ${def.title ?? ''}`)) {
    if (STOPWORDS.has(w) || w.length < 3) continue;
    for (const [r, rel] of relatedWords(w)) {
      if (rel !== 'synonym') continue;
      for (const part of splitWords(r)) {
        if (STOPWORDS.has(part) || own.has(stem(part))) continue;
        out.add(part);
      }
    }
  }
  return [...out].join(' ');
}

/**
 * The sorted terms of a tool's fields without its server's name (`mcp__<server>__…`): neither the name's own terms
 * (filesystem, 2 of filesystem2) nor the terms written inside it (git, hub of GitHub for `github`).
 */
function signatureOf(def: ToolDefinition, text: Record<Field, string>): string {
  const server = /^mcp__(.+?)__/.exec(def.name)?.[1] ?? '';
  const compact = server.toLowerCase().replace(/[^a-z0-9]/g, '');
  const own = new Set(analyze(server));
  const terms = new Set(
    FIELDS.filter((f) => f !== 'related').flatMap((f) =>
      analyze(text[f]).filter((t) => !own.has(t) && !(t.length >= 3 && compact.includes(t))),
    ),
  );
  return [...terms].sort().join(' ');
}

/** The words of the name without the server's, as written (`local search` for mcp__brave__brave_local_search;
 * stopwords kept: slack_get_thread_replies is no copy of slack_reply_to_thread). */
function nameKeyOf(def: ToolDefinition): string {
  const server = /^mcp__(.+?)__/.exec(def.name)?.[1] ?? '';
  const compact = server.toLowerCase().replace(/[^a-z0-9]/g, '');
  const own = new Set(splitWords(server));
  const bare = def.name.slice(server ? server.length + 7 : 0);
  return splitWords(bare)
    .filter((w) => !own.has(w) && !(w.length >= 3 && compact.includes(w)))
    .join(' ');
}

function indexTool(def: ToolDefinition): IndexedTool {
  const names = [def.name, ...(def.aliases ?? [])];
  const { names: params, text: paramText } = schemaText(def.parameters);
  const text: Record<Field, string> = {
    name: names.join(' '),
    title: def.title ?? '',
    description: def.description ?? '',
    paramNames: params.join(' '),
    paramText: paramText.join(' '),
    related: '',
  };
  text.related = synonymsOf(def, text);
  const lower = names.map((n) => n.toLowerCase());
  const bare = lower.map((n) => /^mcp__.+?__(.+)$/.exec(n)?.[1]).filter((n): n is string => !!n);
  const signature = signatureOf(def, text);
  return {
    def,
    text,
    all: new Set(FIELDS.filter((f) => f !== 'related').flatMap((f) => analyze(text[f]))),
    nameTerms: new Set([...analyze(text.name), ...analyze(text.title)]),
    main: new Set((['name', 'title', 'description', 'paramNames'] as const).flatMap((f) => analyze(text[f]))),
    related: new Set(analyze(text.related)),
    wholeNames: [...lower, ...bare],
    signature,
    copyKey: { nameKey: nameKeyOf(def), terms: new Set(signature.split(' ')) },
    copyGroup: 0,
  };
}

/** Index-time analysis for MiniSearch: the same words and stems as analyze(). */
const processTerm = (w: string): string | null => (STOPWORDS.has(w) ? null : stem(w));

function build(defs: readonly ToolDefinition[]): ToolIndex {
  const tools = defs.map(indexTool);
  copyGroups(tools.map((t) => t.copyKey)).forEach((g, i) => (tools[i]!.copyGroup = g));
  const df = new Map<string, number>();
  for (const t of tools) for (const term of new Set([...t.all, ...t.related])) df.set(term, (df.get(term) ?? 0) + 1);
  const mini = new MiniSearch({
    fields: [...FIELDS],
    tokenize: splitWords,
    processTerm,
    // queries arrive analysed (one stem per term)
    searchOptions: { tokenize: (q) => q.split(' ').filter(Boolean), processTerm: (t) => t },
  });
  mini.addAll(tools.map((t, id) => ({ id, ...t.text })));
  return { tools, df, mini, acronyms: acronymsOf(defs) };
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

/** One query word as ranking takes it: the terms that stand for it, each with its weight (the word itself at 1). */
export type WeightedTerms = ReadonlyMap<string, number>;

/**
 * BM25+ scores (MiniSearch, field boosts) of the tools for a query of words: a word scores through each of its
 * terms at that term's weight, and MiniSearch multiplies a tool's sum by the number of query terms it matched.
 * tool index → score.
 */
export interface RankOptions {
  /** field boosts; default FIELD_BOOST */
  boost?: Partial<Record<Field, number>>;
  /** BM25+ parameters (k1, b, d); default MiniSearch's (1.2, 0.7, 0.5) */
  bm25?: { k: number; b: number; d: number };
}

export function rank(index: ToolIndex, words: readonly WeightedTerms[], opts: RankOptions = {}): Map<number, number> {
  const queries = words.flatMap((w) => [...w].map(([term, weight]) => ({ term, weight })));
  const out = new Map<number, number>();
  if (queries.length === 0) return out;
  const byWeight = new Map<number, string[]>();
  for (const q of queries) byWeight.set(q.weight, [...(byWeight.get(q.weight) ?? []), q.term]);
  const results = index.mini.search(
    {
      combineWith: 'OR',
      queries: [...byWeight].map(([weight, terms]) => ({
        queries: terms,
        combineWith: 'OR',
        boostTerm: () => weight,
      })),
    },
    // prefixes are expanded by the query (search.ts addPrefixes), so MiniSearch matches whole terms only
    {
      boost: { ...FIELD_BOOST, ...opts.boost },
      prefix: false,
      fuzzy: false,
      ...(opts.bm25 ? { bm25: opts.bm25 } : {}),
    },
  );
  for (const r of results) out.set(r.id as number, r.score);
  return out;
}
