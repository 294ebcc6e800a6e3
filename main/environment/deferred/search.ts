// Search over the deferred-tool registry (SPEC §6 search_extra_tools). `select:a,b` picks tools by exact name
// (ASCII case ignored, in the given order). Otherwise the query's argument values (quoted text, file names, paths,
// ids: arguments.ts) are taken out, its words analysed like the tools' fields (analyze.ts: split, stopwords,
// Porter stems) and ranked by MiniSearch's BM25+ with field boosts (tool-index.ts). A query word also stands,
// more weakly, for the longer terms its stem begins ("repos" → repositories) and, when no tool contains it, for its
// WordNet relatives that tools contain ("expunge" → delete; wordnet.ts), for the registry phrase its letters
// abbreviate ("PR" → pull request; acronyms.ts) and, when it is no English word either, for
// the words of its command's one-line summary in the system manual ("mkdir" → make directories; manual.ts); so does
// the first word of a query shaped like a command line, English or not ("mv draft.md posts/final.md"). Tools
// are indexed with the WordNet synonyms of their names' words too (tool-index.ts). A word that no tool contains and
// has no relative in any tool is neutral: it neither ranks nor lowers a match. Of several copies of one tool (the
// same tool on several servers) the best comes in its place and the others after the other tools. Each result carries its match strength
// (strength.ts: the share of the query's rarity-weighted known words the tool contains); when no tool matches
// strongly the response says so (`strong_match: false`, a hint) and lists the closest tools. Results are empty only
// when no tool shares a word with the query. `+word` is required. A query word equal to a tool's whole name puts
// that tool first. The first result comes in full, the others short (compact.ts); `select:` returns full entries.
// Ties break by name. Deterministic, no tool running, never throws; its only I/O is WordNet's dictionary files,
// read on first use (wordnet.ts), and the manual pages of words no tool contains (manual.ts).
import { asciiEqualsIgnoreCase } from '../names.js';
import type { JsonSchema, ToolDefinition } from '../types.js';
import { splitWords, stem, STOPWORDS } from './analyze.js';
import { splitArguments } from './arguments.js';
import { shortDescription, shortParameters } from './compact.js';
import { isStrong } from './strength.js';
import {
  idf,
  indexOf,
  rank,
  type IndexedTool,
  type RankOptions,
  type ToolIndex,
  type WeightedTerms,
} from './tool-index.js';
import { commandSummary } from './manual.js';
import { expandAcronym } from './acronyms.js';
import { distinctFirst } from './copies.js';
import { relatedWords, type Relation } from './wordnet.js';

export { splitWords, stem } from './analyze.js';

type MatchStrength = 'strong' | 'weak';

interface SearchResultEntry {
  name: string;
  description: string;
  parameters: JsonSchema;
  score: number;
  /** how well the tool covers the query's words (select: always strong) */
  match: MatchStrength;
}

export interface SearchOutcome {
  results: SearchResultEntry[];
  total_available: number;
  /** some result matches the query strongly; false: the results are only the closest tools */
  strong_match: boolean;
  hint?: string;
}

export interface SearchOptions {
  /** coverage from which a match is strong; default STRONG_COVERAGE */
  strongCoverage?: number;
  /** a result scoring below this share of the best result's score is dropped; default MIN_RELATIVE_SCORE */
  minRelativeScore?: number;
  /** how many of the first keyword results come in full (the rest short); default FULL_RESULTS */
  fullResults?: number;
  /** ranking weight of the hint words of argument shapes; default HINT_WEIGHT */
  hintWeight?: number;
  /** a ranking of tool indices (best first) to fuse with the keyword ranking by reciprocal rank (semantic.ts) */
  fuseWith?: readonly number[];
  /** each tool's semantic similarity to the query (by tool index), added to the keyword score (semantic.ts blend) */
  blendWith?: readonly number[];
  /** weight of a query word's WordNet relatives (wordnet.ts) by relation; 0 leaves them out; default RELATED_WEIGHT */
  relatedWeight?: Partial<Record<Relation, number>>;
  /** which query words get their WordNet relatives: all, or only those no tool contains; default RELATED_FOR */
  relatedFor?: 'all' | 'unknown';
  /** BM25 field boosts (tool-index.ts) */
  rank?: RankOptions;
  /** weight of the words of a command's manual summary (manual.ts) for a query word no tool contains; 0: off */
  manualWeight?: number;
  /** weight of each word of the phrase a query word abbreviates ("pr" → pull request: acronyms.ts); 0: off */
  acronymWeight?: number;
  /** weight of the longer terms a query word's stem begins ("repos" → repositories); 0: off; default PREFIX_WEIGHT */
  prefixWeight?: number;
}

