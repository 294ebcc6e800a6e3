// Integration test of the search evaluation's `--provider <name>` path (bench/search-eval/rankings.ts): the ranking
// by meaning is built from a real config.yaml in a temporary FLOE_HOME the way a session builds it
// (main/sdk/semantic-search.ts), over a real local embeddings server, with the vectors cached in that home's
// embeddings.db. The server's "model" puts texts with an invented word and the sequential-thinking tool's text in one
// group, so a query keyword search cannot answer is found only through the provider. Errors are one line each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, searchedTools } from '../../bench/search-eval/evaluate.js';
import { Q } from '../../bench/search-eval/labels.js';
import { providerEvalRanker, semanticRankings } from '../../bench/search-eval/rankings.js';
import { startEmbeddingsServer, type EmbeddingsServer } from '../helpers/embeddings-server.js';

const vectorOf = (text: string) => [/zorblax|sequential/i.test(text) ? 1 : 0, 0.01];

let server: EmbeddingsServer;
let home = '';

const config = (embeddings: string) =>
  [
    'providers:',
    '  - name: emb',
    '    protocol: openai',
    `    base_url: ${server.base}/v1`,
    '    models: [{ id: chat }]',
    embeddings,
    '  - name: plain',
    '    protocol: openai',
    `    base_url: ${server.base}/v1`,
    '    models: [{ id: chat }]',
    '',
  ].join('\n');

beforeAll(async () => {
  server = await startEmbeddingsServer(vectorOf);
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-eval-provider-'));
  fs.writeFileSync(path.join(home, 'config.yaml'), config('    embeddings: { model: tool-embedder }'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(home, { recursive: true, force: true });
});

describe('search evaluation through a provider of config.yaml', () => {
  it("ranks with the provider's embeddings endpoint as a session would, and the outcome shows it", async () => {
    const query = Q('zorblax the budget', 'thinking:sequentialthinking');
    const tools = searchedTools();
    const [alone] = evaluate([query]);
    expect(alone!.rank === 0 || alone!.rank > 3).toBe(true);

    const meaning = providerEvalRanker(home, 'emb');
    expect(meaning.label).toBe('emb/tool-embedder via openai embeddings (rrf)');
    try {
      const semantic = await semanticRankings([query], tools, meaning.ranker);
      expect(semantic.get(query.query)).toEqual({ fuseWith: expect.any(Array) });
      const [fused] = evaluate([query], { semantic });
      expect(fused!.rank).toBeGreaterThanOrEqual(1);
      expect(fused!.rank).toBeLessThanOrEqual(3);
    } finally {
      meaning.close();
    }
    // every tool of the registry, then the query, under the configured model's name; cached in the home
    expect(server.inputs).toHaveLength(tools.length + 1);
    expect(server.inputs.at(-1)).toBe('zorblax the budget');
    expect(new Set(server.models)).toEqual(new Set(['tool-embedder']));
    expect(fs.existsSync(path.join(home, 'embeddings.db'))).toBe(true);

    // a second run embeds only the query
    server.inputs.length = 0;
    const again = providerEvalRanker(home, 'emb');
    try {
      await semanticRankings([query], tools, again.ranker);
    } finally {
      again.close();
    }
    expect(server.inputs).toEqual(['zorblax the budget']);
  });

  it("refuses to publish keyword figures under the provider's name when its endpoint fails", async () => {
    const meaning = providerEvalRanker(home, 'emb');
    server.failing = true;
    try {
      await expect(
        semanticRankings([Q('read a file', 'filesystem:read_file')], searchedTools({ size: 200 }), meaning.ranker),
      ).rejects.toThrow(
        /^ranking by meaning is off: embeddings endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings answered HTTP 500/,
      );
    } finally {
      server.failing = false;
      meaning.close();
    }
  });

  it('a provider without an embeddings entry ranks with the bundled encoder, as its sessions do', () => {
    const meaning = providerEvalRanker(home, 'plain');
    try {
      expect(meaning.label).toBe('bundled sentence encoder (blend; provider "plain" has no embeddings entry)');
    } finally {
      meaning.close();
    }
  });

  it('says in one line what is wrong: no config file, an unknown provider, a config mistake, nothing to rank', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-eval-provider-empty-'));
    try {
      expect(() => providerEvalRanker(empty, 'emb')).toThrow(
        `no config.yaml at ${path.join(empty, 'config.yaml')}: set FLOE_HOME to the Floe home whose provider should rank`,
      );
      expect(fs.readdirSync(empty)).toEqual([]); // nothing written into a home that had no config

      expect(() => providerEvalRanker(home, 'openai')).toThrow(
        `${path.join(home, 'config.yaml')} has no provider "openai" (configured: emb, plain)`,
      );

      fs.writeFileSync(path.join(empty, 'config.yaml'), config('    embeddings: { model: "" }'));
      expect(() => providerEvalRanker(empty, 'emb')).toThrow(/embeddings\.model.*must name the embedding model/s);

      fs.writeFileSync(path.join(empty, 'config.yaml'), `${config('')}tool_search: { local_model: false }\n`);
      expect(() => providerEvalRanker(empty, 'plain')).toThrow(
        'provider "plain" has no embeddings entry and tool_search.local_model is false: nothing ranks by meaning',
      );
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
