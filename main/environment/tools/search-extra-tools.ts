// search_extra_tools (SPEC §6): the direct meta-tool that searches the deferred registry and returns JSON
// `{results, total_available, strong_match}` (+ `hint` when nothing or nothing strong matched). Its description
// names the deferred servers, one line each (deferred/servers.ts). With a semantic ranker (deferred/semantic.ts:
// the provider's embeddings or the bundled sentence encoder) its ranking is fused with the keyword ranking. It only searches; it never runs a tool.
// The search (MiniSearch, WordNet) is imported on the first search, not at start.
import type { SemanticRanker } from '../deferred/semantic.js';
import { serverLines } from '../deferred/servers.js';
import type { Tool, ToolDefinition } from '../types.js';

export function makeSearchExtraToolsTool(getDeferred: () => ToolDefinition[], semantic?: SemanticRanker): Tool {
  const servers = serverLines(getDeferred());
  return {
    definition: {
      name: 'search_extra_tools',
      aliases: ['SearchExtraTools'],
      description:
        'Find unlisted (MCP) tools. Returns JSON {results: [{name, description, parameters, score, match}], ' +
        'total_available, strong_match}; results after the first are short (select:<name> gives the full ' +
        'schema). strong_match false: none does what was asked, only the closest.' +
        (servers.length ? `\nServers:\n${servers.join('\n')}` : ''),
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Keywords (+word = required) or select:<name>,<name>' },
          max_results: { type: 'number', description: 'Default 5, at most 20' },
        },
        required: ['query'],
      },
      permission: 'r',
    },
    async *execute(args) {
      const query = typeof args.query === 'string' ? args.query : '';
      const max = typeof args.max_results === 'number' ? args.max_results : undefined;
      const { searchTools } = await import('../deferred/search.js');
      const tools = getDeferred();
      const keywords = !/^\s*select:/i.test(query);
      const ranking = semantic && keywords ? await semantic.rank(query, tools) : undefined;
      const { results, total_available, strong_match, hint } = searchTools(query, tools, max, ranking ?? {});
      const body: Record<string, unknown> = { results, total_available, strong_match };
      if (hint) body.hint = hint;
      yield JSON.stringify(body);
      return { stopReason: 'completed' };
    },
  };
}
