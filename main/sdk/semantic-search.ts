// Semantic ranking for search_extra_tools, from config.yaml: a provider with an `embeddings` entry gets one
// ranker per agent (main/environment/deferred/semantic.ts) over its embeddings endpoint; a provider without it
// shares the agent's one ranker over the bundled sentence encoder (deferred/local-model.ts), unless
// `tool_search.local_model` is false. Tool embeddings are cached in FLOE_HOME/embeddings.db (in memory if that
// file cannot be opened). An endpoint or model that fails leaves search to keywords. Composition only: builds,
// never ranks.
import path from 'node:path';
import type { FloeConfig } from '../config/index.js';
import {
  memoryEmbeddingCache,
  sqliteEmbeddingCache,
  type EmbeddingCache,
} from '../environment/deferred/embedding-cache.js';
import { embeddingsClient } from '../environment/deferred/embeddings.js';
import { localSemanticRanker } from '../environment/deferred/local-model.js';
import { semanticRanker, type SemanticRanker } from '../environment/deferred/semantic.js';

export class SemanticSearch {
  private readonly rankers = new Map<string, SemanticRanker>();
  private cache: EmbeddingCache | undefined;
  private local: SemanticRanker | undefined;

  constructor(
    private readonly config: FloeConfig,
    private readonly home: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** The ranker of a provider: its embeddings endpoint, else the bundled model, else none (keywords alone). */
  forProvider(name: string): SemanticRanker | undefined {
    const provider = this.config.providers.find((p) => p.name === name);
    const e = provider?.embeddings;
    if (!provider || !e) return this.localRanker();
    let r = this.rankers.get(name);
    if (!r) {
      const apiKey = provider.api_key ?? (provider.api_key_env ? this.env[provider.api_key_env] : undefined);
      const baseUrl =
        e.base_url ?? (e.wire === 'ollama' ? provider.base_url.replace(/\/v1\/?$/, '') : provider.base_url);
      const embed = embeddingsClient({ baseUrl, model: e.model, wire: e.wire, ...(apiKey ? { apiKey } : {}) });
      r = semanticRanker({ embed, model: `${name}/${e.model}`, cache: this.openCache() });
      this.rankers.set(name, r);
    }
    return r;
  }

  private localRanker(): SemanticRanker | undefined {
    if (this.config.tool_search?.local_model === false) return undefined;
    this.local ??= localSemanticRanker(this.openCache(), { background: true });
    return this.local;
  }

  private openCache(): EmbeddingCache {
    if (!this.cache) {
      try {
        this.cache = sqliteEmbeddingCache(path.join(this.home, 'embeddings.db'));
      } catch {
        this.cache = memoryEmbeddingCache();
      }
    }
    return this.cache;
  }

  close(): void {
    this.cache?.close();
    this.cache = undefined;
  }
}
