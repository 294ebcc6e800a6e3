// Interpretation of trace events shared by every display (CLI, transcript, timeline): which MCP server results are
// failures, and the words for a host that died. Other harnesses of this protocol write other success words
// (the seed protocol's `completed`), so success is a set, not one string. Pure.

/** Success words of an MCP server result or of `mcp_connect_end.status`: ours and the seed protocol's. */
const MCP_OK = new Set(['connected', 'completed', 'ok']);

/** True when an `mcp_connect_end` result reports a server that could not be used. */
export function mcpServerFailed(r: { status?: unknown; error?: unknown }): boolean {
  if (typeof r.error === 'string' && r.error) return true;
  return typeof r.status === 'string' ? !MCP_OK.has(r.status) : false;
}

/** One line for a `host_died` event: "the process running the session died (floe run, pid 4242)". */
export function hostDiedText(p: { readonly [k: string]: unknown }): string {
  const who = [typeof p.kind === 'string' ? p.kind : '', typeof p.pid === 'number' ? `pid ${p.pid}` : '']
    .filter(Boolean)
    .join(', ');
  return `the process running the session died${who ? ` (${who})` : ''}`;
}
