// Unit tests for the composition of semantic search (main/sdk/semantic-search.ts) from config.yaml's provider
// `embeddings` entry: parsed with its default wire, a provider's own ranker only for a provider that has it, one per
// provider; the others share the bundled model's ranker unless tool_search.local_model is false.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../../main/config/schema.js';
import { SemanticSearch } from '../../../main/sdk/semantic-search.js';

const provider = (name: string, extra: object = {}) => ({
  name,
  protocol: 'openai',
  base_url: 'http://127.0.0.1:11434/v1',
  models: [{ id: 'm' }],
  ...extra,
});

describe('semantic search from config', () => {
  it('parses a provider embeddings entry (wire openai by default) and refuses an unknown field in it', () => {
    const c = ConfigSchema.parse({ providers: [provider('a', { embeddings: { model: 'nomic-embed-text' } })] });
    expect(c.providers[0]!.embeddings).toEqual({ model: 'nomic-embed-text', wire: 'openai' });
    expect(
      ConfigSchema.safeParse({ providers: [provider('a', { embeddings: { model: 'x', dims: 3 } })] }).success,
    ).toBe(false);
    expect(ConfigSchema.safeParse({ providers: [provider('a', { embeddings: { model: '' } })] }).success).toBe(false);
  });
  it('builds an endpoint ranker only for a provider with embeddings, once per provider, cached under FLOE_HOME', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sem-'));
    try {
      const config = ConfigSchema.parse({
        providers: [provider('plain'), provider('ollama', { embeddings: { model: 'e', wire: 'ollama' } })],
      });
      const s = new SemanticSearch(config, home);
      // without embeddings: the one bundled-model ranker (background mode), shared
      const local = s.forProvider('plain');
      expect(local?.background).toBe(true);
      expect(s.forProvider('missing')).toBe(local);
      const r = s.forProvider('ollama');
      expect(r).toBeDefined();
      expect(r).not.toBe(local);
      expect(r!.background).toBe(false);
      expect(s.forProvider('ollama')).toBe(r);
      expect(r!.offReason).toBeUndefined();
      expect(fs.existsSync(path.join(home, 'embeddings.db'))).toBe(true);
      s.close();
      const off = new SemanticSearch(
        ConfigSchema.parse({ providers: [provider('plain')], tool_search: { local_model: false } }),
        home,
      );
      expect(off.forProvider('plain')).toBeUndefined();
      off.close();
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
