// The host service through browser mode end to end: real WebSocket (ws), the scripted model server over HTTP,
// a temp FLOE_HOME and workspace, real pty commands. Approvals (always-ask, mode switch, abort, session rules),
// terminal events, a pane that never acks a flood (the command still finishes; the pane is resynchronised), a
// second client subscribing mid-run, and image previews.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import xtermHeadless from '@xterm/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { TERMINAL_HIGH_WATERMARK } from '../../shared/api.js';
import { createHost, type HostService } from '../../main/host/index.js';
import { startWebServer, type WebServer } from '../../main/web/index.js';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server.js';
import { tempHome, type TempHome } from '../helpers/cli.js';
import { WsClient } from '../unit/host/ws-client.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

interface Env {
  server: ModelServer;
  env: TempHome;
  host: HostService;
  web: WebServer;
  c: WsClient;
  connect(): Promise<WsClient>;
}

async function setup(script: Script, opts: { vision?: boolean } = {}): Promise<Env> {
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  const env = tempHome({
    baseUrl: server.openaiBaseUrl,
    vision: opts.vision,
    systemConfig: 'system_prompt: test agent\n',
  });
  cleanups.push(() => env.cleanup());
  const host = createHost({ home: env.home, mode: 'web', retrySchedule: [10, 10, 10, 10, 10] });
  cleanups.push(() => host.dispose());
  const web = await startWebServer({ hostService: host, staticDir: path.join(env.home, 'no-renderer') });
  cleanups.push(() => web.close());
  const connect = async () => {
    const cl = await WsClient.connect(web.port, web.token);
    cleanups.push(() => cl.close());
    return cl;
  };
  return { server, env, host, web, c: await connect(), connect };
}

async function newSession(e: Env, mode = 'always-ask'): Promise<any> {
  const project = await e.c.ok('projects.add', { path: e.env.workspace });
  return e.c.ok('sessions.create', { projectId: project.id, approvalMode: mode });
}

