// Blending a semantic similarity into the keyword ranking (search.ts `blendWith`, the bundled sentence encoder's
// path) and the semantic ranker's blend and background modes (semantic.ts), with a fake embedding function.
import { describe, expect, it } from 'vitest';
import { memoryEmbeddingCache } from '../../../main/environment/deferred/embedding-cache.js';
import { searchTools } from '../../../main/environment/deferred/search.js';
import { cappedQuery, semanticRanker } from '../../../main/environment/deferred/semantic.js';
import type { ToolDefinition } from '../../../main/environment/types.js';

const def = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  parameters: { type: 'object', properties: {} },
  permission: 'r',
});
const tools = [
  def('mcp__web__browser_tabs', 'List, open or close browser tabs'),
  def('mcp__web__browser_navigate', 'Navigate to a URL'),
  def('mcp__fs__read_file', 'Read a file from disk'),
  def('mcp__chat__post_message', 'Post a message to a channel'),
];
const names = (q: string, sim?: number[]) =>
  searchTools(q, tools, undefined, sim ? { blendWith: sim } : {}).results.map((r) => r.name);

describe('search with a blended similarity', () => {
  it('reorders the tools the keywords found by their similarity to the query', () => {
    expect(names('open the page in the browser')[0]).toBe('mcp__web__browser_tabs');
    expect(names('open the page in the browser', [0.2, 0.9, 0.1, 0.0])[0]).toBe('mcp__web__browser_navigate');
  });

  it("adds of the tools the keywords did not find only the model's closest, and none to a query no tool matches", () => {
    const q = 'open the page in the browser';
    expect(names(q)).not.toContain('mcp__fs__read_file');
    // read_file is the most similar; post_message, nearly as similar, stays out
    const joined = names(q, [0.2, 0.3, 0.99, 0.95]);
    expect(joined[0]).toBe('mcp__fs__read_file');
    expect(joined).not.toContain('mcp__chat__post_message');
    // the closest tool among those the keywords found already: nothing joins
    expect(names(q, [0.2, 0.99, 0.0, 0.0])).toEqual(['mcp__web__browser_navigate', 'mcp__web__browser_tabs']);
    // no keyword candidate: no tool
    expect(names('zzqx', [0.9, 0.9, 0.9, 0.9])).toEqual([]);
  });

  it('counts a similarity only above that of a typical tool: equal similarities leave the keyword order', () => {
    expect(names('open the page in the browser', [0.5, 0.5, 0.5, 0.5])).toEqual(names('open the page in the browser'));
  });
});

describe('the semantic ranker in blend and background modes', () => {
  const embedded: string[] = [];
  const embed = async (texts: readonly string[]) => {
    embedded.push(...texts);
    return texts.map((t) => [t.includes('navigate') || t.includes('go to') ? 1 : 0, 0.1]);
  };

  it('gives every tool its similarity, from the tool and query texts it is given', async () => {
    embedded.length = 0;
    const r = semanticRanker({
      embed,
      model: 'm',
      cache: memoryEmbeddingCache(),
      fusion: 'blend',
      toolText: (t) => t.name,
      queryText: (q) => q.toUpperCase().toLowerCase() + ' go to',
    });
    const out = (await r.rank('open it', tools)) as { blendWith: number[] };
    expect(out.blendWith).toHaveLength(4);
    expect(out.blendWith[1]).toBeGreaterThan(out.blendWith[0]!);
    expect(embedded).toEqual([...tools.map((t) => t.name), 'open it go to']);
  });

  it("scores each tool by the cosine of its vector and the query's, whatever the dimension (not only a multiple of 4)", async () => {
    for (const dim of [1, 3, 5, 7, 8, 13]) {
      const vectorOf = (text: string) =>
        Array.from({ length: dim }, (_, i) => ((text.charCodeAt(i % text.length) * (i + 3)) % 17) - 8);
      const r = semanticRanker({
        embed: async (texts) => texts.map(vectorOf),
        model: `m${dim}`,
        cache: memoryEmbeddingCache(),
        fusion: 'blend',
        toolText: (t) => t.name,
      });
      const out = (await r.rank('open it', tools)) as { blendWith: number[] };
      const q = vectorOf('open it');
      const cosine = (a: number[], b: number[]) =>
        a.reduce((s, x, i) => s + x * b[i]!, 0) / (Math.hypot(...a) * Math.hypot(...b));
      tools.forEach((t, i) => expect(out.blendWith[i], `${dim} ${t.name}`).toBeCloseTo(cosine(q, vectorOf(t.name)), 5));
    }
  });
  it('in background mode answers nothing until the tools are embedded, and embeds them once', async () => {
    embedded.length = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async (texts: readonly string[]) => {
      await gate;
      return embed(texts);
    };
    const r = semanticRanker({
      embed: slow,
      model: 'm',
      cache: memoryEmbeddingCache(),
      fusion: 'blend',
      background: true,
    });
    expect(await r.rank('go to example.com', tools)).toBeUndefined();
    expect(await r.rank('go to example.com', tools)).toBeUndefined();
    release();
    await r.warm(tools);
    const out = await r.rank('go to example.com', tools);
    expect(out).toEqual({ blendWith: expect.any(Array) });
    // the tools were embedded in one round (the second early search started no other), then the query once
    expect(embedded).toEqual([...tools.map((t) => expect.stringContaining(t.description!)), 'go to example.com']);
  });

  it('embeds at most 64 words of a query and 2 000 characters of a tool, so a document passed as a query neither holds the model nor turns ranking off', async () => {
    embedded.length = 0;
    // like a provider's endpoint: input over its limit is an error (which turns semantic ranking off)
    const limited = async (texts: readonly string[]) => {
      if (texts.some((t) => t.length > 4000)) throw new Error('input too long');
      return embed(texts);
    };
    const long = { ...tools[1]!, description: 'Navigate to a URL. '.repeat(1000) };
    const r = semanticRanker({ embed: limited, model: 'm', cache: memoryEmbeddingCache() });
    const query = Array.from({ length: 5000 }, (_, i) => `word${i}`).join('  ');
    expect(await r.rank(query, [tools[0]!, long])).toEqual({ fuseWith: [0, 1] });
    expect(r.offReason).toBeUndefined();
    const [, tool, q] = embedded;
    expect(tool!.length).toBe(2000);
    expect(q!.split(' ')).toHaveLength(64);
    expect(q!.startsWith('word0 word1 word2')).toBe(true);
    // a short query is embedded as it is
    expect(cappedQuery('go  to example.com')).toBe('go  to example.com');
  });
});
