// Runs the labelled queries through searchTools over the fixture's tools (or a larger catalogue made of renamed
// server copies, where any copy of an expected tool counts) and returns one outcome per query. Used by
// `npm run eval:search` and by the unit test that keeps the default ranker above the goals.
import { searchTools, type SearchOptions } from '../../main/environment/deferred/search.js';
import { catalogue } from './catalogue.js';
import { loadFixture, toDefinitions } from './fixture.js';
import { rankOf, type QueryOutcome } from './metrics.js';
import { QUERIES, type LabelledQuery } from './queries.js';

/** `mcp__github12__x` → `mcp__github__x`: a catalogue copy of a tool stands for the tool. */
export const originalName = (name: string): string => name.replace(/^mcp__(.+?)\d+__/, 'mcp__$1__');

export function evaluate(
  opts: { search?: SearchOptions; catalogueSize?: number; queries?: readonly LabelledQuery[] } = {},
): QueryOutcome[] {
  const realTools = toDefinitions(loadFixture().tools);
  const tools = opts.catalogueSize ? catalogue(opts.catalogueSize) : realTools;
  const fullName = (ref: string): string => {
    const [server, tool] = ref.split(':');
    const name = `mcp__${server}__${tool}`;
    if (!realTools.some((t) => t.name === name))
      throw new Error(`queries.ts refers to ${ref}, which is not in mcp-tools.json`);
    return name;
  };
  return (opts.queries ?? QUERIES).map((q) => {
    const returned = searchTools(q.query, tools, undefined, opts.search).results.map((r) => originalName(r.name));
    return { query: q, returned, rank: q.category === 'nomatch' ? 0 : rankOf(q.expect.map(fullName), returned) };
  });
}
