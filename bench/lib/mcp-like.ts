// Synthetic MCP-like tools for the deferred-tools benchmark: `mcp__<server>__<tool>` names, a description of a
// realistic length and a JSON Schema with a few typed parameters, as MCP servers publish them. Pure; the tools
// never run (execute fails if ever called).
import type { Tool, Visibility } from '../../main/environment/types.js';

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'sync', 'export', 'import', 'describe'];
const NOUNS = ['issue', 'pull_request', 'file', 'branch', 'comment', 'label', 'user', 'project', 'release', 'workflow'];

/** `n` tools spread over 5 servers; all with the given visibility. */
export function mcpLikeTools(n: number, visibility: Visibility): Tool[] {
  const out: Tool[] = [];
  for (let i = 0; i < n; i++) {
    const verb = VERBS[i % VERBS.length]!;
    const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]!;
    const server = `srv${i % 5}`;
    out.push({
      definition: {
        name: `mcp__${server}__${verb}_${noun}`,
        description:
          `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun.replace('_', ' ')} in the connected ${server} workspace. ` +
          `Returns the ${noun.replace('_', ' ')} as JSON with its id, title, state, author and timestamps. ` +
          `Use the filters to narrow results; paginate with cursor when more results exist.`,
        parameters: {
          type: 'object',
          properties: {
            owner: { type: 'string', description: 'Account or organisation that owns the repository' },
            repo: { type: 'string', description: 'Repository name' },
            [`${noun}_id`]: { type: 'string', description: `Identifier of the ${noun.replace('_', ' ')}` },
            state: { type: 'string', enum: ['open', 'closed', 'all'], description: 'Filter by state' },
            per_page: { type: 'integer', minimum: 1, maximum: 100, description: 'Results per page (1-100)' },
            cursor: { type: 'string', description: 'Pagination cursor from a previous call' },
          },
          required: ['owner', 'repo'],
        },
        permission: 'rw',
        visibility,
      },
      // eslint-disable-next-line require-yield
      async *execute() {
        return { stopReason: 'failed', note: '[benchmark tool: not callable]' };
      },
    });
  }
  return out;
}
