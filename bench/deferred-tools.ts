// Benchmark: tokens of the request's tool list (toOpenAITools of the assembled toolset's schemas(), counted with
// gpt-tokenizer's o200k_base encoding) with 100 MCP-like tools registered as deferred vs the same tools direct.
// Pure computation; must not connect to anything.
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { assembleTools } from '../main/environment/assembly.js';
import { builtinImplementations } from '../main/environment/builtins.js';
import { makeSearchExtraToolsTool } from '../main/environment/tools/search-extra-tools.js';
import type { Tool } from '../main/environment/types.js';
import { toOpenAITools } from '../main/llm/index.js';
import { machine } from './lib/output.js';
import { mcpLikeTools } from './lib/mcp-like.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { MIN_RUNS } from './lib/stats.js';

const MCP_TOOLS = 100;
/** token counts are deterministic; the runs show it (min = max) rather than assume it */
const RUNS = MIN_RUNS;

function toolListTokens(mcpTools: Tool[]): { tokens: number; tools: number; chars: number } {
  const a = assembleTools({
    implementations: builtinImplementations(),
    modelVision: false,
    hasVisionModel: false,
    depth: 0,
    hostHasCommands: true,
    bare: false,
    mcpTools,
    makeSearchTool: makeSearchExtraToolsTool,
  });
  if (a.errors.length) throw new Error(`tool assembly failed: ${a.errors.join('; ')}`);
  const wire = JSON.stringify(toOpenAITools(a.toolset.schemas()));
  return { tokens: encode(wire).length, tools: a.toolset.direct.length, chars: wire.length };
}

export async function run(): Promise<BenchResult[]> {
  const deferredRuns: number[] = [];
  const directRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    deferredRuns.push(toolListTokens(mcpLikeTools(MCP_TOOLS, 'deferred')).tokens);
    directRuns.push(toolListTokens(mcpLikeTools(MCP_TOOLS, 'direct')).tokens);
  }
  const deferred = toolListTokens(mcpLikeTools(MCP_TOOLS, 'deferred'));
  const direct = toolListTokens(mcpLikeTools(MCP_TOOLS, 'direct'));
  const builtinsOnly = toolListTokens([]);
  const incDeferred = deferred.tokens - builtinsOnly.tokens;
  const incDirect = direct.tokens - builtinsOnly.tokens;
  return [
    makeResult({
      name: 'deferred-tools',
      title: `deferred tools: tokens of the request's tool list with ${MCP_TOOLS} MCP-like tools, deferred vs direct`,
      date: new Date().toISOString(),
      machine: machine(),
      baseline: {
        label: `all ${MCP_TOOLS} MCP tools direct (+ builtins)`,
        runs: directRuns,
        unit: 'tokens (o200k_base)',
      },
      subject: {
        label: `${MCP_TOOLS} MCP tools deferred (+ builtins + search/execute_extra_tool)`,
        runs: deferredRuns,
        unit: 'tokens (o200k_base)',
      },
      goal: { figure: 'deferred/direct', op: '<=', value: 0.05 },
      absolute: {
        direct_tokens: direct.tokens,
        direct_tools_sent: direct.tools,
        direct_json_chars: direct.chars,
        deferred_tokens: deferred.tokens,
        deferred_tools_sent: deferred.tools,
        deferred_json_chars: deferred.chars,
        builtins_only_tokens: builtinsOnly.tokens,
        mcp_cost_direct_tokens: incDirect,
        mcp_cost_deferred_tokens: incDeferred,
        mcp_cost_ratio_deferred_vs_direct: incDeferred / incDirect,
      },
      notes: [
        'tool list = JSON of toOpenAITools(assembleTools(...).toolset.schemas()), as the OpenAI-compatible provider sends it',
        'mcp_cost_*: tokens above the builtins-only list (what connecting the 100 tools adds)',
      ],
    }),
  ];
}
