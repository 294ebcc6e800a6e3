// The shared part of the two capture scripts (capture-tools.ts, capture-padding.ts): connect to MCP servers over
// stdio with Floe's own client, keep what they list as tool fixtures, write `{servers, tools}` JSON and say how
// many tools each server gave. Removes its working folder whatever happens.
import { rmSync, writeFileSync } from 'node:fs';
import { connectMcpServers, type McpServerEntry } from '../../main/environment/mcp/index.js';
import type { CapturedServer, ToolFixture } from './fixture.js';

export async function captureServers(opts: {
  entries: McpServerEntry[];
  /** the servers' working folder (removed at the end) */
  dir: string;
  out: string;
  /** the servers to record, given those that connected */
  servers: (connected: Set<string>) => CapturedServer[];
  /** every server must connect (else the capture fails); otherwise the ones that fail are skipped with a line */
  requireAll: boolean;
}): Promise<void> {
  const conn = await connectMcpServers(opts.entries, { workspace: opts.dir });
  try {
    const failed = conn.results.filter((r) => r.status !== 'connected');
    if (failed.length && opts.requireAll) {
      throw new Error(
        `could not list tools of: ${failed.map((f) => `${f.server} (${f.error ?? f.status})`).join('; ')}`,
      );
    }
    for (const r of failed) console.error(`skipped ${r.server}: ${r.error ?? r.status}`);
    const servers = opts.servers(new Set(conn.results.filter((r) => r.status === 'connected').map((r) => r.server)));
    const tools: ToolFixture[] = conn.tools.map((t) => ({
      server: t.definition.name.split('__')[1]!,
      name: t.definition.name,
      description: t.definition.description,
      parameters: t.definition.parameters,
    }));
    writeFileSync(opts.out, `${JSON.stringify({ servers, tools }, null, 1)}\n`);
    const per = servers.map((s) => `${s.name} ${tools.filter((t) => t.server === s.name).length}`).join(', ');
    console.log(`wrote ${tools.length} tools of ${servers.length} servers to ${opts.out} (${per})`);
  } finally {
    await conn.close();
    rmSync(opts.dir, { recursive: true, force: true });
  }
}
