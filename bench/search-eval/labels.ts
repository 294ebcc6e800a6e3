// The shape of the search evaluation's labelled queries and the two helpers the query files write them with.
// A query names the tools that answer it as `<server>:<tool>` over the evaluation registry (registry.ts: the real
// tool lists of 14 npm MCP servers); any of them counts. No tool named: no tool fits, and the right answer is a
// response that says there is no strong match. `args` marks a query that carries real arguments (file names,
// paths, people, ids, text to send) the way a model passes a person's request on. Types and helpers only.

export interface LabelledQuery {
  query: string;
  /** acceptable tools, `<server>:<tool>`; empty when no tool fits */
  expect: string[];
  /** the query carries real arguments (file names, paths, people, ids, text) */
  args: boolean;
}

/** How a query is reported: answerable with or without arguments, or no tool fits. */
export type QueryKind = 'args' | 'plain' | 'nomatch';
export const KINDS: QueryKind[] = ['args', 'plain', 'nomatch'];

export function kindOf(q: LabelledQuery): QueryKind {
  if (q.expect.length === 0) return 'nomatch';
  return q.args ? 'args' : 'plain';
}

/** A query with real arguments; the tools that answer it (none: no tool fits). */
export const A = (query: string, ...expect: string[]): LabelledQuery => ({ query, expect, args: true });
/** A query without arguments; the tools that answer it (none: no tool fits). */
export const Q = (query: string, ...expect: string[]): LabelledQuery => ({ query, expect, args: false });