export const DEFAULT_MAX_RESULTS = 5;
const MAX_MAX_RESULTS = 20;
/** results far below the best one are noise that costs the model tokens */
const MIN_RELATIVE_SCORE = 0.5;
/** keyword results returned with the full description and parameters; the others are short (compact.ts) */
const FULL_RESULTS = 1;
/** how many closest tools a query without a strong match lists */
const CLOSEST_RESULTS = 3;
/** ranking weight of a hint word left by an argument's shape (`file` for report.pdf) */
const HINT_WEIGHT = 0.5;
/** added to the score of a tool whose whole name is a query word, so it ranks first */
const WHOLE_NAME_BONUS = 1000;
/**
 * Ranking weight of a query word's WordNet relatives that tools contain, by relation (the word itself weighs 1);
 * chosen on the tuning set (bench/README.md).
 */
const RELATED_WEIGHT: Record<Relation, number> = { synonym: 0.4, derived: 0.3, hypernym: 0.15 };
/** only words no tool contains get relatives: a word a tool already uses needs no bridge (tuning: all words lost) */
const RELATED_FOR: 'all' | 'unknown' = 'unknown';
/** reciprocal rank fusion's constant (the usual 60) */
const RRF_K = 60;
/**
 * Blending a semantic similarity into the keyword ranking (bundled sentence encoder, semantic.ts `blend`): the
 * score of a tool the keywords found becomes its keyword score as a share of the best one, plus BLEND_WEIGHT × how
 * far its similarity stands above that of the BLEND_BASE_RANK-th most similar tool of the registry (a typical,
 * unrelated tool's). Weight 4 and base rank 30 gained on both halves of the tuning set (bench/README.md, seventh
 * round; weight 2 about as much, 8 less than keywords alone; refitted in the ninth round: 3, 5, 6 and base ranks 10
 * and 60 all lower).
 */
const BLEND_WEIGHT = 4;
const BLEND_BASE_RANK = 30;

export function clampMaxResults(n: unknown): number {
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_MAX_RESULTS;
  return Math.min(MAX_MAX_RESULTS, Math.max(1, Math.floor(n)));
}

export interface QueryWord {
  /** the word as written (lower case) */
  word: string;
  /** the terms that stand for it: its stem at 1, a compound it forms with a neighbour */
  terms: Map<string, number>;
  /** `+word`: the stem itself must be present */
  required: boolean;
  /** read as the command of a command-line query (manual.ts); it gets no WordNet relatives */
  command?: boolean;
}

export interface ParsedQuery {
  words: QueryWord[];
  /** hint words of the argument values' shapes (stems) */
  hints: string[];
  /** the argument values taken out */
  values: string[];
}

/** The query's words (one per distinct stem, stopwords dropped unless `+required`) and its argument values. */
export function parseQuery(query: string): ParsedQuery {
  const parts = splitArguments(query);
  const words: QueryWord[] = [];
  for (const raw of parts.words.split(/[\s,]+/)) {
    if (!raw) continue;
    const required = raw.startsWith('+');
    for (const word of splitWords(required ? raw.slice(1) : raw)) {
      if (!required && STOPWORDS.has(word)) continue;
      const s = stem(word);
      const existing = words.find((w) => w.terms.has(s));
      if (existing) existing.required ||= required;
      else words.push({ word, terms: new Map([[s, 1]]), required });
    }
  }
  return { words, hints: parts.hints.map(stem), values: parts.values };
}

