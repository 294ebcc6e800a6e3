// Semantic ranking of deferred tools through an embedding function: a provider's embeddings endpoint
// (embeddings.ts) or the sentence encoder that ships with Floe (local-model.ts). Each tool's text (by default name
// words, title, description, parameter names) is embedded once and cached by the hash of that text and the model
// (embedding-cache.ts); a query is embedded per search. What search.ts gets depends on `fusion`: `rrf` (a
// provider's model) the tools ordered by cosine similarity, fused with the keyword ranking by reciprocal rank;
// `blend` (the bundled model) every tool's similarity, added to the keyword score (search.ts: a weaker model's
// order alone decided too much by reciprocal rank, see bench/README.md). Off when unavailable: the first failure
// turns it off for the rest of the process's life of this ranker (keyword search goes on alone) and is reported
// once through `onUnavailable`.
import { createHash } from 'node:crypto';
import type { ToolDefinition } from '../types.js';
import { splitWords } from './analyze.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { EmbedFn } from './embeddings.js';

/** how many of the most similar tools the semantic order holds */
const SEMANTIC_DEPTH = 20;
/** tools embedded per request */
const BATCH = 64;
/**
 * The most words of a query that are embedded. A request is a sentence or two; a model that passes a whole
 * document as its query would otherwise hold the bundled encoder's worker for seconds (20 000 words: ~16 s) or
 * exceed a provider's input limit, and the failure would turn ranking by meaning off for the rest of the session.
 */
const QUERY_WORDS = 64;
/** The most characters of a tool's text that are embedded (an MCP server's description may be any length). */
const TOOL_TEXT_CHARS = 2000;

/** A query's text as it is, or, when it is longer, its first `QUERY_WORDS` words with single spaces between them. */
export function cappedQuery(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > QUERY_WORDS ? words.slice(0, QUERY_WORDS).join(' ') : text;
}

/** A tool's text cut to `TOOL_TEXT_CHARS` characters (texts within it are unchanged, and so are their hashes). */
function cappedToolText(text: string): string {
  return text.length > TOOL_TEXT_CHARS ? text.slice(0, TOOL_TEXT_CHARS) : text;
}

/** What a search fuses with its keyword ranking (search.ts SearchOptions). */
export type SemanticRanking = { fuseWith: number[] } | { blendWith: number[] };

export interface SemanticRanker {
  /** `fuseWith`: tool indices of `tools`, most similar first; `blendWith`: each tool's similarity; undefined when
   * semantic ranking is off */
  rank(query: string, tools: readonly ToolDefinition[]): Promise<SemanticRanking | undefined>;
  /** embeds (and caches) the tools' texts that are not cached yet; `background`: nobody waits for it (it does
   * not keep the process alive) */
  warm(tools: readonly ToolDefinition[], background?: boolean): Promise<void>;
  /** why it is off, once it is */
  readonly offReason: string | undefined;
  /** a search never waits for the tools to be embedded (see the option); a session warms it up at its start */
  readonly background: boolean;
}

/** The text of a tool that is embedded (and hashed), unless the ranker is given another. */
function toolText(def: ToolDefinition): string {
  const params = Object.keys((def.parameters as { properties?: object } | undefined)?.properties ?? {});
  return [splitWords(def.name).join(' '), def.title ?? '', def.description ?? '', params.join(' ')]
    .filter(Boolean)
    .join('\n');
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** A vector scaled to unit length (a zero vector stays zero), so cosine similarity is a dot product. */
function toUnit(v: readonly number[]): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  const out = new Float32Array(v.length);
  if (n > 0) {
    const k = 1 / Math.sqrt(n);
    for (let i = 0; i < v.length; i++) out[i] = v[i]! * k;
  }
  return out;
}

/** Four running sums: V8 keeps them in registers and the loop does a quarter of the bounds checks (1 000 tools of
 * 512 dimensions: ~0.44 ms a query against ~0.8 ms with one sum and the bound recomputed each step). */
