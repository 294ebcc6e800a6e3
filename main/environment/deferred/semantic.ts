// Semantic ranking of deferred tools through an embeddings endpoint (embeddings.ts): each tool's text (name
// words, title, description, parameter names) is embedded once and cached by the hash of that text and the model
// (embedding-cache.ts); a query is embedded per search and the tools are ordered by cosine similarity. search.ts
// fuses this order with the keyword ranking by reciprocal rank. Off when unavailable: the first failure of the
// endpoint turns it off for the rest of the process's life of this ranker (keyword search goes on alone) and is
// reported once through `onUnavailable`.
import { createHash } from 'node:crypto';
import type { ToolDefinition } from '../types.js';
import { splitWords } from './analyze.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { EmbedFn } from './embeddings.js';

/** how many of the most similar tools the semantic order holds */
const SEMANTIC_DEPTH = 20;
/** tools embedded per request */
const BATCH = 64;

export interface SemanticRanker {
  /** tool indices of `tools`, most similar first; undefined when semantic ranking is off */
  rank(query: string, tools: readonly ToolDefinition[]): Promise<number[] | undefined>;
  /** why it is off, once it is */
  readonly offReason: string | undefined;
}

/** The text of a tool that is embedded (and hashed). */
function toolText(def: ToolDefinition): string {
  const params = Object.keys((def.parameters as { properties?: object } | undefined)?.properties ?? {});
  return [splitWords(def.name).join(' '), def.title ?? '', def.description ?? '', params.join(' ')]
    .filter(Boolean)
    .join('\n');
}

function toolHash(def: ToolDefinition): string {
  return createHash('sha256').update(toolText(def)).digest('hex');
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export function semanticRanker(opts: {
  embed: EmbedFn;
  model: string;
  cache: EmbeddingCache;
  onUnavailable?: (reason: string) => void;
}): SemanticRanker {
  let offReason: string | undefined;
  const vectors = async (tools: readonly ToolDefinition[]): Promise<number[][]> => {
    const hashes = tools.map(toolHash);
    const out = hashes.map((h) => opts.cache.get(opts.model, h));
    const missing = out.flatMap((v, i) => (v ? [] : [i]));
    for (let k = 0; k < missing.length; k += BATCH) {
      const batch = missing.slice(k, k + BATCH);
      const got = await opts.embed(batch.map((i) => toolText(tools[i]!)));
      batch.forEach((i, j) => {
        out[i] = got[j]!;
        opts.cache.put(opts.model, hashes[i]!, got[j]!);
      });
    }
    return out as number[][];
  };
  return {
    get offReason() {
      return offReason;
    },
    async rank(query, tools) {
      if (offReason !== undefined || tools.length === 0 || !query.trim()) return undefined;
      try {
        const toolVectors = await vectors(tools);
        const [q] = await opts.embed([query]);
        return toolVectors
          .map((v, i) => ({ i, s: cosine(q!, v) }))
          .sort((a, b) => b.s - a.s || a.i - b.i)
          .slice(0, SEMANTIC_DEPTH)
          .map((x) => x.i);
      } catch (err) {
        offReason = err instanceof Error ? err.message : String(err);
        opts.onUnavailable?.(offReason);
        return undefined;
      }
    },
  };
}
