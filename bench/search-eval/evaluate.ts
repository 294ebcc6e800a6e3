// Runs labelled queries through searchTools over the evaluation registry (registry.ts: 147 real tools of 14 npm MCP
// servers) or a registry of n tools (the real ones, then whole servers copied as similar products) and returns one
// outcome per query. With copies, `copies: 'count'` lets a copy of an expected tool count for it (gitea's
// create_issue for GitHub's), `'strict'` only the real tool. Used by `npm run eval:search` and the unit tests of
// the harness (which assert correctness only, never scores).
import { searchTools, type SearchOptions, type SearchOutcome } from '../../main/environment/deferred/search.js';
import type { ToolDefinition } from '../../main/environment/types.js';
import type { SemanticRanking } from '../../main/environment/deferred/semantic.js';
import type { LabelledQuery } from './labels.js';
import { rankOf, type QueryOutcome } from './metrics.js';
import { evalRegistry, largeRegistry } from './registry.js';

export interface EvaluateOptions {
  search?: SearchOptions;
  /** search a registry of this many tools instead of the 147 real ones */
  size?: number;
  /** at `size`: does a copy of an expected tool count (default) or only the real tool */
  copies?: 'count' | 'strict';
  /** each query's semantic ranking over the searched registry (semantic.ts), fused in as a session's ranker would */
  semantic?: ReadonlyMap<string, SemanticRanking>;
}

/** The registry evaluate() searches with these options. */
export function searchedTools(opts: EvaluateOptions = {}): ToolDefinition[] {
  return opts.size ? largeRegistry(opts.size).tools : evalRegistry();
}

/** `server:tool` → mcp__server__tool, checked against the real registry. */
export function fullName(ref: string, names: ReadonlySet<string>): string {
  const [server, tool] = ref.split(':');
  const name = `mcp__${server}__${tool}`;
  if (!names.has(name)) throw new Error(`a query refers to ${ref}, which is not in the evaluation registry`);
  return name;
}

/** Whether a response claims a strong match (a response without the field: whether it returned anything). */
export function claimsStrong(out: SearchOutcome): boolean {
  const flagged = (out as { strong_match?: boolean }).strong_match;
  return flagged ?? out.results.length > 0;
}

export function evaluate(queries: readonly LabelledQuery[], opts: EvaluateOptions = {}): QueryOutcome[] {
  const real = evalRegistry();
  const names = new Set(real.map((t) => t.name));
  const large = opts.size ? largeRegistry(opts.size) : undefined;
  const tools = large?.tools ?? real;
  const asOriginal = (n: string) => (opts.copies === 'strict' ? n : (large?.origin.get(n) ?? n));
  return queries.map((q) => {
    const expected = q.expect.map((e) => fullName(e, names));
    const out = searchTools(q.query, tools, undefined, { ...opts.search, ...opts.semantic?.get(q.query) });
    const returned = out.results.map((r) => asOriginal(r.name));
    return { query: q, returned, strong: claimsStrong(out), rank: expected.length ? rankOf(expected, returned) : 0 };
  });
}
