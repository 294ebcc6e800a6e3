// Unit tests for copies of one tool in a registry (main/environment/deferred/copies.ts): near-duplicate grouping by
// name and Jaccard similarity, and the order that shows one of each group before the other copies.
import { describe, expect, it } from 'vitest';
import { copyGroups, distinctFirst, jaccard, type CopyKey } from '../../../main/environment/deferred/copies.js';
import { searchTools } from '../../../main/environment/deferred/search.js';
import { indexOf } from '../../../main/environment/deferred/tool-index.js';
import type { JsonSchema, ToolDefinition } from '../../../main/environment/types.js';

const def = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  parameters: { type: 'object', properties: { prompt: { type: 'string' } } } as JsonSchema,
  permission: 'r',
});
const key = (nameKey: string, terms: string): CopyKey => ({ nameKey, terms: new Set(terms.split(' ')) });

describe('jaccard', () => {
  it('is the shared share of the union', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard(new Set(), new Set())).toBe(1);
  });
});

describe('copyGroups and distinctFirst', () => {
  const keys = [
    key('generate image', 'generat imag prompt model link art'),
    key('generate image', 'generat imag prompt model link'),
    key('read file', 'read file path'),
    key('generate image', 'draw pictur'),
    key('generate image', 'generat imag prompt model link recraft'),
  ];
  it('groups near copies of one name, and the copies of copies', () => {
    expect(copyGroups(keys)).toEqual([0, 0, 2, 3, 0]);
  });
  it('puts the copies of a group after the other tools, keeping the best of each group in place', () => {
    const groups = copyGroups(keys);
    const order = distinctFirst([0, 1, 2, 3, 4], (i) => groups[i]!);
    expect(order).toEqual([0, 2, 3, 1, 4]);
  });
});

describe('copies in a search', () => {
  const tools = [
    def('mcp__everart__generate_image', 'Generate images using EverArt models with the Recraft style.'),
    def('mcp__recraft__generate_image', 'Generate images using Recraft models with the Recraft style.'),
    def('mcp__files__read_image', 'Read an image file.'),
    def('mcp__chat__slack_reply_to_thread', 'Reply to a thread.'),
    def('mcp__chat__slack_get_thread_replies', 'Get the replies of a thread.'),
  ];
  it('groups a copy that names its product inside its text (not the same signature)', () => {
    const idx = indexOf(tools);
    expect(idx.tools[0]!.signature).not.toBe(idx.tools[1]!.signature);
    expect(idx.tools[0]!.copyKey.nameKey).toBe(idx.tools[1]!.copyKey.nameKey);
    const got = searchTools('generate image', tools, 5, { minRelativeScore: 0 }).results.map((r) => r.name);
    expect(got.slice(0, 2)).toContain('mcp__files__read_image');
  });
  it('keeps tools whose names differ once stopwords count apart (get … replies is no reply to)', () => {
    const idx = indexOf(tools);
    expect(idx.tools[3]!.copyKey.nameKey).not.toBe(idx.tools[4]!.copyKey.nameKey);
  });
});
