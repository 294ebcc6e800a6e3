// execute_extra_tool (SPEC §6): the wrapper that runs a deferred tool. Its call is resolved to the target in
// prepare.ts before approval, so this execute() is only reached if something bypassed preparation — it refuses.
import type { Tool } from '../types.js';

export const executeExtraTool: Tool = {
  definition: {
    name: 'execute_extra_tool',
    description: 'Run a tool found with search_extra_tools: its exact name in tool_name, its arguments in params.',
    parameters: {
      type: 'object',
      properties: {
        tool_name: { type: 'string', description: 'Exact tool name' },
        params: { type: 'object', description: "The tool's arguments, matching its parameters" },
      },
      required: ['tool_name', 'params'],
    },
    permission: 'r',
    aliases: ['ExecuteExtraTool'],
    timeoutMs: 0,
  },
  // eslint-disable-next-line require-yield
  async *execute() {
    return { stopReason: 'failed', note: '[execute_extra_tool error: the call was not resolved to a target tool]' };
  },
};
