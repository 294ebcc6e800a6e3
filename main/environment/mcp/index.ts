// Entry point of the MCP client: connects every configured server in parallel (each bounded by its own
// connectTimeoutMs) and returns their tools, a per-server result and close(). A failing or slow server is
// skipped with its error in `results`; this never throws and never blocks a session beyond the timeouts.
// connect.ts (and with it the MCP SDK) is loaded on the first connection, not when a session starts (issue 21).
import type { ServerHandle } from './connect.js';
import type { McpConnection, McpConnectOptions, McpServerEntry } from './types.js';

export type { McpConnection, McpConnectOptions, McpServerEntry } from './types.js';
export async function connectMcpServers(servers: McpServerEntry[], opts: McpConnectOptions): Promise<McpConnection> {
  const taken = new Set<string>();
  const { connectServer } = await import('./connect.js');
  const outcomes = await Promise.all(servers.map((s) => connectServer(s, opts, taken)));
  const handles = outcomes.map((o) => o.handle).filter((h): h is ServerHandle => !!h);
  // failed servers are cleaned up in the background; close() waits for that too
  const cleanup = outcomes.filter((o) => o.result.status !== 'connected' && o.handle).map((o) => o.handle!.close());
  let closed: Promise<void> | undefined;
  return {
    tools: outcomes.flatMap((o) => o.tools),
    results: outcomes.map((o) => o.result),
    close() {
      closed ??= Promise.all([...handles.map((h) => h.close()), ...cleanup]).then(() => undefined);
      return closed;
    },
  };
}
