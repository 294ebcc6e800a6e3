// A large MCP tool catalogue for the search and token benchmarks, made of the REAL tools of the evaluation
// fixture (mcp-tools.json): copy k of server `github` is server `github<k>` (copy 0 keeps the plain name), so the
// wording, schemas and name shapes stay those of real servers. Pure.
import type { ToolDefinition } from '../../main/environment/types.js';
import { loadFixture, toDefinitions, type ToolFixture } from './fixture.js';

/** The first `n` tools of the fixture repeated over renamed server copies. */
export function catalogue(n: number, tools: readonly ToolFixture[] = loadFixture().tools): ToolDefinition[] {
  if (tools.length === 0) throw new Error('the tool fixture is empty: run npx tsx bench/search-eval/capture-tools.ts');
  const out: ToolFixture[] = [];
  for (let i = 0; i < n; i++) {
    const t = tools[i % tools.length]!;
    const k = Math.floor(i / tools.length);
    const server = k === 0 ? t.server : `${t.server}${k}`;
    out.push({ ...t, server, name: t.name.replace(`mcp__${t.server}__`, `mcp__${server}__`) });
  }
  return toDefinitions(out);
}