/**
 * Two adjacent query words that a tool writes as one ("sequential thinking" for `sequentialthinking`, "get env" for
 * `getenv`): the joined word's stem, when some tool contains it, stands for both words.
 */
export function joinCompounds(words: QueryWord[], df: ReadonlyMap<string, number>): void {
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = stem(words[i]!.word + words[i + 1]!.word);
    if (!df.has(joined)) continue;
    words[i]!.terms.set(joined, 1);
    words[i + 1]!.terms.set(joined, 1);
  }
}

/** a stem shorter than this stands only for itself */
const PREFIX_MIN = 4;
/** weight of a term a query word's stem begins ("repo" → repositori) against the word's own 1 */
const PREFIX_WEIGHT = 0.3;

/**
 * Adds to each query word of PREFIX_MIN letters or more the terms of the index that its stem begins, at `weight`
 * ("repos" → repositories, "config" → configuration): a shortened word finds the tools that write it in full.
 */
function addPrefixes(words: QueryWord[], df: ReadonlyMap<string, number>, weight = PREFIX_WEIGHT): void {
  if (!(weight > 0)) return;
  for (const word of words) {
    const own = [...word.terms.keys()][0]!;
    if (own.length < PREFIX_MIN) continue;
    for (const term of df.keys()) {
      if (term.length > own.length && term.startsWith(own) && (word.terms.get(term) ?? 0) < weight) {
        word.terms.set(term, weight);
      }
    }
  }
}

/** weight of each word of the phrase an acronym spells ("pr" → pull, request) against the word's own 1; 0.3 to 1
 * scored the same on the tuning set */
const ACRONYM_WEIGHT = 0.5;

/**
 * Adds to each query word that no tool contains the stems of the registry phrases its letters abbreviate
 * (acronyms.ts: "PR" → pull request), each at `weight`.
 */
function addAcronyms(words: QueryWord[], index: Pick<ToolIndex, 'df' | 'acronyms'>, weight = ACRONYM_WEIGHT): void {
  if (!(weight > 0)) return;
  for (const word of words) {
    if ([...word.terms.keys()].some((t) => index.df.has(t))) continue;
    for (const phrase of expandAcronym(word.word, index.acronyms)) {
      for (const s of phrase) if ((word.terms.get(s) ?? 0) < weight) word.terms.set(s, weight);
    }
  }
}

/** weight of the words of a command's manual summary ("mkdir" → make directories) against the word's own 1; chosen
 * on the tuning set (0.3 and 0.5 scored the same, 0.7 and 1 lowered abstention) */
const MANUAL_WEIGHT = 0.5;

/** an option of a command line: `-n`, `--name-only` */
const FLAG = /(?:^|\s)--?[a-z]/i;

/**
 * The query's first word when the query reads as a command line: that word is the query's first token as
 * written, and the query carries an argument value (a path, a file name, a number: arguments.ts) or an option
 * (`mv draft.md posts/final.md`, `git log --oneline -20`).
 */
export function commandWordOf(query: string, parsed: ParsedQuery): QueryWord | undefined {
  const first = parsed.words[0];
  if (!first || first.required) return undefined;
  if (query.trimStart().split(/\s+/)[0]!.toLowerCase() !== first.word) return undefined;
  return parsed.values.length > 0 || FLAG.test(query) ? first : undefined;
}

/**
 * Adds to each query word that no tool contains and that is not an English word (WordNet does not know it) the
 * stems of its command's one-line manual summary (manual.ts: "mkdir" → make, directori; "ls" → list, directori,
 * content) that some tool contains, at `weight`: a command name in a request stands for what the command does.
 * English words are left out because many are also commands with unrelated pages ("pr" → convert text files for
 * printing, for a pull request; tuning lost 0.01 top-3 with them), except the `command` word of a query that reads
 * as a command line (commandWordOf): "mv" in `mv draft.md posts/final.md` is the command, and WordNet's senses
 * (millivolt) are not what it means, so it gets the summary and no relatives.
 */
