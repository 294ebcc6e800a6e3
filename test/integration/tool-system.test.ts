// Tool system end to end (issue: tool system): names and aliases, exclusive image-tool assembly and
// describe_image through the vision model, deferred MCP tools behind search/execute with approval on the target,
// a server that fails to start, --bare.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../main/approval/types.js';
import { modeApprover } from '../../main/approval/modes.js';
import { createAgent } from '../../main/sdk/index.js';
import type { AgentSession } from '../../main/sdk/index.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { drain } from '../helpers/drain.js';
import { jsonLines, mcpSystemConfig, payloads, runCli, tempHome, type TempHome } from '../helpers/cli.js';
import { toolNames } from '../helpers/roles.js';

const require = createRequire(import.meta.url);
const pkgBin = (name: string) => path.join(path.dirname(require.resolve(`${name}/package.json`)), 'dist', 'index.js');
const FS_BIN = pkgBin('@modelcontextprotocol/server-filesystem');
const EVERY_BIN = pkgBin('@modelcontextprotocol/server-everything');

let server: ModelServer | undefined;
let env: TempHome | undefined;
const sessions: AgentSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.dispose();
  await server?.close();
  env?.cleanup();
});

const calls = (...c: [string, object, string][]) => ({
  reply: { toolCalls: c.map(([name, args, id]) => ({ name, arguments: args, id })) },
});

async function session(
  script: ScriptStep[],
  o: { vision?: boolean; extraYaml?: string; systemConfig?: string; bare?: boolean } = {},
) {
  server = await startModelServer(script);
  env = tempHome({
    baseUrl: server.openaiBaseUrl,
    vision: o.vision,
    extraYaml: o.extraYaml,
    systemConfig: o.systemConfig ?? 'system_prompt: test\n',
  });
  const agent = await createAgent({ home: env.home, retrySchedule: [10], bare: o.bare });
  const s = await agent.createSession({ workspace: env.workspace });
  sessions.push(s);
  return s;
}

