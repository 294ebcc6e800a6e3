// The rankings by meaning the search evaluation fuses in, built the way a session builds them
// (main/sdk/semantic-search.ts): `--local-model` the bundled sentence encoder; `--provider <name>` what a session
// whose model comes from that provider of FLOE_HOME's config.yaml gets (its embeddings endpoint when the provider
// has an `embeddings` entry, else the bundled encoder). The provider path is the one this machine cannot measure
// (no API key, no model server); with this anyone who has one can. Each tool is embedded once and cached
// (the local run in $TMPDIR/floe-eval-embeddings.db, a provider in FLOE_HOME/embeddings.db as a session would).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfigText } from '../../main/config/load.js';
import { sqliteEmbeddingCache } from '../../main/environment/deferred/embedding-cache.js';
import { localSemanticRanker } from '../../main/environment/deferred/local-model.js';
import type { SemanticRanker, SemanticRanking } from '../../main/environment/deferred/semantic.js';
import type { ToolDefinition } from '../../main/environment/types.js';
import { SemanticSearch } from '../../main/sdk/semantic-search.js';
import type { LabelledQuery } from './labels.js';

export interface EvalRanker {
  ranker: SemanticRanker;
  /** what ranks, for the report: "bundled sentence encoder", "openai/text-embedding-3-small (rrf)" */
  label: string;
  close(): void;
}

/** The bundled encoder as a session without a provider `embeddings` entry uses it. */
export function localEvalRanker(): EvalRanker {
  const cache = sqliteEmbeddingCache(path.join(os.tmpdir(), 'floe-eval-embeddings.db'));
  const ranker = localSemanticRanker(cache);
  return { ranker, label: 'bundled sentence encoder (blend)', close: () => cache.close() };
}

/**
 * The ranker a session gets whose model comes from provider `name` of `<home>/config.yaml`. Throws one line for a
 * missing config file, a config mistake (ConfigError's own message) or a provider that is not configured.
 */
export function providerEvalRanker(home: string, name: string): EvalRanker {
  const file = path.join(home, 'config.yaml');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`no config.yaml at ${file}: set FLOE_HOME to the Floe home whose provider should rank`);
  }
  const config = parseConfigText(text, file);
  const provider = config.providers.find((p) => p.name === name);
  if (!provider) {
    const names = config.providers.map((p) => p.name);
    throw new Error(
      `${file} has no provider "${name}"` +
        (names.length ? ` (configured: ${names.join(', ')})` : ' (none is configured)'),
    );
  }
  const search = new SemanticSearch(config, home);
  const ranker = search.forProvider(name);
  if (!ranker) {
    search.close();
    throw new Error(
      `provider "${name}" has no embeddings entry and tool_search.local_model is false: nothing ranks by meaning`,
    );
  }
  const label = provider.embeddings
    ? `${name}/${provider.embeddings.model} via ${provider.embeddings.wire} embeddings (rrf)`
    : `bundled sentence encoder (blend; provider "${name}" has no embeddings entry)`;
  return { ranker, label, close: () => search.close() };
}

/**
 * Each query's ranking over `tools`, the tools embedded first (a session's ranker may answer keyword-only while they
 * are not). Throws when the ranker turns itself off (an endpoint that fails), with its reason: a run that silently
 * fell back to keywords would publish keyword figures under the model's name.
 */
export async function semanticRankings(
  queries: readonly LabelledQuery[],
  tools: readonly ToolDefinition[],
  ranker: SemanticRanker,
): Promise<Map<string, SemanticRanking>> {
  await ranker.warm(tools);
  const out = new Map<string, SemanticRanking>();
  for (const q of queries) {
    const r = await ranker.rank(q.query, tools);
    if (!r) throw new Error(`ranking by meaning is off: ${ranker.offReason ?? 'the tools are not embedded'}`);
    out.set(q.query, r);
  }
  return out;
}
