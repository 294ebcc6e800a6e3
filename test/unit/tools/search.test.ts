// Unit tests for deferred-tool search (main/environment/deferred/search.ts).
import { describe, expect, it } from 'vitest';
import { clampMaxResults, searchTools, splitWords, stem } from '../../../main/environment/deferred/search.js';
import type { ToolDefinition } from '../../../main/environment/types.js';

function def(name: string, description: string, aliases?: string[]): ToolDefinition {
  return {
    name,
    description,
    parameters: { type: 'object', properties: { p: { type: 'string' } } },
    permission: 'r',
    aliases,
  };
}

const tools: ToolDefinition[] = [
  def('mcp__fs__read_text_file', 'Read the complete contents of a file from the file system as text.'),
  def('mcp__fs__write_file', 'Create a new file or completely overwrite an existing file with new content.'),
  def('mcp__fs__list_directory', 'Get a detailed listing of all files and directories in a specified path.'),
  def('mcp__fs__search_files', 'Recursively search for files and directories matching a pattern.'),
  def('mcp__web__fetchUrl', 'Fetches a URL from the internet and returns its content as markdown.'),
  def('mcp__db__runQuery', 'Execute an SQL query against the database. Can read or write rows.'),
  def('mcp__math__add2', 'Adds two numbers.'),
];

const names = (r: { results: { name: string }[] }) => r.results.map((x) => x.name);

describe('splitWords / stem', () => {
  it('splits names on _, __, -, camelCase and digits', () => {
    expect(splitWords('mcp__fs__read_text_file')).toEqual(['mcp', 'fs', 'read', 'text', 'file']);
    expect(splitWords('fetchURLContent')).toEqual(['fetch', 'url', 'content']);
    expect(splitWords('add2numbers')).toEqual(['add', '2', 'numbers']);
    expect(splitWords('get-item')).toEqual(['get', 'item']);
  });
  it('stems plurals and verb forms to the same stem (Porter)', () => {
    const same = (a: string, b: string) => expect(stem(a), `${a} ~ ${b}`).toBe(stem(b));
    same('files', 'file');
    same('reading', 'read');
    same('directories', 'directory');
    same('listed', 'list');
    same('running', 'run');
    same('matches', 'match');
    expect(stem('class')).toBe('class');
    expect(stem('status')).toBe('status'); // a noun in s that is no plural keeps its s (analyze.ts)
  });
});

describe('clampMaxResults', () => {
  it('defaults to 5 and clamps to 1..20', () => {
    expect(clampMaxResults(undefined)).toBe(5);
    expect(clampMaxResults(Number.NaN)).toBe(5);
    expect(clampMaxResults(0)).toBe(1);
    expect(clampMaxResults(-3)).toBe(1);
    expect(clampMaxResults(7.9)).toBe(7);
    expect(clampMaxResults(100)).toBe(20);
  });
});

describe('searchTools: select', () => {
  it('returns exact names in the given order, ignoring ASCII case', () => {
    const r = searchTools('select:mcp__fs__write_file, MCP__FS__READ_TEXT_FILE', tools);
    expect(names(r)).toEqual(['mcp__fs__write_file', 'mcp__fs__read_text_file']);
    expect(r.total_available).toBe(7);
    expect(r.hint).toBeUndefined();
    expect(r.results[0]!.parameters).toEqual(tools[1]!.parameters);
    expect(r.results[0]!.description).toBe(tools[1]!.description);
  });
  it('does not match partial names and hints at missing ones', () => {
    const r = searchTools('select:write_file,mcp__fs__list_directory', tools);
    expect(names(r)).toEqual(['mcp__fs__list_directory']);
    expect(r.hint).toContain('"write_file"');
  });
  it('is not limited by max_results default and drops duplicates', () => {
    const all = tools.map((t) => t.name);
    const r = searchTools(`select:${[...all, all[0]].join(',')}`, tools);
    expect(names(r)).toEqual(all);
  });
});

describe('searchTools: keywords', () => {
  it('ranks name hits above description hits', () => {
    const r = searchTools('read file', tools);
    expect(names(r)[0]).toBe('mcp__fs__read_text_file');
    // runQuery mentions "read" only in its description: below the file tools that have "file" in their names
    const i = names(r).indexOf('mcp__db__runQuery');
    expect(i === -1 || i > names(r).indexOf('mcp__fs__write_file')).toBe(true);
  });

  it('is case-insensitive and stems (files~file, reading~read, directories~directory)', () => {
    expect(names(searchTools('READING', tools))[0]).toBe('mcp__fs__read_text_file');
    expect(names(searchTools('directories', tools))[0]).toBe('mcp__fs__list_directory');
    expect(names(searchTools('Files', tools))).toContain('mcp__fs__search_files');
  });

  it('matches camelCase and digit parts of names', () => {
    expect(names(searchTools('fetch url', tools))[0]).toBe('mcp__web__fetchUrl');
    expect(names(searchTools('query', tools))[0]).toBe('mcp__db__runQuery');
    expect(names(searchTools('add', tools))[0]).toBe('mcp__math__add2');
  });

  it('+word is required', () => {
    const r = searchTools('file +search', tools);
    expect(names(r)).toEqual(['mcp__fs__search_files']);
    expect(searchTools('+zzqx file', tools).results).toEqual([]);
  });

  it('breaks ties by name, deterministically', () => {
    const twins = [
      def('b_tool', 'Frobnicate things.'),
      def('a_tool', 'Frobnicate things.'),
      def('c_tool', 'Frobnicate things.'),
    ];
    const r = searchTools('frobnicate', twins);
    expect(names(r)).toEqual(['a_tool', 'b_tool', 'c_tool']);
    expect(new Set(r.results.map((x) => x.score)).size).toBe(1);
  });

  it('honours max_results (clamped)', () => {
    expect(searchTools('file', tools, 2).results).toHaveLength(2);
    expect(searchTools('file', tools, 0).results).toHaveLength(1);
    expect(searchTools('file directory content', tools).results.length).toBeLessThanOrEqual(5);
  });

  it('a query sharing no word with any tool returns no results and a hint', () => {
    const r = searchTools('zzqx', tools);
    expect(r.results).toEqual([]);
    expect(r.total_available).toBe(7);
    expect(r.strong_match).toBe(false);
    expect(r.hint).toMatch(/shares a word/);
    expect(r.hint).toMatch(/select:<name>/);
  });

  it('stopwords alone do not match everything', () => {
    const r = searchTools('the a of', tools);
    expect(r.results).toEqual([]);
    expect(r.hint).toBeDefined();
  });

  it('a whole tool name as keyword ranks that tool first', () => {
    const r = searchTools('mcp__fs__write_file', tools);
    expect(names(r)[0]).toBe('mcp__fs__write_file');
    expect(r.results[0]!.score).toBeGreaterThan(r.results[1]?.score ?? 0);
  });

  it('matches aliases as names', () => {
    const r = searchTools('frobber', [def('x_tool', 'Does things.', ['Frobber']), def('y_tool', 'Other.')]);
    expect(names(r)).toEqual(['x_tool']);
  });

  it('handles empty registries and empty queries with hints', () => {
    expect(searchTools('file', [])).toMatchObject({ results: [], total_available: 0 });
    expect(searchTools('file', []).hint).toBeDefined();
    const r = searchTools('   ', tools);
    expect(r.results).toEqual([]);
    expect(r.hint).toMatch(/no keywords/);
  });
});
