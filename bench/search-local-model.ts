// Benchmark: deferred-tool search with the bundled sentence encoder (main/environment/deferred/local-model.ts) over
// 1 000 MCP tools (bench/search-eval/registry.ts), against keyword search alone over the same registry.
// Each run starts a new model worker, times its start (first answer), the encoding of the 1 000 tools' texts (what a
// session does once per tool version, in the background; cached afterwards), then every query of the first two
// evaluation sets once through the whole search path (query encoded in the worker, blended into the keyword ranking)
// and once by keywords alone; figure = p50 of a search with the model. Connects to nothing.
import { performance } from 'node:perf_hooks';
import { memoryEmbeddingCache } from '../main/environment/deferred/embedding-cache.js';
import { localEmbedder, localSemanticRanker } from '../main/environment/deferred/local-model.js';
import { searchTools } from '../main/environment/deferred/search.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { median, MIN_RUNS, quantile } from './lib/stats.js';
import { HELD_OUT_QUERIES } from './search-eval/queries-held-out.js';
import { TUNING_QUERIES } from './search-eval/queries-tuning.js';
import { largeRegistry } from './search-eval/registry.js';

/** timing only: the queries' labels are not read */
const QUERIES = [...TUNING_QUERIES, ...HELD_OUT_QUERIES];
const LARGE = 1000;

interface RunFigures {
  startMs: number;
  encodeMs: number;
  p50: number;
  p95: number;
  keywordP50: number;
}

async function oneRun(): Promise<RunFigures> {
  const tools = largeRegistry(LARGE).tools;
  const embed = localEmbedder();
  let t = performance.now();
  await embed(['start']);
  const startMs = performance.now() - t;
  const ranker = localSemanticRanker(memoryEmbeddingCache(), { embed });
  t = performance.now();
  await ranker.warm(tools);
  const encodeMs = performance.now() - t;
  const withModel: number[] = [];
  const keywords: number[] = [];
  for (const q of QUERIES) {
    let s = performance.now();
    searchTools(q.query, tools, undefined, (await ranker.rank(q.query, tools)) ?? {});
    withModel.push(performance.now() - s);
    s = performance.now();
    searchTools(q.query, tools);
    keywords.push(performance.now() - s);
  }
  return { startMs, encodeMs, p50: median(withModel), p95: quantile(withModel, 0.95), keywordP50: median(keywords) };
}

export async function run(): Promise<BenchResult[]> {
  await oneRun(); // warm-up: JIT, the index, the model's files in the page cache; not measured
  const runs: RunFigures[] = [];
  for (let i = 0; i < MIN_RUNS; i++) runs.push(await oneRun());
  return [
    makeResult({
      name: 'search-local-model',
      title: `deferred-tool search with the bundled sentence encoder: p50 time of one search over ${LARGE} MCP tools`,
      date: new Date().toISOString(),
      machine: machine(),
      baseline: {
        label: 'keywords alone, same registry',
        unit: 'ms p50 per search',
        runs: runs.map((r) => r.keywordP50),
      },
      subject: { label: 'keywords + bundled model', unit: 'ms p50 per search', runs: runs.map((r) => r.p50) },
      goal: { figure: 'p50 ms', op: '<', value: 5 },
      figureRuns: runs.map((r) => r.p50),
      absolute: {
        queries_per_run: QUERIES.length,
        p95_ms_median: median(runs.map((r) => r.p95)),
        worker_start_ms_median: median(runs.map((r) => r.startMs)),
        encode_1000_tools_ms_median: median(runs.map((r) => r.encodeMs)),
        encode_1000_tools_ms_min: Math.min(...runs.map((r) => r.encodeMs)),
        encode_1000_tools_ms_max: Math.max(...runs.map((r) => r.encodeMs)),
      },
      notes: [
        "the goal is search-latency's: a search's whole time, of which the query's encoding runs in the model's worker thread (the host's event loop is free meanwhile)",
        'encoding the registry happens once per tool version, in the background at session start, cached in embeddings.db',
      ],
    }),
  ];
}
