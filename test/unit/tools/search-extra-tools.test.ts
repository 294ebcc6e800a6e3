// Unit tests for the search_extra_tools meta-tool (output JSON, hint only when empty, live registry).
import { describe, expect, it } from 'vitest';
import { makeSearchExtraToolsTool } from '../../../main/environment/tools/search-extra-tools.js';
import type { ToolDefinition } from '../../../main/environment/types.js';
import { makeCtx, runTool } from './fixtures.js';

const defs: ToolDefinition[] = [
  {
    name: 'mcp__fs__read_file',
    description: 'Read a file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
    permission: 'r',
  },
  { name: 'mcp__fs__write_file', description: 'Write a file.', parameters: { type: 'object' }, permission: 'rw' },
];

describe('search_extra_tools', () => {
  const tool = makeSearchExtraToolsTool(() => defs);

  it('declares name, alias, permission and schema', () => {
    const d = tool.definition;
    expect(d.name).toBe('search_extra_tools');
    expect(d.aliases).toEqual(['SearchExtraTools']);
    expect(d.permission).toBe('r');
    expect(d.parameters).toMatchObject({
      required: ['query'],
      properties: { query: { type: 'string' }, max_results: { type: 'number' } },
    });
  });

  it('outputs {results, total_available, strong_match} as JSON, each result with its match strength', async () => {
    const { text, result } = await runTool(tool, { query: 'read file' }, makeCtx(tool, '/tmp'));
    const body = JSON.parse(text);
    expect(Object.keys(body)).toEqual(['results', 'total_available', 'strong_match']);
    expect(body.strong_match).toBe(true);
    expect(body.total_available).toBe(2);
    expect(body.results[0]).toEqual({
      name: 'mcp__fs__read_file',
      description: 'Read a file.',
      parameters: defs[0]!.parameters,
      score: expect.any(Number),
      match: 'strong',
    });
    expect(result).toEqual({ stopReason: 'completed' });
  });

  it('respects max_results and select:', async () => {
    const one = JSON.parse((await runTool(tool, { query: 'file', max_results: 1 }, makeCtx(tool, '/tmp'))).text);
    expect(one.results).toHaveLength(1);
    const sel = JSON.parse(
      (await runTool(tool, { query: 'select:mcp__fs__write_file,mcp__fs__read_file' }, makeCtx(tool, '/tmp'))).text,
    );
    expect(sel.results.map((r: { name: string }) => r.name)).toEqual(['mcp__fs__write_file', 'mcp__fs__read_file']);
  });

  it('adds a hint when nothing matched', async () => {
    const body = JSON.parse((await runTool(tool, { query: 'zzqx' }, makeCtx(tool, '/tmp'))).text);
    expect(body.results).toEqual([]);
    expect(body.total_available).toBe(2);
    expect(body.hint).toMatch(/select:<name>/);
  });

  it('says when no tool matches strongly, with the closest tools and a hint', async () => {
    const body = JSON.parse((await runTool(tool, { query: 'read write' }, makeCtx(tool, '/tmp'))).text);
    expect(body.strong_match).toBe(false);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.hint).toMatch(/closest/);
  });

  it('names the deferred servers in its description, one line each', () => {
    const many = makeSearchExtraToolsTool(() => [
      ...defs,
      { name: 'mcp__chat__post_message', description: 'Post.', parameters: { type: 'object' }, permission: 'rw' },
    ]);
    const lines = many.definition.description.split('\n');
    expect(lines).toContain('- chat (1): message, post');
    expect(lines).toContain('- fs (2): read, write');
    expect(tool.definition.description).toContain('- fs (2)');
  });

  it('reads the registry at call time', async () => {
    let current: ToolDefinition[] = [];
    const live = makeSearchExtraToolsTool(() => current);
    expect(JSON.parse((await runTool(live, { query: 'read' }, makeCtx(live, '/tmp'))).text).total_available).toBe(0);
    current = defs;
    expect(JSON.parse((await runTool(live, { query: 'read' }, makeCtx(live, '/tmp'))).text).results).toHaveLength(1);
  });
});