export function addCommandSummaries(
  words: QueryWord[],
  df: ReadonlyMap<string, number>,
  weight = MANUAL_WEIGHT,
  summaryOf: (word: string) => string | undefined = commandSummary,
  command?: QueryWord,
): void {
  if (!(weight > 0)) return;
  for (const word of words) {
    if ([...word.terms.keys()].some((t) => df.has(t))) continue;
    if (word !== command && relatedWords(word.word).size > 0) continue;
    const summary = summaryOf(word.word);
    if (!summary) continue;
    if (word === command) word.command = true;
    for (const part of splitWords(summary)) {
      if (STOPWORDS.has(part)) continue;
      const s = stem(part);
      if (!df.has(s) || (word.terms.get(s) ?? 0) >= weight) continue;
      word.terms.set(s, weight);
    }
  }
}

/**
 * Adds to each query word the stems of its WordNet relatives (wordnet.ts: synonyms of its most frequent senses,
 * derived forms, direct hypernyms) that some tool contains, each at its relation's weight: "erase" finds `delete`,
 * "folder" `directory`. A relative no tool contains is not added, so a word without any stays neutral.
 */
export function addRelatives(
  words: QueryWord[],
  df: ReadonlyMap<string, number>,
  weights: Partial<Record<Relation, number>> = RELATED_WEIGHT,
  which: 'all' | 'unknown' = RELATED_FOR,
): void {
  const w = { ...RELATED_WEIGHT, ...weights };
  const wanted = { synonym: w.synonym > 0, derived: w.derived > 0, hypernyms: w.hypernym > 0 };
  if (!wanted.synonym && !wanted.derived && !wanted.hypernyms) return;
  for (const word of words) {
    if (word.command) continue;
    if (which === 'unknown' && [...word.terms.keys()].some((t) => df.has(t))) continue;
    const related = relatedWords(word.word, { derived: wanted.derived, hypernyms: wanted.hypernyms });
    for (const [relative, relation] of related) {
      const weight = w[relation];
      if (!(weight > 0)) continue;
      for (const part of splitWords(relative)) {
        if (STOPWORDS.has(part)) continue;
        const s = stem(part);
        if (!df.has(s) || (word.terms.get(s) ?? 0) >= weight) continue;
        word.terms.set(s, weight);
      }
    }
  }
}

/** The tool's JSON Schema without `$schema` (a URL of the draft the server used: tokens the model does not need). */
function parametersOf(def: ToolDefinition): JsonSchema {
  if (!def.parameters || typeof def.parameters !== 'object' || !('$schema' in def.parameters)) return def.parameters;
  const { $schema: _drop, ...rest } = def.parameters as JsonSchema & { $schema?: unknown };
  return rest as JsonSchema;
}

