// Regenerates bench/search-eval/padding-tools.json: the real tool lists of more npm MCP servers (GitLab, Notion,
// Playwright, Puppeteer, Google Maps, Brave Search, Postgres, EverArt), used only to pad the catalogue of the
// deferred-task benchmark with distinct real tools instead of renamed copies of the evaluation's servers. They are
// not devDependencies (the benchmark reads the captured JSON): install them anywhere and point this script there,
//   npm install --prefix /tmp/pad --ignore-scripts <the packages below>
//   npx tsx bench/search-eval/capture-padding.ts /tmp/pad
// Listing tools calls no service; servers that refuse to start without a key get a placeholder. (The Redis server
// is left out: it will not list its tools without a live Redis.)
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { McpServerEntry } from '../../main/environment/mcp/index.js';
import { captureServers } from './capture.js';

const OUT = resolve(import.meta.dirname, 'padding-tools.json');

const SERVERS: { name: string; pkg: string; args?: string[]; env?: Record<string, string> }[] = [
  { name: 'gitlab', pkg: '@modelcontextprotocol/server-gitlab', env: { GITLAB_PERSONAL_ACCESS_TOKEN: 'unused' } },
  { name: 'notion', pkg: '@notionhq/notion-mcp-server', env: { NOTION_TOKEN: 'unused' } },
  { name: 'playwright', pkg: '@playwright/mcp' },
  { name: 'puppeteer', pkg: '@modelcontextprotocol/server-puppeteer' },
  { name: 'maps', pkg: '@modelcontextprotocol/server-google-maps', env: { GOOGLE_MAPS_API_KEY: 'unused' } },
  { name: 'brave', pkg: '@modelcontextprotocol/server-brave-search', env: { BRAVE_API_KEY: 'unused' } },
  { name: 'postgres', pkg: '@modelcontextprotocol/server-postgres', args: ['postgresql://localhost/unused'] },
  { name: 'everart', pkg: '@modelcontextprotocol/server-everart', env: { EVERART_API_KEY: 'unused' } },
];

function manifestOf(root: string, pkg: string): { bin?: string | Record<string, string>; version: string } {
  const path = join(root, 'node_modules', pkg, 'package.json');
  if (!existsSync(path)) throw new Error(`${pkg} is not installed under ${root} (see the header of this file)`);
  return JSON.parse(readFileSync(path, 'utf8')) as { bin?: string | Record<string, string>; version: string };
}

function binOf(root: string, pkg: string): string {
  const m = manifestOf(root, pkg);
  const bin = typeof m.bin === 'string' ? m.bin : Object.values(m.bin ?? {})[0];
  if (!bin) throw new Error(`${pkg} declares no bin in its package.json`);
  return join(root, 'node_modules', pkg, bin);
}

async function main(): Promise<void> {
  const root = process.argv[2];
  if (!root) throw new Error('give the folder the servers are installed in (npm install --prefix <folder> …)');
  const dir = mkdtempSync(join(tmpdir(), 'floe-padding-'));
  const entries: McpServerEntry[] = SERVERS.map((s) => ({
    name: s.name,
    config: {
      command: process.execPath,
      args: [binOf(root, s.pkg), ...(s.args ?? [])],
      env: s.env ?? {},
      cwd: dir,
      connectTimeoutMs: 30_000,
    },
  }));
  await captureServers({
    entries,
    dir,
    out: OUT,
    requireAll: false,
    servers: (ok) =>
      SERVERS.filter((s) => ok.has(s.name)).map((s) => ({
        name: s.name,
        package: s.pkg,
        version: manifestOf(root, s.pkg).version,
      })),
  });
}

main().catch((err: unknown) => {
  console.error(`capture-padding: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
