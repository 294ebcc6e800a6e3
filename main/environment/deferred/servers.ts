// One line per deferred server for search_extra_tools' description, so a model knows what it can search for
// before it searches: the server's name (from `mcp__<server>__<tool>`), how many tools it has and the words its tool
// names use most (analysed like the search index, most frequent first). Deferred tools that are not MCP tools are
// listed under "other"; a word every tool name of a server has is left out. Pure.
import { analyze, splitWords, stem, STOPWORDS } from './analyze.js';
import type { ToolDefinition } from '../types.js';

/** how many name words a server's line shows */
const LINE_WORDS = 3;
/** servers listed at most (the rest are counted in a last line) */
const MAX_SERVERS = 30;

/** The server of a deferred tool's name (`other` for a name that is not `mcp__<server>__<tool>`). */
export function serverOf(name: string): string {
  return /^mcp__(.+?)__./.exec(name)?.[1] ?? 'other';
}

/** `- github (26): pull, request, create` lines, servers by name. */
export function serverLines(defs: readonly ToolDefinition[]): string[] {
  const byServer = new Map<string, string[]>();
  for (const d of defs) {
    const server = serverOf(d.name);
    const bare = server === 'other' ? d.name : d.name.slice(`mcp__${server}__`.length);
    byServer.set(server, [...(byServer.get(server) ?? []), bare]);
  }
  const servers = [...byServer.keys()].sort();
  const lines = servers.slice(0, MAX_SERVERS).map((server) => {
    const counts = new Map<string, { n: number; word: string }>();
    const serverStems = new Set(analyze(server));
    for (const name of byServer.get(server)!) {
      for (const word of new Set(splitWords(name))) {
        const s = stem(word);
        if (word.length < 2 || STOPWORDS.has(word) || serverStems.has(s)) continue;
        const c = counts.get(s) ?? { n: 0, word };
        c.n++;
        counts.set(s, c);
      }
    }
    const n = byServer.get(server)!.length;
    // a word every tool name of the server has (notion's API-…) says nothing about any of them
    const top = [...counts.values()]
      .filter((c) => n === 1 || c.n < n)
      .sort((a, b) => b.n - a.n || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
      .slice(0, LINE_WORDS)
      .map((c) => c.word);
    return `- ${server} (${n}): ${top.join(', ')}`;
  });
  if (servers.length > MAX_SERVERS) lines.push(`- and ${servers.length - MAX_SERVERS} more servers`);
  return lines;
}