function entry(def: ToolDefinition, score: number, match: MatchStrength, short = false): SearchResultEntry {
  if (short) {
    return {
      name: def.name,
      description: shortDescription(def.description),
      parameters: shortParameters(def.parameters),
      score,
      match,
    };
  }
  return { name: def.name, description: def.description, parameters: parametersOf(def), score, match };
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
    else if (!results.some((r) => r.name === def.name)) results.push(entry(def, 1, 'strong'));
  }
  const out: SearchOutcome = {
    results: results.slice(0, MAX_MAX_RESULTS),
    total_available: tools.length,
    strong_match: results.length > 0,
  };
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
      strong_match: false,
      hint: 'There are no extra tools in this session; use the tools you already have.',
    };
  }
  const q = (typeof query === 'string' ? query : '').trim();
  const select = /^select:/i.exec(q);
  if (select) return selectByName(q.slice(select[0].length), tools);

  const parsed = parseQuery(q);
  if (parsed.words.length === 0 && parsed.hints.length === 0) {
    return {
      results: [],
      total_available: total,
      strong_match: false,
      hint:
        'The query has no keywords. Describe what the tool should do in a few words (e.g. "read file"), ' +
        'or use select:<name>.',
    };
  }
  const index = indexOf(tools);
  joinCompounds(parsed.words, index.df);
  addPrefixes(parsed.words, index.df, options.prefixWeight);
  addAcronyms(parsed.words, index, options.acronymWeight);
  const unknown = parsed.words.filter((w) => ![...w.terms.keys()].some((t) => index.df.has(t)));
  addCommandSummaries(unknown, index.df, options.manualWeight, commandSummary, commandWordOf(q, parsed));
  addRelatives(parsed.words, index.df, options.relatedWeight, options.relatedFor);
  const known = parsed.words.filter((w) => [...w.terms.keys()].some((t) => index.df.has(t)));
  const required = parsed.words.filter((w) => w.required).map((w) => w.word);
  const ranked = distinctFirst(rankTools(index, parsed, known, q, options), (r) => r.t.copyGroup);
  const limit = clampMaxResults(maxResults);
  const full = options.fullResults ?? FULL_RESULTS;
  const strongOnes = ranked.filter((r) => r.match === 'strong');
  let chosen: Ranked[];
  if (strongOnes.length > 0) {
    const floor = strongOnes[0]!.score * (options.minRelativeScore ?? MIN_RELATIVE_SCORE);
    chosen = ranked.filter((r) => r.score >= floor).slice(0, limit);
  } else {
    chosen = ranked.slice(0, Math.min(limit, CLOSEST_RESULTS));
  }
  const results = chosen.map((r, k) => entry(r.t.def, r.score, r.match, k >= full));
  const out: SearchOutcome = { results, total_available: total, strong_match: strongOnes.length > 0 };
  if (results.length === 0) {
    out.hint =
      required.length > 0
        ? `No extra tool contains the required word${required.length > 1 ? 's' : ''} ${quoted(required)}.`
        : `No extra tool shares a word with "${shortened(q)}". Try other words (a verb such as read, write, search, or a ` +
          'server name), or select:<name> if you know the tool name.';
  } else if (!out.strong_match) {
    out.hint =
      'No extra tool matches this request strongly; these are the closest. Use one only if it really does what ' +
      'is asked, or search again with other words.';
  }
  return out;
}

const quoted = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');
/** how much of a query a hint quotes back (a document passed as a query is not echoed whole) */
const HINT_QUERY_CHARS = 80;
const shortened = (q: string) => (q.length > HINT_QUERY_CHARS ? `${q.slice(0, HINT_QUERY_CHARS)}…` : q);

interface Ranked {
  t: IndexedTool;
  score: number;
  match: MatchStrength;
}

