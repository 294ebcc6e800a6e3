// A real MCP server over stdio for the deferred-task benchmark: lists `n` tools of the catalogue (whole real servers
// of npm, the three tools of the benchmark's task first, renamed server copies only past 147 tools) under names
// `<server>_<tool>`, and answers calls of those three tools with canned, realistically sized results; any other
// call is an error. Usage: node --import tsx bench/search-eval/catalogue-server.ts <n> (from the repo root).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { taskCatalogue, TASK_RESULTS } from './task.js';

const n = Number(process.argv[2]);
if (!Number.isInteger(n) || n < 3) {
  console.error('catalogue-server: give the number of tools to serve (an integer >= 3) as the first argument');
  process.exit(2);
}
const tools = taskCatalogue(n);
const server = new Server({ name: 'floe-bench-catalogue', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: tools.map((t) => ({ name: t.mcpName, description: t.description, inputSchema: t.parameters })),
}));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const result = TASK_RESULTS[req.params.name];
  if (result === undefined)
    return { isError: true, content: [{ type: 'text', text: `${req.params.name} is not callable in this benchmark` }] };
  return { content: [{ type: 'text', text: result }] };
});
await server.connect(new StdioServerTransport());