function png1x1(): Buffer {
  const crc = (b: Buffer) => {
    let c = ~0;
    for (const x of b) {
      c ^= x;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const t = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(t));
    return Buffer.concat([len, t, c]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('names and aliases', () => {
  it('BASH, bash, Shell and EXEC_COMMAND all run exec_command; approvals name exec_command', async () => {
    const s = await session([
      calls(
        ['BASH', { cmd: 'echo one' }, 'a'],
        ['bash', { cmd: 'echo two' }, 'b'],
        ['Shell', { cmd: 'echo three' }, 'c'],
        ['EXEC_COMMAND', { cmd: 'echo four' }, 'd'],
      ),
      { reply: { text: 'ok' } },
    ]);
    const asked: string[] = [];
    const { msgs } = await drain(s.run('go', { approve: async (r) => (asked.push(r.toolName), 'allow') }));
    expect(asked).toEqual(['exec_command', 'exec_command', 'exec_command', 'exec_command']);
    expect(payloads(msgs, 'approval_decision').map((d) => d.tool_name)).toEqual(Array(4).fill('exec_command'));
    const outs = Object.fromEntries(payloads(msgs, 'tool_call_output').map((o) => [o.tool_call_id, o.output]));
    expect(outs).toEqual({ a: 'one\n', b: 'two\n', c: 'three\n', d: 'four\n' });
  });
});

describe('image tools', () => {
  it('assembly is exclusive by the vision flag; describe_image needs a vision_model', async () => {
    const visionYaml = [
      '  - name: vis',
      '    protocol: openai',
      '    base_url: http://127.0.0.1:9/v1',
      '    models:',
      '      - id: eyes',
      '        vision: true',
    ].join('\n');
    const cases: [boolean, string, string[], string[]][] = [
      [true, '', ['read_image'], ['describe_image']],
      [false, '', [], ['read_image', 'describe_image']],
    ];
    for (const [vision, extra, has, hasNot] of cases) {
      const s = await session([{ reply: { text: 'x' } }], { vision, extraYaml: extra });
      await drain(s.run('hi'));
      const names = toolNames(server!.requests[0]);
      for (const n of has) expect(names).toContain(n);
      for (const n of hasNot) expect(names).not.toContain(n);
      // the session first: its login snapshot may still be written into the home being removed (ENOTEMPTY, seen once)
      await s.dispose();
      sessions.splice(sessions.indexOf(s), 1);
      await server!.close();
      env!.cleanup();
    }
    // text-only model + vision_model → describe_image only (providers list extended with the vision provider)
    server = await startModelServer([{ reply: { text: 'x' } }]);
    env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: t\n' });
    const cfg = fs
      .readFileSync(path.join(env.home, 'config.yaml'), 'utf8')
      .replace('default_model: mock/m1', `${visionYaml}\ndefault_model: mock/m1\nvision_model: vis/eyes`);
    fs.writeFileSync(path.join(env.home, 'config.yaml'), cfg);
    const agent = await createAgent({ home: env.home });
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    await drain(s.run('hi'));
    const names = toolNames(server.requests[0]);
    expect(names).toContain('describe_image');
    expect(names).not.toContain('read_image');
  });

  it('read_image returns the sniffed type and a data URL; describe_image text comes from the vision model, which got the image', async () => {
    const png = png1x1();
    // vision session: read_image on a PNG named .jpg
    let s = await session([calls(['read_image', { source: 'pic.jpg' }, 'r1']), { reply: { text: 'seen' } }], {
      vision: true,
    });
    fs.writeFileSync(path.join(env!.workspace, 'pic.jpg'), png);
    let { msgs } = await drain(s.run('look', { approve: async () => 'allow' }));
    const out = payloads(msgs, 'tool_call_output')[0];
    expect(out.output).toMatch(/^image\/png, \d+ B$/);
    expect(out.images).toEqual([`data:image/png;base64,${png.toString('base64')}`]);
    // the image reached the (vision) model in the next request
    expect(JSON.stringify(server!.requests[1].body.messages)).toContain(png.toString('base64'));
    await server!.close();
    env!.cleanup();

    // text-only session with a vision model on the same scripted server
    server = await startModelServer([
      calls(['describe_image', { source: 'pic.png', prompt: 'What colour?' }, 'd1']),
      { reply: { text: 'A red pixel.' } },
      { reply: { text: 'It is red.' } },
    ]);
    env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: t\n' });
    const cfg = fs
      .readFileSync(path.join(env.home, 'config.yaml'), 'utf8')
      .replace(
        'default_model: mock/m1',
        `      - id: eyes\n        vision: true\ndefault_model: mock/m1\nvision_model: mock/eyes`,
      );
    fs.writeFileSync(path.join(env.home, 'config.yaml'), cfg);
    fs.writeFileSync(path.join(env.workspace, 'pic.png'), png);
    const agent = await createAgent({ home: env.home });
    s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    ({ msgs } = await drain(s.run('describe it', { approve: async () => 'allow' })));
    expect(payloads(msgs, 'tool_call_output')[0]).toMatchObject({ output: 'A red pixel.', stop_reason: 'completed' });
    const visionReq = server.requests[1];
    expect(visionReq.body.model).toBe('eyes');
    expect(JSON.stringify(visionReq.body.messages)).toContain(png.toString('base64'));
    expect(JSON.stringify(visionReq.body.messages)).toContain('What colour?');
  });
});

describe('deferred MCP tools', () => {
  const mcpConfig = (allowed: string, extra = '') =>
    mcpSystemConfig(
      [
        { name: 'fs', bin: FS_BIN, args: [allowed] },
        { name: 'every', bin: EVERY_BIN, args: ['stdio'] },
      ],
      extra,
    );

  /** A session of the home's agent with the filesystem and everything servers, talking to the model server. */
  async function mcpSession(home: TempHome, model: ModelServer, ws: string): Promise<AgentSession> {
    const config = path.join(home.home, 'config.yaml');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('http://127.0.0.1:9/v1', model.openaiBaseUrl));
    fs.mkdirSync(path.join(home.home, 'agents/default'), { recursive: true });
    fs.writeFileSync(path.join(home.home, 'agents/default/system_config.yaml'), mcpConfig(ws));
    const agent = await createAgent({ home: home.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: home.workspace });
    sessions.push(s);
    return s;
  }

  it('only meta-tools are sent; search ranks the read tools; approval is decided on the target', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const ws = fs.realpathSync(env.workspace);
    fs.writeFileSync(path.join(ws, 'notes.txt'), 'secret plans\n');
    server = await startModelServer([
      calls(['search_extra_tools', { query: 'read file' }, 's1'], ['search_extra_tools', { query: 'zzqx' }, 's2']),
      calls(
        [
          'execute_extra_tool',
          { tool_name: 'mcp__fs__read_text_file', params: { path: path.join(ws, 'notes.txt') } },
          'e1',
        ],
        [
          'ExecuteExtraTool',
          { tool_name: 'MCP__FS__WRITE_FILE', params: { path: path.join(ws, 'out.txt'), content: 'x' } },
          'e2',
        ],
      ),
      { reply: { text: 'done' } },
    ]);
    const s = await mcpSession(env, server, ws);
    const asked: ApprovalRequest[] = [];
    const approve = modeApprover(
      () => 'read-only',
      async (r) => {
        asked.push(r);
        return 'deny';
      },
    );
    const { msgs } = await drain(s.run('go', { approve }));
    const names = toolNames(server.requests[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'exec_command',
        'input_command',
        'run_subagent',
        'input_subagent',
        'search_extra_tools',
        'execute_extra_tool',
      ]),
    );
    expect(names.filter((n) => n.startsWith('mcp__'))).toEqual([]);
    const end = payloads(msgs, 'mcp_connect_end')[0];
    expect(end.status).toBe('ok');
    expect(end.results.map((r: any) => r.status)).toEqual(['connected', 'connected']);

    const outs = Object.fromEntries(payloads(msgs, 'tool_call_output').map((o) => [o.tool_call_id, o]));
    const search = JSON.parse(outs.s1.output);
    const top = search.results.slice(0, 3).map((r: any) => r.name);
    expect(top.every((n: string) => n.startsWith('mcp__fs__read_'))).toBe(true);
    expect(search.results.map((r: any) => r.name)).toContain('mcp__fs__read_text_file');
    expect(search.total_available).toBeGreaterThan(10);
    const none = JSON.parse(outs.s2.output);
    expect(none.results).toEqual([]);
    expect(typeof none.hint).toBe('string');

    // read-only: the r target ran without asking and returned the file
    const decisions = Object.fromEntries(payloads(msgs, 'approval_decision').map((d) => [d.tool_call_id, d]));
    expect(decisions.e1).toMatchObject({ decision: 'allow', tool_name: 'mcp__fs__read_text_file', decided_by: 'mode' });
    expect(outs.e1).toMatchObject({ output: 'secret plans\n', stop_reason: 'completed' });
    // the rw target behind an alias + case variant of the wrapper was asked, and the person denied it
    expect(decisions.e2).toMatchObject({ decision: 'deny', tool_name: 'mcp__fs__write_file', decided_by: 'human' });
    expect(asked.map((a) => [a.toolName, a.permission])).toEqual([['mcp__fs__write_file', 'rw']]);
    expect(outs.e2.output).toBe('Tool call denied by user.');
    expect(fs.existsSync(path.join(ws, 'out.txt'))).toBe(false);
  });

  it('a session encodes its deferred tools with the bundled model at its start, before any search', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1', localModel: true });
    const ws = fs.realpathSync(env.workspace);
    server = await startModelServer([{ reply: { text: 'hello' } }]);
    const s = await mcpSession(env, server, ws);
    const { msgs } = await drain(s.run('hi'));
    expect(payloads(msgs, 'tool_call').length).toBe(0);
    // no search ran; the deferred tools' vectors still reach the cache (the encoding runs in a worker: wait for it)
    const rows = () => {
      const file = path.join(env!.home, 'embeddings.db');
      if (!fs.existsSync(file)) return 0;
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM tool_embeddings').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    for (let i = 0; i < 300 && rows() < 20; i++) await new Promise((r) => setTimeout(r, 100));
    expect(rows()).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('a server whose binary is missing is skipped with a warning; the session runs; --bare connects nothing', async () => {
    const missing = [
      'system_prompt: t',
      'tools:',
      '  mcpServers:',
      '    - name: ghost',
      '      config:',
      '        command: /nonexistent/mcp-server',
    ].join('\n');
    const s = await session([{ reply: { text: 'still here' } }], { systemConfig: missing });
    const { msgs, result } = await drain(s.run('hi'));
    expect(result.status).toBe('completed');
    const end = payloads(msgs, 'mcp_connect_end')[0];
    expect(end.status).toBe('failed');
    expect(end.results[0]).toMatchObject({ server: 'ghost', status: 'failed' });
    expect(end.results[0].error).toMatch(/mcp-server/);
    expect(toolNames(server!.requests[0])).not.toContain('search_extra_tools');
    await server!.close();
    const home = env!.home;
    const ws = env!.workspace;
    server = await startModelServer([{ reply: { text: 'bare' } }]);
    fs.writeFileSync(
      path.join(home, 'config.yaml'),
      fs
        .readFileSync(path.join(home, 'config.yaml'), 'utf8')
        .replace(/base_url: .*/, `base_url: ${server.openaiBaseUrl}`),
    );
    fs.writeFileSync(path.join(home, 'agents/default/system_config.yaml'), mcpConfig(ws));
    const r = await runCli(['run', '--json', '--bare', '--workspace', ws, 'hi'], { home });
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(payloads(lines, 'mcp_connect_begin')).toEqual([]);
    expect(payloads(lines, 'mcp_connect_end')).toEqual([]);
    const tl = payloads(lines, 'tool_list_ready')[0].tools.map((t: any) => t.name);
    expect(tl).not.toContain('search_extra_tools');
    expect(tl).not.toContain('execute_extra_tool');
  });
});