/** The tools that share a word with the query, best first, each with its score and match strength. */
function rankTools(
  index: ToolIndex,
  parsed: ParsedQuery,
  known: readonly QueryWord[],
  q: string,
  options: SearchOptions,
): Ranked[] {
  const n = index.tools.length;
  const words: WeightedTerms[] = known.map((w) => w.terms);
  const hints: WeightedTerms[] = parsed.hints
    .filter((h) => index.df.has(h))
    .map((h) => new Map([[h, options.hintWeight ?? HINT_WEIGHT]]));
  const scores = rank(index, [...words, ...hints], options.rank);
  const rawWords = q
    .split(/[\s,]+/)
    .map((r) => r.replace(/^\+/, '').toLowerCase())
    .filter(Boolean);
  for (const [i, t] of index.tools.entries()) {
    if (rawWords.some((r) => t.wholeNames.includes(r))) scores.set(i, (scores.get(i) ?? 0) + WHOLE_NAME_BONUS);
  }
  if (options.fuseWith) fuse(scores, options.fuseWith);
  else if (options.blendWith) blend(scores, options.blendWith);
  // a word weighs its rarity, times the weight of its best term that tools contain: a word known only through
  // a WordNet relative weighs that relative's share, and a tool holding the relative gets that share of it again
  // (the relative is weaker evidence twice over: tried crediting it fully, which lowered abstention on tuning)
  const weights = known.map((w) => {
    let df = 0;
    let best = 0;
    for (const [t, weight] of w.terms) {
      const d = index.df.get(t) ?? 0;
      if (d === 0) continue;
      df = Math.max(df, d);
      best = Math.max(best, weight);
    }
    return idf(df, n) * best;
  });
  const strongAt = options.strongCoverage;
  const requiredStems = parsed.words.filter((w) => w.required).map((w) => [...w.terms.keys()][0]!);
  const round = (x: number) => Math.round(x * 100) / 100;
  const out: Ranked[] = [];
  for (const [i, score] of scores) {
    const t = index.tools[i]!;
    if (requiredStems.some((s) => !t.all.has(s))) continue;
    const strong = words.length > 0 && isStrong(words, weights, t, strongAt);
    out.push({ t, score: round(score), match: strong ? 'strong' : 'weak' });
  }
  return out.sort((a, b) => b.score - a.score || byName(a.t.def.name, b.t.def.name));
}

/** The value at 0-based rank `k` of `xs` sorted in decreasing order, keeping only the k + 1 largest (k is small). */
function nthLargest(xs: readonly number[], k: number): number {
  const top: number[] = [];
  for (const x of xs) {
    if (top.length > k && x <= top[k]!) continue;
    let i = Math.min(top.length, k);
    while (i > 0 && top[i - 1]! < x) i--;
    top.splice(i, 0, x);
    if (top.length > k + 1) top.pop();
  }
  return top[k] ?? top[top.length - 1]!;
}

/**
 * A semantic similarity blended into the keyword scores (BLEND_WEIGHT above); scores ×10 to read easily. The
 * model's most similar tool joins the keywords' candidates when it shares no word with the query ("what tables are
 * in the database" → postgres's `query`, whose text says SQL), with no keyword share: it ranks above a keyword
 * candidate only where its similarity stands more than 1 / BLEND_WEIGHT above that candidate's. Only when the
 * keywords found some tool, so a query no tool shares a word with still gets none. The model's 2, 3, 5 or 10 most
 * similar lost top-3 on the tuning set; its first gained on both halves (bench/README.md, ninth round).
 */
function blend(scores: Map<number, number>, sim: readonly number[]): void {
  const best = Math.max(0, ...scores.values());
  if (sim.length === 0 || best === 0) return;
  const base = nthLargest(sim, Math.min(sim.length - 1, BLEND_BASE_RANK));
  for (const [i, score] of scores) {
    scores.set(i, (score / best + BLEND_WEIGHT * Math.max(0, (sim[i] ?? 0) - base)) * 10);
  }
  let closest = 0;
  for (const [i, x] of sim.entries()) if (x > sim[closest]!) closest = i;
  if (!scores.has(closest)) scores.set(closest, BLEND_WEIGHT * Math.max(0, sim[closest]! - base) * 10);
}

/**
 * Reciprocal rank fusion: each tool's keyword score becomes Σ 1/(RRF_K + rank) over the keyword ranking and the
 * other ranking (a tool only in the other ranking joins with its share). Scores are rescaled ×100 to read easily.
 */
function fuse(scores: Map<number, number>, other: readonly number[]): void {
  const keyword = [...scores].sort((a, b) => b[1] - a[1]).map(([i]) => i);
  const fused = new Map<number, number>();
  keyword.forEach((i, r) => fused.set(i, 1 / (RRF_K + r + 1)));
  other.forEach((i, r) => fused.set(i, (fused.get(i) ?? 0) + 1 / (RRF_K + r + 1)));
  scores.clear();
  for (const [i, s] of fused) scores.set(i, s * 100);
}
