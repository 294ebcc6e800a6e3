// Settings' MCP panel through the host service with real servers: server-everything over stdio connects and
// reports its tool count, a server whose command exits fails with its message, disable/enable and add are written
// to system_config.yaml (comments kept) and a disabled server is not connected.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type HostService } from '../../main/host/index.js';
import { createAgent } from '../../main/sdk/index.js';
import { startModelServer } from '../fixtures/model-server.js';
import { payloads, tempHome } from '../helpers/cli.js';
import { drain } from '../helpers/drain.js';
import { ok } from '../helpers/host.js';

const require = createRequire(import.meta.url);
const EVERY_BIN = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const SYSTEM = `# my agent
system_prompt: test agent
tools:
  mcpServers:
    # the reference server
    - name: everything
      config:
        command: ${JSON.stringify(process.execPath)}
        args: [${JSON.stringify(EVERY_BIN)}, stdio]
    - name: broken
      config:
        command: ${JSON.stringify(process.execPath)}
        args: ["-e", "console.error('no database configured'); process.exit(3)"]
`;

function setup(): { h: HostService; file: string } {
  const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1', systemConfig: SYSTEM });
  cleanups.push(() => env.cleanup());
  const h = createHost({ home: env.home, mode: 'desktop' });
  cleanups.push(() => h.dispose());
  return { h, file: path.join(env.home, 'agents/default/system_config.yaml') };
}

describe('settings: MCP servers', () => {
  it('lists each server with the outcome of a real connection attempt; reconnect tries again', async () => {
    const { h } = setup();
    const [every, broken] = await ok(h, 'mcp.list');
    expect(every).toMatchObject({
      name: 'everything',
      agent: 'default',
      transport: 'stdio',
      enabled: true,
      status: 'connected',
    });
    expect(every.toolCount).toBeGreaterThan(3);
    expect(every.tools).toHaveLength(every.toolCount);
    expect(every.tools).toContain('mcp__everything__echo');
    expect(every.target).toContain('server-everything');
    expect(broken).toMatchObject({ name: 'broken', status: 'failed', toolCount: 0 });
    expect(broken.error).toContain('MCP server "broken" failed to connect');
    expect(broken.error).toContain('no database configured');
    const again = await ok(h, 'mcp.list');
    expect(again[0].checkedAt).toBe(every.checkedAt); // cached: no second attempt
    const re = await ok(h, 'mcp.reconnect', { name: 'everything' });
    expect(re[0].status).toBe('connected');
    expect(re[0].checkedAt > every.checkedAt).toBe(true); // a new attempt
    expect(re[1].checkedAt).toBe(broken.checkedAt);
    expect(await h.call('mcp.reconnect', { name: 'ghost' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('disables and enables a server in system_config.yaml, and adds stdio and http servers', async () => {
    const { h, file } = setup();
    const off = await ok(h, 'mcp.setEnabled', { name: 'broken', enabled: false });
    expect(off[1]).toMatchObject({ name: 'broken', enabled: false, status: 'disabled', toolCount: 0 });
    let text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/- name: broken\n\s+config:[\s\S]*enabled: false/);
    expect(text).toContain('# the reference server');
    expect(text).toContain('# my agent');
    const on = await ok(h, 'mcp.setEnabled', { name: 'broken', enabled: true });
    expect(on[1].status).toBe('failed');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('enabled:');

    const added = await ok(h, 'mcp.add', {
      name: 'every2',
      transport: 'stdio',
      command: process.execPath,
      args: [EVERY_BIN, 'stdio'],
    });
    expect(added.map((s: any) => s.name)).toEqual(['everything', 'broken', 'every2']);
    expect(added[2]).toMatchObject({ status: 'connected', transport: 'stdio' });
    const web = await ok(h, 'mcp.add', { name: 'remote', transport: 'http', url: 'http://127.0.0.1:9/mcp' });
    expect(web[3]).toMatchObject({
      name: 'remote',
      transport: 'http',
      target: 'http://127.0.0.1:9/mcp',
      status: 'failed',
    });
    text = fs.readFileSync(file, 'utf8');
    expect(text).toContain(
      '- name: remote\n      config:\n        transport: http\n        url: http://127.0.0.1:9/mcp',
    );
    expect(await h.call('mcp.add', { name: 'remote', transport: 'http', url: 'http://127.0.0.1:9/x' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('already exists') },
    });
    expect(await h.call('mcp.add', { name: 'nourl', transport: 'sse' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('url') },
    });
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('a disabled MCP server', () => {
  it('is not connected by a session (only the enabled one is)', async () => {
    const server = await startModelServer([{ reply: { text: 'ok' } }]);
    cleanups.push(() => server.close());
    const env = tempHome({
      baseUrl: server.openaiBaseUrl,
      systemConfig: SYSTEM.replace('    - name: broken\n', '    - name: broken\n      enabled: false\n'),
    });
    cleanups.push(() => env.cleanup());
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: env.workspace });
    cleanups.push(() => s.dispose());
    const { msgs, result } = await drain(s.run('hi'));
    expect(result.status).toBe('completed');
    expect(payloads(msgs, 'mcp_connect_begin')[0].servers).toEqual(['everything']);
    expect(payloads(msgs, 'mcp_connect_end')[0]).toMatchObject({
      status: 'ok',
      results: [{ server: 'everything', status: 'connected' }],
    });
  });
});