function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

export function semanticRanker(opts: {
  embed: EmbedFn;
  model: string;
  cache: EmbeddingCache;
  onUnavailable?: (reason: string) => void;
  /** default rrf */
  fusion?: 'rrf' | 'blend';
  /** the text of a tool that is embedded; default its name words, title, description and parameter names */
  toolText?: (def: ToolDefinition) => string;
  /** the text of a query that is embedded; default the query */
  queryText?: (query: string) => string;
  /** a search never waits for tools to be embedded: while some are not, it starts that in the background and
   * answers undefined (keyword search alone); for the bundled model, whose first encoding of a large registry
   * takes seconds. Default false: the search waits (a provider's endpoint embeds a registry in one request or a few) */
  background?: boolean;
}): SemanticRanker {
  let offReason: string | undefined;
  let warming = false;
  const turnOff = (err: unknown) => {
    if (offReason !== undefined) return;
    offReason = err instanceof Error ? err.message : String(err);
    opts.onUnavailable?.(offReason);
  };
  const textOf = (def: ToolDefinition) => cappedToolText((opts.toolText ?? toolText)(def));
  // a registry array whose every tool has its vector: the vectors, at unit length (a session's registry array does
  // not change, so a search after the first neither hashes nor looks up its tools again)
  const complete = new WeakMap<readonly ToolDefinition[], Float32Array[]>();
  const vectors = async (tools: readonly ToolDefinition[], background = false): Promise<Float32Array[]> => {
    const known = complete.get(tools);
    if (known) return known;
    const texts = tools.map(textOf);
    const hashes = texts.map(hashOf);
    const out = hashes.map((h) => opts.cache.get(opts.model, h));
    const missing = out.flatMap((v, i) => (v ? [] : [i]));
    for (let k = 0; k < missing.length; k += BATCH) {
      const batch = missing.slice(k, k + BATCH);
      const got = await opts.embed(
        batch.map((i) => texts[i]!),
        background ? { background } : undefined,
      );
      batch.forEach((i, j) => {
        out[i] = got[j]!;
        opts.cache.put(opts.model, hashes[i]!, got[j]!);
      });
    }
    const unit = (out as number[][]).map(toUnit);
    complete.set(tools, unit);
    return unit;
  };
  // warm-ups run one after another, so a later one finds what an earlier one embedded in the cache
  let chain: Promise<void> = Promise.resolve();
  const warm = (tools: readonly ToolDefinition[], background = false): Promise<void> => {
    chain = chain.then(() =>
      offReason === undefined ? vectors(tools, background).then(() => undefined, turnOff) : undefined,
    );
    return chain;
  };
  return {
    get offReason() {
      return offReason;
    },
    background: opts.background ?? false,
    warm,
    async rank(query, tools) {
      if (offReason !== undefined || tools.length === 0 || !query.trim()) return undefined;
      if (
        opts.background &&
        !complete.has(tools) &&
        tools.some((t) => !opts.cache.get(opts.model, hashOf(textOf(t))))
      ) {
        if (!warming) {
          warming = true;
          void warm(tools, true).finally(() => (warming = false));
        }
        return undefined;
      }
      try {
        const toolVectors = await vectors(tools);
        const [q] = await opts.embed([cappedQuery(opts.queryText ? opts.queryText(query) : query)]);
        const qv = toUnit(q!);
        const sims = toolVectors.map((v) => dot(qv, v));
        if (opts.fusion === 'blend') return { blendWith: sims };
        const fuseWith = sims
          .map((s, i) => ({ i, s }))
          .sort((a, b) => b.s - a.s || a.i - b.i)
          .slice(0, SEMANTIC_DEPTH)
          .map((x) => x.i);
        return { fuseWith };
      } catch (err) {
        turnOff(err);
        return undefined;
      }
    },
  };
}
