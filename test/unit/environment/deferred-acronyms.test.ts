// Unit tests for the acronyms of a registry's terms of art (main/environment/deferred/acronyms.ts) and their use by
// the deferred-tool search ("PR" → pull request).
import { describe, expect, it } from 'vitest';
import { acronymsOf, expandAcronym } from '../../../main/environment/deferred/acronyms.js';
import { searchTools } from '../../../main/environment/deferred/search.js';
import type { JsonSchema, ToolDefinition } from '../../../main/environment/types.js';

const def = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  parameters: { type: 'object', properties: {} } as JsonSchema,
  permission: 'r',
});

const tools = [
  def('mcp__gh__get_pull_request', 'Get details of a specific pull request.'),
  def('mcp__gh__merge_pull_request', 'Merge a pull request.'),
  def('mcp__gh__create_issue', 'Create a new issue in a repository.'),
  def('mcp__gh__create_issue_comment', 'Create an issue comment.'),
  def('mcp__nt__delete_block', 'Delete a block.'),
  def('mcp__nt__delete_page', 'Delete a page; delete a block first.'),
  def('mcp__gh__get_request_log', 'Get the request log of a pull request run.'),
];

describe('acronymsOf', () => {
  it('spells the name phrases that recur in two descriptions', () => {
    const a = acronymsOf(tools);
    expect(a.get('pr')).toEqual([['pull', 'request']]);
  });
  it('leaves out name phrases the descriptions do not hold as written (create … issue, delete a block)', () => {
    const a = acronymsOf(tools);
    expect(a.has('ci')).toBe(false);
    expect(a.has('db')).toBe(false);
    expect(a.has('rl')).toBe(false);
  });
});

describe('acronymsOf with copies of a server', () => {
  it('counts a description served again by a similar product once', () => {
    const copies = [
      def('mcp__brave__brave_local_search', "Uses Brave's Local Search API."),
      def('mcp__searxng__searxng_local_search', "Uses SearXNG's Local Search API."),
    ];
    expect(acronymsOf(copies).has('ls')).toBe(false);
    expect(acronymsOf([...copies, def('mcp__x__near_me', 'Local search near you.')]).get('ls')).toEqual([
      ['local', 'search'],
    ]);
  });
});

describe('expandAcronym', () => {
  const a = acronymsOf(tools);
  it('expands the acronym and its plural', () => {
    expect(expandAcronym('pr', a)).toEqual([['pull', 'request']]);
    expect(expandAcronym('prs', a)).toEqual([['pull', 'request']]);
    expect(expandAcronym('xy', a)).toEqual([]);
  });
});

describe('searchTools with acronyms', () => {
  it('finds the pull request tools for "PR"', () => {
    const out = searchTools('merge PR 77', tools);
    expect(out.results[0]!.name).toBe('mcp__gh__merge_pull_request');
    expect(searchTools('merge PR 77', tools, 5, { acronymWeight: 0 }).results.map((r) => r.name)).not.toContain(
      'mcp__gh__get_pull_request',
    );
    expect(searchTools('details of PR 7', tools).results[0]!.name).toBe('mcp__gh__get_pull_request');
    expect(searchTools('PR 7', tools).results.map((r) => r.name)).toContain('mcp__gh__get_pull_request');
    expect(searchTools('PR 7', tools, 5, { acronymWeight: 0 }).results).toEqual([]);
  });
});