const { Terminal } = xtermHeadless;
type Term = InstanceType<typeof Terminal>;
const write = (t: Term, data: string) => new Promise<void>((r) => t.write(data, r));
const visible = (t: Term) => {
  const b = t.buffer.active;
  return Array.from({ length: t.rows }, (_, y) => b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
};

const payloadsOf = (messages: any[], type: string) =>
  messages.filter((m) => m.payload?.type === type).map((m) => m.payload);
const exec = (cmd: string, id: string) => ({ name: 'exec_command', arguments: { cmd }, id });

/** A valid 1×1 PNG built from its chunks. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('host over WebSocket', () => {
  it('always-ask: approval.request → allow → terminal data as events → task completes; a second client gets the pending approval', async () => {
    const e = await setup([
      { reply: { toolCalls: [exec('echo hello-from-$((6*7))-pty', 'call_1')] } },
      { reply: { text: 'all done' } },
    ]);
    const s = await newSession(e);
    expect(s).toMatchObject({
      approvalMode: 'always-ask',
      status: 'idle',
      workspace: e.env.workspace,
      agent: 'default',
      model: 'mock/m1',
    });
    expect(await e.c.ok('sessions.run', { sessionId: s.id, prompt: 'say hello' })).toEqual({ started: true });
    const asked = await e.c.waitFor('approval.request', (p) => p.sessionId === s.id);
    expect(asked).toMatchObject({
      toolName: 'exec_command',
      toolCallId: 'call_1',
      permission: 'rw',
      hasPreview: false,
    });
    expect(JSON.parse(asked.arguments)).toEqual({ cmd: 'echo hello-from-$((6*7))-pty' });

    // a second client (a reloaded window) subscribing mid-run gets the same pending approval
    const c2 = await e.connect();
    const sub = await c2.ok('subscribe');
    expect(sub.pendingApprovals.map((p: any) => p.id)).toEqual([asked.id]);
    expect((await c2.ok('approvals.list', { sessionId: s.id })).map((p: any) => p.id)).toEqual([asked.id]);

    expect(await c2.ok('approvals.decide', { approvalId: asked.id, decision: 'allow' })).toEqual({ decided: true });
    const started = await e.c.waitFor('terminal.started', (p) => p.sessionId === s.id);
    expect(started.cmd).toBe('echo hello-from-$((6*7))-pty');
    await e.c.waitFor('terminal.exit', (p) => p.processId === started.id);
    const data = e.c.events
      .filter((x) => x.event === 'terminal.data' && x.payload.processId === started.id)
      .map((x) => x.payload.data)
      .join('');
    expect(data).toContain('hello-from-42-pty');
    const done = await e.c.waitFor('session.status', (p) => p.sessionId === s.id && p.status !== 'running');
    expect(done.status).toBe('completed');
    expect((await e.c.ok('sessions.get', { sessionId: s.id })).status).toBe('completed');
    expect(await e.c.ok('commands.scrollback', { sessionId: s.id, processId: started.id })).toEqual({
      data: expect.stringContaining('hello-from-42-pty'),
    });

    const { messages } = await e.c.ok('sessions.transcript', { sessionId: s.id });
    expect(payloadsOf(messages, 'approval_decision')).toEqual([
      {
        type: 'approval_decision',
        decision: 'allow',
        tool_call_id: 'call_1',
        tool_name: 'exec_command',
        decided_by: 'human',
        mode: 'always-ask',
      },
    ]);
    expect(payloadsOf(messages, 'tool_call_output')[0].output).toContain('hello-from-42-pty');
    // the id was consumed: deciding again is not found
    expect(await e.c.call('approvals.decide', { approvalId: asked.id, decision: 'allow' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    // the index followed the trace
    const page = await e.c.ok('traces.page', { sessionId: s.id, offset: 0, limit: 500 });
    expect(page.total).toBe(page.rows.length);
    expect(page.rows.map((r: any) => r.kind)).toContain('approval_decision');
    expect(e.c.events.some((x) => x.event === 'trace.indexed' && x.payload.sessionId === s.id)).toBe(true);
    const title = (await e.c.ok('sessions.list', { projectId: s.projectId }))[0].title;
    expect(title).toBe('say hello');
  });

  it('switching to deny-all while a call waits: the NEXT call of the same task is denied by mode without asking', async () => {
    const e = await setup([
      { reply: { toolCalls: [exec('touch first.txt', 'call_a'), exec('touch second.txt', 'call_b')] } },
      { reply: { text: 'ok' } },
    ]);
    const s = await newSession(e);
    await e.c.ok('sessions.run', { sessionId: s.id, prompt: 'two files' });
    const asked = await e.c.waitFor('approval.request');
    expect(asked.toolCallId).toBe('call_a');
    expect((await e.c.ok('sessions.setApprovalMode', { sessionId: s.id, mode: 'deny-all' })).approvalMode).toBe(
      'deny-all',
    );
    await e.c.ok('approvals.decide', { approvalId: asked.id, decision: 'allow' });
    await e.c.waitFor('session.status', (p) => p.status === 'completed');
    expect(e.c.events.filter((x) => x.event === 'approval.request')).toHaveLength(1);
    const { messages } = await e.c.ok('sessions.transcript', { sessionId: s.id });
    expect(
      payloadsOf(messages, 'approval_decision').map((p: any) => [p.tool_call_id, p.decision, p.decided_by]),
    ).toEqual([
      ['call_a', 'allow', 'human'],
      ['call_b', 'deny', 'mode'],
    ]);
    expect(fs.existsSync(path.join(e.env.workspace, 'first.txt'))).toBe(true);
    expect(fs.existsSync(path.join(e.env.workspace, 'second.txt'))).toBe(false);
  });

  it('"allow exec_command for this session" → later calls allowed by rule, traced decided_by rule; another session still asks', async () => {
    const e = await setup([
      { reply: { toolCalls: [exec('touch r1', 'call_1')] } },
      { reply: { toolCalls: [exec('touch r2', 'call_2')] } },
      { reply: { text: 'done' } },
      { reply: { toolCalls: [exec('touch r3', 'call_3')] } },
      { reply: { text: 'done' } },
    ]);
    const a = await newSession(e);
    await e.c.ok('sessions.run', { sessionId: a.id, prompt: 'files' });
    const asked = await e.c.waitFor('approval.request', (p) => p.sessionId === a.id);
    await e.c.ok('approvals.decide', { approvalId: asked.id, decision: 'allow-session' });
    await e.c.waitFor('session.status', (p) => p.sessionId === a.id && p.status === 'completed');
    expect(e.c.events.filter((x) => x.event === 'approval.request')).toHaveLength(1);
    const ta = await e.c.ok('sessions.transcript', { sessionId: a.id });
    expect(payloadsOf(ta.messages, 'approval_decision').map((p: any) => p.decided_by)).toEqual(['human', 'rule']);
    expect(fs.existsSync(path.join(e.env.workspace, 'r2'))).toBe(true);

    const b = await newSession(e);
    await e.c.ok('sessions.run', { sessionId: b.id, prompt: 'more' });
    const askedB = await e.c.waitFor('approval.request', (p) => p.sessionId === b.id);
    expect(askedB.toolCallId).toBe('call_3');
    await e.c.ok('approvals.decide', { approvalId: askedB.id, decision: 'deny' });
    await e.c.waitFor('session.status', (p) => p.sessionId === b.id && p.status === 'completed');
    expect(fs.existsSync(path.join(e.env.workspace, 'r3'))).toBe(false);
    const tb = await e.c.ok('sessions.transcript', { sessionId: b.id });
    expect(payloadsOf(tb.messages, 'tool_call_output')[0]).toMatchObject({
      output: 'Tool call denied by user.',
      stop_reason: 'aborted',
    });
  });

  it('abort with two pending approvals (two subagents asking): both denied, no tool runs, abort event, status aborted', async () => {
    const e = await setup({
      next(req) {
        const text = JSON.stringify(req.body.messages);
        for (const k of ['1', '2']) {
          if (text.includes(`child-task-${k}`))
            return { reply: { toolCalls: [exec(`touch child-${k}.txt`, `child_call_${k}`)] } };
        }
        if (text.includes('parent-task') && !text.includes('"tool"')) {
          return {
            reply: {
              toolCalls: [
                { name: 'run_subagent', arguments: { prompt: 'child-task-1' }, id: 'spawn_1' },
                { name: 'run_subagent', arguments: { prompt: 'child-task-2' }, id: 'spawn_2' },
              ],
            },
          };
        }
        return { reply: { text: 'finished' } };
      },
    });
    const s = await newSession(e);
    await e.c.ok('sessions.run', { sessionId: s.id, prompt: 'parent-task' });
    for (const id of ['spawn_1', 'spawn_2']) {
      const a = await e.c.waitFor('approval.request', (p) => p.toolCallId === id);
      expect(a.toolName).toBe('run_subagent');
      await e.c.ok('approvals.decide', { approvalId: a.id, decision: 'allow' });
    }
    const k1 = await e.c.waitFor('approval.request', (p) => p.toolCallId === 'child_call_1');
    const k2 = await e.c.waitFor('approval.request', (p) => p.toolCallId === 'child_call_2');
    expect(k1.sessionId).toBe(s.id);
    expect(k1.origin).toHaveLength(1);
    expect(k2.origin).toHaveLength(1);
    expect(k1.origin[0]).not.toBe(k2.origin[0]);
    expect((await e.c.ok('subscribe')).pendingApprovals).toHaveLength(2);

    expect(await e.c.ok('sessions.abort', { sessionId: s.id })).toEqual({ aborted: true });
    const resolved = e.c.events.filter(
      (x) => x.event === 'approval.resolved' && [k1.id, k2.id].includes(x.payload.approvalId),
    );
    expect(resolved.map((x) => x.payload.decision)).toEqual(['deny', 'deny']);
    await e.c.waitFor('session.status', (p) => p.sessionId === s.id && p.status === 'aborted');
    await e.c.waitFor(
      'session.message',
      (p) => p.sessionId === s.id && !p.message.origin && p.message.payload.type === 'abort',
    );
    expect((await e.c.ok('approvals.list', {})).length).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(fs.existsSync(path.join(e.env.workspace, 'child-1.txt'))).toBe(false);
    expect(fs.existsSync(path.join(e.env.workspace, 'child-2.txt'))).toBe(false);
    expect(e.c.events.some((x) => x.event === 'terminal.started')).toBe(false);
    expect((await e.c.ok('sessions.get', { sessionId: s.id })).status).toBe('aborted');
    // children got session rows of their own (source subagent), hidden from the project's session list
    const traces = await e.c.ok('traces.list', {});
    expect(traces.filter((t: any) => t.source === 'subagent')).toHaveLength(2);
    // …titled from their prompts, as a root session is from its first prompt
    expect((await e.c.ok('sessions.get', { sessionId: k1.origin[0] })).title).toBe('child-task-1');
    expect((await e.c.ok('sessions.get', { sessionId: k2.origin[0] })).title).toBe('child-task-2');
    expect((await e.c.ok('sessions.list', { projectId: s.projectId })).map((x: any) => x.id)).toEqual([s.id]);
  });

  it('image preview of a pending read_image: PNG → data URL image/png; SVG → refused', async () => {
    const e = await setup(
      [
        {
          reply: {
            toolCalls: [
              { name: 'read_image', arguments: { source: 'pic.png' }, id: 'img_1' },
              { name: 'read_image', arguments: { source: 'logo.svg' }, id: 'img_2' },
            ],
          },
        },
        { reply: { text: 'seen' } },
      ],
      { vision: true },
    );
    const png = tinyPng();
    fs.writeFileSync(path.join(e.env.workspace, 'pic.png'), png);
    fs.writeFileSync(
      path.join(e.env.workspace, 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
    );
    const s = await newSession(e);
    await e.c.ok('sessions.run', { sessionId: s.id, prompt: 'look' });
    const a1 = await e.c.waitFor('approval.request', (p) => p.toolCallId === 'img_1');
    expect(a1).toMatchObject({ toolName: 'read_image', permission: 'r', hasPreview: true });
    const prev = await e.c.ok('approvals.preview', { approvalId: a1.id });
    expect(prev).toEqual({
      dataUrl: `data:image/png;base64,${png.toString('base64')}`,
      mime: 'image/png',
      size: png.length,
    });
    await e.c.ok('approvals.decide', { approvalId: a1.id, decision: 'deny' });
    const a2 = await e.c.waitFor('approval.request', (p) => p.toolCallId === 'img_2');
    const refused = await e.c.call('approvals.preview', { approvalId: a2.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/svg|unsupported|png, jpeg, gif/i);
    expect(await e.c.call('approvals.preview', { approvalId: 'approval-forged' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    await e.c.ok('approvals.decide', { approvalId: a2.id, decision: 'deny' });
    await e.c.waitFor('session.status', (p) => p.status === 'completed');
  });

  it('a pane never slows a flood: the command finishes while the pane acks nothing, then a resync redraws it', async () => {
    const lines = 200_000;
    // the flood starts once the pane is open (the test creates `go` then): live data is counted from there
    const cmd = `while [ ! -e go ]; do sleep 0.05; done; seq 1 ${lines}; echo flood-done`;
    const e = await setup([{ reply: { toolCalls: [exec(cmd, 'flood')] } }, { reply: { text: 'ok' } }]);
    const s = await newSession(e, 'allow-all');
    await e.c.ok('sessions.run', { sessionId: s.id, prompt: 'flood' });
    const started = await e.c.waitFor('terminal.started');
    // the pane opens (as the renderer's does): it asks for the screen so far, and from then on gets live data
    const opened = await e.c.ok('commands.scrollback', { sessionId: s.id, processId: started.id });
    const from = e.c.events.length; // events after the answer; those before are in the screen it answered with
    fs.writeFileSync(path.join(e.env.workspace, 'go'), '');
    const mine = () =>
      e.c.events
        .slice(from)
        .filter(
          (x) => (x.event === 'terminal.data' || x.event === 'terminal.resync') && x.payload.processId === started.id,
        );
    const liveChars = () =>
      mine()
        .filter((x) => x.event === 'terminal.data')
        .reduce((n, x) => n + x.payload.data.length, 0);
    // the client acks nothing: before this change the pty stayed paused at the high watermark and this never ended
    await e.c.waitFor('session.status', (p) => p.status === 'completed');
    const { messages } = await e.c.ok('sessions.transcript', { sessionId: s.id });
    expect(payloadsOf(messages, 'tool_call_output').at(-1)).toMatchObject({
      tool_call_id: 'flood',
      stop_reason: 'completed',
    });
    const total = lines * 7; // seq prints ~1.3 M chars
    expect(liveChars()).toBeGreaterThan(TERMINAL_HIGH_WATERMARK);
    expect(liveChars()).toBeLessThanOrEqual(TERMINAL_HIGH_WATERMARK + 1); // in flight stays bounded
    expect(liveChars()).toBeLessThan(total / 4);
    // the command exited while the pane was behind: its final screen was sent without waiting for acks
    await e.c.waitFor('terminal.resync', (p) => p.processId === started.id);
    // the pane: apply what arrived as the renderer does (the screen it opened with, data written, a resync resets
    // and redraws), then compare with the host's own headless screen (its serialisation, drawn on a fresh terminal)
    const pane = new Terminal({ cols: started.cols, rows: started.rows, allowProposedApi: true });
    await write(pane, opened.data);
    for (const x of mine())
      await write(pane, x.event === 'terminal.resync' ? `\x1bc${x.payload.data}` : x.payload.data);
    const hostScreen = new Terminal({ cols: started.cols, rows: started.rows, allowProposedApi: true });
    await write(hostScreen, (await e.c.ok('commands.scrollback', { sessionId: s.id, processId: started.id })).data);
    const paneRows = visible(pane);
    expect(paneRows).toEqual(visible(hostScreen));
    expect(paneRows.map((r) => r.trim())).toEqual(expect.arrayContaining([String(lines), 'flood-done']));
    pane.dispose();
    hostScreen.dispose();
  });

  it('two tabs: only the tab showing a pane gets its live data; the other hears of the command once', async () => {
    // the flood starts once the first tab shows the pane (the test creates `go` then)
    const cmd = 'while [ ! -e go ]; do sleep 0.05; done; seq 1 200000; sleep 0.3; echo second-burst; seq 1 1000';
    const e = await setup([{ reply: { toolCalls: [exec(cmd, 'flood')] } }, { reply: { text: 'ok' } }]);
    const other = await e.connect(); // a second tab, showing no pane of this command
    const s = await newSession(e, 'allow-all');
    await e.c.ok('sessions.run', { sessionId: s.id, prompt: 'flood' });
    const started = await e.c.waitFor('terminal.started');
    await e.c.ok('commands.scrollback', { sessionId: s.id, processId: started.id });
    fs.writeFileSync(path.join(e.env.workspace, 'go'), '');
    await e.c.waitFor('session.status', (p) => p.status === 'completed');
    await other.waitFor('session.status', (p) => p.status === 'completed');
    const data = (c: WsClient) =>
      c.events.filter((x) => x.event === 'terminal.data' && x.payload.processId === started.id);
    const chars = (c: WsClient) => data(c).reduce((n, x) => n + x.payload.data.length, 0);
    expect(chars(e.c)).toBeGreaterThan(TERMINAL_HIGH_WATERMARK); // the watching tab: live data up to its bound
    expect(data(other)).toHaveLength(1); // the other tab: the first output only
    expect(other.events.some((x) => x.event === 'terminal.resync')).toBe(false);
    expect(other.events.some((x) => x.event === 'terminal.exit' && x.payload.processId === started.id)).toBe(true);
  });
});
