// Unit tests for the short form of search results (main/environment/deferred/compact.ts) and how search uses it:
// the first keyword result in full, the others short, select: always full.
import { describe, expect, it } from 'vitest';
import {
  MAX_SHORT_DESCRIPTION,
  shortDescription,
  shortParameters,
} from '../../../main/environment/deferred/compact.js';
import { searchTools } from '../../../main/environment/deferred/search.js';
import type { JsonSchema, ToolDefinition } from '../../../main/environment/types.js';

const listIssues: JsonSchema = {
  type: 'object',
  properties: {
    owner: { type: 'string', description: 'Repository owner' },
    state: { type: 'string', enum: ['open', 'closed'], default: 'open', description: 'Which issues' },
    labels: { type: 'array', items: { type: 'string', description: 'A label' } },
    filter: {
      type: 'object',
      properties: { since: { type: 'string', format: 'date-time', description: 'ISO date' } },
      additionalProperties: false,
    },
    page: { anyOf: [{ type: 'number', minimum: 1 }, { type: 'null' }] },
  },
  required: ['owner'],
  additionalProperties: false,
  $schema: 'http://json-schema.org/draft-07/schema#',
};

describe('shortDescription', () => {
  it('keeps the first sentence', () => {
    expect(shortDescription('Read a file as text. Handles encodings.\nOnly in allowed directories.')).toBe(
      'Read a file as text.',
    );
    expect(shortDescription('List issues in a GitHub repository')).toBe('List issues in a GitHub repository');
    expect(shortDescription('Version 1.2 of the  API\nis here. Then more.')).toBe('Version 1.2 of the API is here.');
  });
  it('cuts a long first sentence with an ellipsis', () => {
    const long = `${'word '.repeat(60)}end.`;
    const s = shortDescription(long);
    expect(s.length).toBe(MAX_SHORT_DESCRIPTION);
    expect(s.endsWith('…')).toBe(true);
    expect(shortDescription('')).toBe('');
  });
});

describe('shortParameters', () => {
  it('keeps names, types, enums, items, nesting and required; drops prose, defaults and the draft URL', () => {
    expect(shortParameters(listIssues)).toEqual({
      type: 'object',
      properties: {
        owner: { type: 'string' },
        state: { type: 'string', enum: ['open', 'closed'] },
        labels: { type: 'array', items: { type: 'string' } },
        filter: { type: 'object', properties: { since: { type: 'string' } } },
        page: { anyOf: [{ type: 'number' }, { type: 'null' }] },
      },
      required: ['owner'],
    });
    expect(listIssues).toHaveProperty('$schema'); // the tool's own schema is not changed
  });
  it('is shorter than the full schema and tolerates odd input', () => {
    expect(JSON.stringify(shortParameters(listIssues)).length).toBeLessThan(JSON.stringify(listIssues).length * 0.6);
    expect(shortParameters({})).toEqual({});
    expect(shortParameters(null as unknown as JsonSchema)).toEqual({});
  });
});

describe('search results', () => {
  const def = (name: string, description: string, parameters: JsonSchema): ToolDefinition => ({
    name,
    description,
    parameters,
    permission: 'r',
  });
  const tools = [
    def('mcp__gh__list_issues', 'List issues in a repository. Supports filters and paging.', listIssues),
    def('mcp__gh__search_issues', 'Search issues across repositories. Uses the search API.', listIssues),
  ];
  it('come first in full, then short', () => {
    const r = searchTools('list issues', tools, 5, { minRelativeScore: 0 }).results;
    expect(r.map((x) => x.name)).toEqual(['mcp__gh__list_issues', 'mcp__gh__search_issues']);
    expect(r[0]!.description).toBe(tools[0]!.description);
    expect(r[0]!.parameters).toMatchObject({ properties: { owner: { description: 'Repository owner' } } });
    expect(r[0]!.parameters).not.toHaveProperty('$schema');
    expect(r[1]!.description).toBe('Search issues across repositories.');
    expect(r[1]!.parameters).toEqual(shortParameters(listIssues));
    const two = searchTools('list issues', tools, 5, { fullResults: 2, minRelativeScore: 0 }).results;
    expect(two[1]!.description).toBe(tools[1]!.description);
  });
  it('select: returns every tool in full', () => {
    const r = searchTools('select:mcp__gh__list_issues,mcp__gh__search_issues', tools).results;
    expect(r.map((x) => x.description)).toEqual(tools.map((t) => t.description));
  });
});
