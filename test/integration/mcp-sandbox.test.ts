// MCP stdio servers run inside the session's sandbox (issue 19): the reference filesystem server, told it may use
// the workspace, a secret folder and a folder outside, is started through CommandSandbox.wrap exactly as the SDK
// starts it (connectMcpServers' `contain`). It works in the workspace; the secret reads back empty and writes
// outside fail, whatever the server was told. The root is under /var/tmp (the sandbox replaces /tmp).
import { mkdirSync, mkdtempSync, readFileSync, existsSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers, type McpConnection } from '../../main/environment/mcp/index.js';
import { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';
import type { Tool } from '../../main/environment/types.js';
import { makeCtx, runTool } from '../unit/tools/fixtures.js';

const require = createRequire(import.meta.url);
const FS_BIN = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
  'dist',
  'index.js',
);

let root: string;
let ws: string;
let ssh: string;
let outside: string;
let sandbox: CommandSandbox;
let conn: McpConnection;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(path.join('/var/tmp', 'floe-mcp-sbx-')));
  ws = path.join(root, 'ws');
  ssh = path.join(root, 'home', '.ssh');
  outside = path.join(root, 'outside');
  for (const d of [ws, ssh, outside]) mkdirSync(d, { recursive: true });
  writeFileSync(path.join(ssh, 'id_rsa'), 'SECRET-key-for-mcp\n');
  sandbox = new CommandSandbox({
    workspace: ws,
    home: path.join(root, 'home'),
    floeHome: path.join(root, 'floe'),
    sessionId: 'mcp',
  });
  if (!sandbox.active) throw new Error(`this test needs the sandbox: ${sandbox.offReason}`);
  await sandbox.ready();
  conn = await connectMcpServers(
    [{ name: 'fs', config: { command: process.execPath, args: [FS_BIN, ws, ssh, outside] } }],
    { workspace: ws, contain: (c, a, cwd) => sandbox.wrap(c, a, cwd) },
  );
  expect(conn.results[0]).toMatchObject({ status: 'connected' });
}, 30_000);

afterAll(async () => {
  await conn?.close();
  sandbox?.dispose();
  if (root) rmSync(root, { recursive: true, force: true });
});

const tool = (name: string): Tool => conn.tools.find((t) => t.definition.name === `mcp__fs__${name}`)!;
const call = (name: string, args: Record<string, unknown>) => runTool(tool(name), args, makeCtx(tool(name), ws));

describe('an MCP stdio server in the sandbox', () => {
  it('works in the workspace', async () => {
    const w = await call('write_file', { path: path.join(ws, 'note.txt'), content: 'hello' });
    expect(w.result).toMatchObject({ stopReason: 'completed' });
    expect(readFileSync(path.join(ws, 'note.txt'), 'utf8')).toBe('hello');
  });

  it('cannot read a hidden secret it was told it may read', async () => {
    const r = await call('read_text_file', { path: path.join(ssh, 'id_rsa') });
    expect(r.text).not.toContain('SECRET-key-for-mcp');
    expect(r.text).toMatch(/ENOENT|no such file/i);
  });

  it('cannot write outside the workspace, where it was told it may', async () => {
    const w = await call('write_file', { path: path.join(outside, 'x.txt'), content: 'evil' });
    expect(w.text).toMatch(/EROFS|read-only/i);
    expect(existsSync(path.join(outside, 'x.txt'))).toBe(false);
  });
});
