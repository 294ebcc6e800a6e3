// Integration tests for the MCP client (main/environment/mcp) with REAL servers: the reference filesystem and
// everything servers over stdio, and a Streamable HTTP server written here with the SDK on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema, CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { connectMcpServers, type McpConnection } from '../../main/environment/mcp/index.js';
import type { Tool } from '../../main/environment/types.js';
import { makeCtx, runTool } from '../unit/tools/fixtures.js';

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const FS_BIN = path.join(pkgDir('@modelcontextprotocol/server-filesystem'), 'dist', 'index.js');
const EVERY_BIN = path.join(pkgDir('@modelcontextprotocol/server-everything'), 'dist', 'index.js');

const root = mkdtempSync(path.join(tmpdir(), 'floe-mcp-'));
const allowed = path.join(root, 'allowed');
let http: HttpServer;
let base = '';

/** direct children of this test process: pid and command line */
function children(): { pid: number; args: string }[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => ({ pid: Number(l.split(/\s+/)[0]), args: l.replace(/^\d+\s+/, '') }))
      .filter((c) => !c.args.startsWith('ps '));
  } catch {
    return []; // ps exits 1 when there are none
  }
}

function httpMcp(): McpServer {
  const s = new McpServer({ name: 'test-http', version: '1.0.0' });
  s.registerTool(
    'add',
    {
      description: 'Add two numbers and return the sum.',
      inputSchema: { a: z.number(), b: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  s.registerTool('stats', { description: 'Structured numbers only.', inputSchema: {} }, async () => ({
    content: [],
    structuredContent: { files: 3, ok: true },
  }));
  s.registerTool('boom', { description: 'Always reports an error.', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'boom: disk on fire' }],
    isError: true,
  }));
  return s;
}

/** a low-level server whose tool list comes in pages of one */
function pagedServer(): Server {
  const s = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { tools: {} } });
  const all = ['p_one', 'p_two', 'p_three'];
  s.setRequestHandler(ListToolsRequestSchema, async (req) => {
    const i = Number(req.params?.cursor ?? 0);
    return {
      tools: [{ name: all[i]!, description: `page ${i}`, inputSchema: { type: 'object' as const, properties: {} } }],
      ...(i + 1 < all.length ? { nextCursor: String(i + 1) } : {}),
    };
  });
  s.setRequestHandler(CallToolRequestSchema, async (req) => ({
    content: [{ type: 'text', text: `ran ${req.params.name}` }],
  }));
  return s;
}

