// The tool registries the search evaluation searches: the real tool lists of 14 npm MCP servers (mcp-tools.json
// and padding-tools.json, 147 tools) as a session's deferred registry holds them, and a registry of n tools made of
// those servers and, past 147, copies of whole servers as servers of similar products (task.ts taskCatalogue:
// GitHub's tools again as Gitea's …), each copy knowing the real tool it copies. Pure (reads the fixtures).
import type { ToolDefinition } from '../../main/environment/types.js';
import { loadFixture, PADDING_PATH, toDefinitions, type ToolFixture } from './fixture.js';
import { taskCatalogue } from './task.js';

/** The 147 real tools of the 14 servers, named mcp__<server>__<tool>. */
export function realTools(): ToolFixture[] {
  return [...loadFixture().tools, ...loadFixture(PADDING_PATH).tools];
}

export function evalRegistry(): ToolDefinition[] {
  return toDefinitions(realTools());
}

export interface LargeRegistry {
  tools: ToolDefinition[];
  /** registry name → the real tool's name it is or copies */
  origin: Map<string, string>;
}

/** `n` tools: the real ones, then copies of whole servers as similar products (mcp__gitea__create_issue). */
export function largeRegistry(n: number): LargeRegistry {
  const origin = new Map<string, string>();
  const fixtures: ToolFixture[] = taskCatalogue(n).map((t) => {
    const name = `mcp__${t.server}__${t.mcpName.slice(t.server.length + 1)}`;
    origin.set(name, t.origin);
    return { server: t.server, name, description: t.description, parameters: t.parameters };
  });
  return { tools: toDefinitions(fixtures), origin };
}
