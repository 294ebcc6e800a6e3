// Integration test of semantic ranking for search_extra_tools: a real local HTTP server that speaks both embeddings
// wire formats (OpenAI-compatible POST /v1/embeddings and Ollama's POST /api/embed), a real SQLite cache file, and
// the meta-tool itself. The server's "model" maps each text to counts of three word groups, enough to rank by
// meaning where keywords share nothing. Checks: the semantic order is fused in (a paraphrase keyword search cannot
// answer is found), tool vectors are cached by tool hash across rankers, a changed tool is embedded again, and an
// endpoint that fails turns semantic ranking off while keyword search goes on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteEmbeddingCache } from '../../main/environment/deferred/embedding-cache.js';
import { embeddingsClient, type EmbeddingsWire } from '../../main/environment/deferred/embeddings.js';
import { semanticRanker } from '../../main/environment/deferred/semantic.js';
import { makeSearchExtraToolsTool } from '../../main/environment/tools/search-extra-tools.js';
import type { ToolDefinition } from '../../main/environment/types.js';
import { startEmbeddingsServer, type EmbeddingsServer } from '../helpers/embeddings-server.js';
import { makeCtx, runTool } from '../unit/tools/fixtures.js';

const GROUPS = [/\b(delete|remove|forget|erase)\w*/g, /\b(post|send|message|tell)\w*/g, /\b(read|show|open)\w*/g];
const vectorOf = (text: string) => [...GROUPS.map((g) => (text.toLowerCase().match(g) ?? []).length), 0.01];

let server: EmbeddingsServer;
let base = '';
let dir = '';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-embed-'));
  server = await startEmbeddingsServer(vectorOf);
  base = server.base;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const def = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  parameters: { type: 'object', properties: {} },
  permission: 'rw',
});
const tools = [
  def('mcp__mem__delete_entities', 'Delete entities and their relations from the knowledge graph'),
  def('mcp__chat__post_message', 'Post a new message to a channel'),
  def('mcp__fs__read_file', 'Read a file'),
];

function ranker(wire: EmbeddingsWire, cacheFile: string) {
  const url = wire === 'ollama' ? base : `${base}/v1`;
  return semanticRanker({
    embed: embeddingsClient({ baseUrl: url, model: 'm', wire }),
    model: `local/m-${wire}`,
    cache: sqliteEmbeddingCache(cacheFile),
  });
}

async function search(tool: ReturnType<typeof makeSearchExtraToolsTool>, query: string) {
  return JSON.parse((await runTool(tool, { query }, makeCtx(tool, dir))).text) as {
    results: { name: string; match: string }[];
    strong_match: boolean;
  };
}

describe('semantic ranking through an embeddings endpoint', () => {
  for (const wire of ['openai', 'ollama'] as const) {
    it(`finds by meaning what keywords cannot (${wire} wire), fused with the keyword ranking`, async () => {
      const query = 'forget John';
      const keywordOnly = await search(
        makeSearchExtraToolsTool(() => tools),
        query,
      );
      expect(keywordOnly.results).toEqual([]);
      const out = await search(
        makeSearchExtraToolsTool(() => tools, ranker(wire, path.join(dir, `${wire}.db`))),
        query,
      );
      expect(out.results[0]!.name).toBe('mcp__mem__delete_entities');
      // meaning alone is not a strong keyword match: the response says so
      expect(out.strong_match).toBe(false);
      const both = await search(
        makeSearchExtraToolsTool(() => tools, ranker(wire, path.join(dir, `${wire}.db`))),
        'post message',
      );
      expect(both.results[0]!.name).toBe('mcp__chat__post_message');
      expect(both.strong_match).toBe(true);
    });
  }

  it('caches tool vectors in SQLite by tool hash: a new ranker on the same file embeds only the query', async () => {
    const file = path.join(dir, 'cache.db');
    await ranker('openai', file).rank('remove it', tools);
    server.inputs.length = 0;
    const order = await ranker('openai', file).rank('remove it', tools);
    expect(order).toEqual({ fuseWith: expect.any(Array) });
    expect((order as { fuseWith: number[] }).fuseWith[0]).toBe(0);
    expect(server.inputs).toEqual(['remove it']);
    // a changed tool is another hash: embedded again, the others not
    server.inputs.length = 0;
    const changed = [tools[0]!, def('mcp__chat__post_message', 'Send a message'), tools[2]!];
    await ranker('openai', file).rank('remove it', changed);
    expect(server.inputs).toEqual([expect.stringContaining('Send a message'), 'remove it']);
  });

  it('turns itself off when the endpoint fails, and keyword search goes on', async () => {
    const r = ranker('openai', path.join(dir, 'off.db'));
    server.failing = true;
    try {
      const tool = makeSearchExtraToolsTool(() => tools, r);
      const out = await search(tool, 'read file');
      expect(out.results[0]!.name).toBe('mcp__fs__read_file');
      expect(r.offReason).toMatch(/embeddings endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings answered HTTP 500/);
    } finally {
      server.failing = false;
    }
    server.inputs.length = 0;
    expect(await r.rank('read file', tools)).toBeUndefined();
    expect(server.inputs).toEqual([]);
  });
});