beforeAll(async () => {
  mkdirSync(allowed);
  writeFileSync(path.join(allowed, 'hello.txt'), 'hello from the filesystem server\n');
  http = createServer(async (req, res) => {
    if (req.headers.authorization !== 'Bearer t0ken') {
      res.writeHead(401).end('unauthorized');
      return;
    }
    const server = req.url?.startsWith('/paged') ? pagedServer() : httpMcp();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise<void>((r) => (http ? http.close(() => r()) : r()));
  rmSync(root, { recursive: true, force: true });
});

describe('legacy SSE transport', () => {
  it('connects and calls a tool only when transport: sse', async () => {
    const sessions = new Map<string, SSEServerTransport>();
    const sse = createServer(async (req, res) => {
      if (req.method === 'GET' && req.url === '/sse') {
        const transport = new SSEServerTransport('/messages', res);
        sessions.set(transport.sessionId, transport);
        await httpMcp().connect(transport);
      } else if (req.method === 'POST' && req.url?.startsWith('/messages')) {
        const id = new URL(req.url, 'http://x').searchParams.get('sessionId') ?? '';
        const transport = sessions.get(id);
        if (!transport) res.writeHead(404).end();
        else await transport.handlePostMessage(req, res);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => sse.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(sse.address() as AddressInfo).port}/sse`;
    let conn: McpConnection | undefined;
    try {
      conn = await connectMcpServers([{ name: 'old', config: { transport: 'sse', url, connectTimeoutMs: 5000 } }], {
        workspace: root,
      });
      expect(conn.results[0]!.status).toBe('connected');
      expect((await call(find(conn, 'mcp__old__add'), { a: 1, b: 2 })).text).toBe('3');
    } finally {
      await conn?.close();
      for (const t of sessions.values()) await t.close();
      sse.closeAllConnections();
      await new Promise<void>((r) => sse.close(() => r()));
    }
  });
});

const find = (c: McpConnection, name: string): Tool => {
  const t = c.tools.find((x) => x.definition.name === name);
  if (!t) throw new Error(`tool ${name} not found in ${c.tools.map((x) => x.definition.name).join(', ')}`);
  return t;
};
const call = (t: Tool, args: Record<string, unknown>) => runTool(t, args, makeCtx(t, root));

describe('connectMcpServers with real servers', () => {
  let conn: McpConnection;
  beforeAll(async () => {
    conn = await connectMcpServers(
      [
        { name: 'fs', config: { command: process.execPath, args: [FS_BIN, allowed] } },
        { name: 'every', config: { command: process.execPath, args: [EVERY_BIN, 'stdio'], permission: 'auto' } },
        { name: 'missing', config: { command: path.join(root, 'no-such-mcp-server') } },
        { name: 'web', config: { url: `${base}/mcp`, headers: { Authorization: 'Bearer t0ken' }, direct: true } },
        {
          name: 'paged',
          config: {
            transport: 'http',
            url: `${base}/paged`,
            headers: { Authorization: 'Bearer t0ken' },
            permission: 'r',
          },
        },
        { name: 'noauth', config: { url: `${base}/mcp`, connectTimeoutMs: 5000 } },
      ],
      { workspace: root },
    );
  }, 30000);
  afterAll(async () => {
    await conn?.close();
  });

  it('reports one result per server in order; failures carry an error and do not block others', () => {
    expect(conn.results.map((r) => [r.server, r.status])).toEqual([
      ['fs', 'connected'],
      ['every', 'connected'],
      ['missing', 'failed'],
      ['web', 'connected'],
      ['paged', 'connected'],
      ['noauth', 'failed'],
    ]);
    const missing = conn.results[2]!;
    expect(missing.error).toContain('MCP server "missing" failed to connect');
    expect(missing.error).toContain('ENOENT');
    expect(missing.tool_count).toBe(0);
    expect(conn.results[5]!.error).toMatch(/401|nauthorized/);
    for (const r of conn.results) expect(r.duration_ms).toBeGreaterThanOrEqual(0);
    expect(conn.results[0]!.tool_count).toBe(
      conn.tools.filter((t) => t.definition.name.startsWith('mcp__fs__')).length,
    );
  });

  it('names tools mcp__<server>__<tool> with permissions and visibility', () => {
    const read = find(conn, 'mcp__fs__read_text_file').definition;
    expect(read.permission).toBe('r'); // readOnlyHint true
    expect(read.visibility).toBe('deferred');
    expect(read.description.length).toBeGreaterThan(10);
    expect(read.parameters).toMatchObject({ type: 'object', properties: { path: expect.any(Object) } });
    expect(find(conn, 'mcp__fs__write_file').definition.permission).toBe('rw');
    expect(find(conn, 'mcp__every__get-sum').definition.permission).toBe('r');
    expect(find(conn, 'mcp__every__toggle-simulated-logging').definition.permission).toBe('rw');
    const add = find(conn, 'mcp__web__add').definition;
    expect([add.permission, add.visibility]).toEqual(['r', 'direct']);
    expect(find(conn, 'mcp__web__boom').definition.permission).toBe('rw');
  });

  it('follows pagination and applies a configured permission', () => {
    const paged = conn.tools.filter((t) => t.definition.name.startsWith('mcp__paged__'));
    expect(paged.map((t) => t.definition.name)).toEqual([
      'mcp__paged__p_one',
      'mcp__paged__p_two',
      'mcp__paged__p_three',
    ]);
    expect(paged.every((t) => t.definition.permission === 'r')).toBe(true);
  });

  it('reads a file through the filesystem server', async () => {
    const { text, result } = await call(find(conn, 'mcp__fs__read_text_file'), {
      path: path.join(allowed, 'hello.txt'),
    });
    expect(text).toBe('hello from the filesystem server\n');
    expect(result).toEqual({ stopReason: 'completed' });
  });

  it('maps a server-side error (outside the allowed dir) to failed', async () => {
    const { text, result } = await call(find(conn, 'mcp__fs__read_text_file'), { path: '/etc/hostname' });
    expect(text).toMatch(/denied|outside|not allowed/i);
    expect(result).toMatchObject({ stopReason: 'failed' });
  });

  it('maps images, structuredContent and isError over HTTP and stdio', async () => {
    const img = await call(find(conn, 'mcp__every__get-tiny-image'), {});
    expect(img.result).toMatchObject({ stopReason: 'completed' });
    const images = (img.result as { images?: string[] }).images ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^data:image\/png;base64,iVBOR/);

    expect((await call(find(conn, 'mcp__web__add'), { a: 2, b: 40 })).text).toBe('42');
    expect((await call(find(conn, 'mcp__web__stats'), {})).text).toBe('{"files":3,"ok":true}');
    const boom = await call(find(conn, 'mcp__web__boom'), {});
    expect(boom.text).toBe('boom: disk on fire');
    expect(boom.result).toEqual({ stopReason: 'failed' });
    expect((await call(find(conn, 'mcp__paged__p_two'), {})).text).toBe('ran p_two');
  });

  it('a stdio server that exits makes the next call fail clearly', async () => {
    const child = children().find((c) => c.args.includes(EVERY_BIN));
    expect(child).toBeDefined();
    process.kill(child!.pid, 'SIGKILL');
    const echo = find(conn, 'mcp__every__echo');
    // the exit is noticed asynchronously; a call racing with it must fail just the same
    const first = await call(echo, { message: 'hi' });
    expect(first.result).toEqual({ stopReason: 'failed' });
    await new Promise((r) => setTimeout(r, 200));
    const { text, result } = await call(echo, { message: 'hi' });
    expect(text).toMatch(/^MCP server "every" is not connected: the server process exited/);
    expect(result).toEqual({ stopReason: 'failed' });
    // other servers are unaffected
    expect((await call(find(conn, 'mcp__fs__list_allowed_directories'), {})).result).toEqual({
      stopReason: 'completed',
    });
  });
});

describe('connect timeouts and close()', () => {
  it('skips a server that never answers, within its connectTimeoutMs', async () => {
    const t0 = Date.now();
    const conn = await connectMcpServers(
      [
        {
          name: 'silent',
          config: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], connectTimeoutMs: 700 },
        },
        { name: 'fs', config: { command: process.execPath, args: [FS_BIN, allowed] } },
      ],
      { workspace: root },
    );
    try {
      expect(Date.now() - t0).toBeLessThan(8000);
      expect(conn.results[0]).toMatchObject({ server: 'silent', status: 'failed', tool_count: 0 });
      expect(conn.results[0]!.error).toContain('timed out after 700ms');
      expect(conn.results[1]!.status).toBe('connected');
    } finally {
      await conn.close();
    }
    expect(children().filter((c) => c.args.includes('setInterval') || c.args.includes(FS_BIN))).toEqual([]);
  }, 20000);

  it("a stdio server runs in a process group of its own: a Ctrl-C at the host's terminal does not end it", async () => {
    // the terminal sends SIGINT to its foreground group; a server in the host's group died with `floe chat`'s Ctrl-C
    const conn = await connectMcpServers(
      [{ name: 'fs', config: { command: process.execPath, args: [FS_BIN, allowed] } }],
      {
        workspace: root,
      },
    );
    try {
      const [server] = children().filter((c) => c.args.includes(FS_BIN));
      expect(server).toBeDefined();
      const pgid = (pid: number) => execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim();
      expect(pgid(server!.pid)).toBe(String(server!.pid));
      expect(pgid(server!.pid)).not.toBe(pgid(process.pid));
    } finally {
      await conn.close();
    }
  }, 20000);

  it('a stdio command that does not exist is named as not found (not hidden behind the process-group wrapper)', async () => {
    const conn = await connectMcpServers([{ name: 'gone', config: { command: 'floe-no-such-mcp-server' } }], {
      workspace: root,
    });
    try {
      expect(conn.results[0]!.status).toBe('failed');
      expect(conn.results[0]!.error).toMatch(/the command was not found/);
    } finally {
      await conn.close();
    }
  }, 20000);

  it('close() leaves no child process and later calls fail clearly', async () => {
    const conn = await connectMcpServers(
      [
        { name: 'fs', config: { command: process.execPath, args: [FS_BIN, allowed] } },
        { name: 'every', config: { command: process.execPath, args: [EVERY_BIN] } },
      ],
      { workspace: root },
    );
    expect(conn.results.map((r) => r.status)).toEqual(['connected', 'connected']);
    const pids = children().filter((c) => c.args.includes(FS_BIN) || c.args.includes(EVERY_BIN));
    expect(pids).toHaveLength(2);
    await conn.close();
    expect(children().filter((c) => c.args.includes(FS_BIN) || c.args.includes(EVERY_BIN))).toEqual([]);
    for (const p of pids) expect(() => process.kill(p.pid, 0)).toThrow();
    const { text, result } = await call(find(conn, 'mcp__fs__list_allowed_directories'), {});
    expect(text).toMatch(/^MCP server "fs" is not connected/);
    expect(result).toEqual({ stopReason: 'failed' });
  }, 20000);

  it('an aborted signal fails pending connections without throwing', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const conn = await connectMcpServers(
      [
        {
          name: 'silent',
          config: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], connectTimeoutMs: 10000 },
        },
      ],
      { workspace: root, signal: ac.signal },
    );
    try {
      expect(conn.results[0]).toMatchObject({ status: 'failed' });
      expect(conn.results[0]!.error).toContain('aborted');
    } finally {
      await conn.close();
    }
    expect(children().filter((c) => c.args.includes('setInterval'))).toEqual([]);
  }, 20000);

  it('a server that exits at start-up fails with its stderr quoted', async () => {
    const conn = await connectMcpServers(
      [
        {
          name: 'crash',
          config: { command: process.execPath, args: ['-e', 'console.error("fatal: bad config"); process.exit(3)'] },
        },
      ],
      { workspace: root },
    );
    try {
      expect(conn.results[0]!.status).toBe('failed');
      expect(conn.results[0]!.error).toContain('MCP server "crash" failed to connect');
      expect(conn.results[0]!.error).toContain('fatal: bad config');
    } finally {
      await conn.close();
    }
  });

  it('runs stdio servers in the workspace by default, with env merged over process.env', async () => {
    const script =
      'console.error(process.cwd() + "|" + process.env.FLOE_T + "|" + (process.env.PATH ? "path" : "nopath")); process.exit(1)';
    const conn = await connectMcpServers(
      [{ name: 'envcheck', config: { command: process.execPath, args: ['-e', script], env: { FLOE_T: 'v1' } } }],
      { workspace: allowed },
    );
    try {
      expect(conn.results[0]!.error).toContain(`${allowed}|v1|path`);
    } finally {
      await conn.close();
    }
  });

  it('an invalid entry fails with a clear message', async () => {
    const conn = await connectMcpServers([{ name: 'bad', config: { transport: 'http' } }], { workspace: root });
    expect(conn.results[0]!.error).toContain('needs "url"');
    await conn.close();
  });
});
