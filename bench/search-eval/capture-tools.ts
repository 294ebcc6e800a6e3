// Regenerates bench/search-eval/mcp-tools.json: the real tool lists (name, description, input schema) of the npm
// MCP servers the search evaluation runs over. Connects to each server over stdio through Floe's own MCP client
// (main/environment/mcp), exactly as a session would, and stores what it listed. Run with
// `npx tsx bench/search-eval/capture-tools.ts`; the servers are devDependencies, so this works offline.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { McpServerEntry } from '../../main/environment/mcp/index.js';
import { captureServers } from './capture.js';

const require = createRequire(import.meta.url);
const OUT = resolve(import.meta.dirname, 'mcp-tools.json');

/** Floe server name → npm package (its `bin` is started with node) and the arguments/env it needs to start. */
const SERVERS: { name: string; pkg: string; args?: (dir: string) => string[]; env?: Record<string, string> }[] = [
  { name: 'everything', pkg: '@modelcontextprotocol/server-everything', args: () => ['stdio'] },
  { name: 'filesystem', pkg: '@modelcontextprotocol/server-filesystem', args: (dir) => [dir] },
  { name: 'memory', pkg: '@modelcontextprotocol/server-memory' },
  { name: 'thinking', pkg: '@modelcontextprotocol/server-sequential-thinking' },
  // listing tools never calls GitHub or Slack; the servers only refuse to start without a token
  {
    name: 'github',
    pkg: '@modelcontextprotocol/server-github',
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'unused-for-listing' },
  },
  {
    name: 'slack',
    pkg: '@modelcontextprotocol/server-slack',
    env: { SLACK_BOT_TOKEN: 'unused-for-listing', SLACK_TEAM_ID: 'T0000000' },
  },
];

function binOf(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = require(manifestPath) as { bin?: string | Record<string, string>; version: string };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error(`${pkg} declares no bin in its package.json`);
  return join(manifestPath, '..', bin);
}

function versionOf(pkg: string): string {
  return (require(`${pkg}/package.json`) as { version: string }).version;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'floe-search-eval-'));
  const entries: McpServerEntry[] = SERVERS.map((s) => ({
    name: s.name,
    config: {
      command: process.execPath,
      args: [binOf(s.pkg), ...(s.args?.(dir) ?? [])],
      env: { ...s.env, MEMORY_FILE_PATH: join(dir, 'memory.json') },
      cwd: dir,
      connectTimeoutMs: 30_000,
    },
  }));
  await captureServers({
    entries,
    dir,
    out: OUT,
    requireAll: true,
    servers: () => SERVERS.map((s) => ({ name: s.name, package: s.pkg, version: versionOf(s.pkg) })),
  });
}

main().catch((err: unknown) => {
  console.error(`capture-tools: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
