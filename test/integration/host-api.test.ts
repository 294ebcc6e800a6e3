// The host service in process (the same handler table both transports use): projects (missing folders),
// sessions (resume after a restart, delete with traces and scratchpad), trace import of a hand-written trace in
// the SPEC §2 protocol (browsable, export byte-identical, duplicate refused), settings and usage.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { tempHome, type TempHome } from '../helpers/cli.js';
import { ok, runToEnd, until } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: ScriptStep[] = []): Promise<{ server: ModelServer; env: TempHome; open(): HostService }> {
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test agent\n' });
  cleanups.push(() => env.cleanup());
  const open = () => {
    const h = createHost({ home: env.home, mode: 'desktop', retrySchedule: [10, 10, 10, 10, 10] });
    cleanups.push(() => h.dispose());
    return h;
  };
  return { server, env, open };
}

describe('host service', () => {
  it('sessions.compact: a manual compaction runs like a task, streams its events, and the next run starts from it', async () => {
    const { env, server, open } = await setup([
      { reply: { text: 'first answer' } },
      { reply: { text: '## Goal\nRemember banana (HOST-SUMMARY-3).' } },
      { reply: { text: 'after compaction' } },
    ]);
    const h = open();
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });
    expect(await runToEnd(h, s.id, 'remember the word banana')).toBe('completed');
    const seen: string[] = [];
    const off = h.onEvent((e, m: any) => {
      if (e === 'session.message' && m.sessionId === s.id) seen.push(m.message.payload.type);
    });
    const done = until(h, (e, q) => e === 'session.status' && q.sessionId === s.id && q.status !== 'running');
    expect(await ok(h, 'sessions.compact', { sessionId: s.id, focus: 'the word' })).toEqual({ started: true });
    expect((await done).status).toBe('completed');
    off();
    expect(seen[0]).toBe('compaction_begin');
    expect(seen).toContain('partial_text');
    expect(seen.at(-1)).toBe('compaction_end');
    expect(JSON.stringify(server.requests[1]!.body.messages)).toContain('Give particular attention to: the word');
    expect(await runToEnd(h, s.id, 'and now?')).toBe('completed');
    const sent = JSON.stringify(server.requests[2]!.body.messages);
    expect(sent).toContain('HOST-SUMMARY-3');
    expect(sent).not.toContain('first answer');
    expect(await h.call('sessions.compact', { sessionId: s.id, focus: 'x'.repeat(2001) })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });

  it('params are validated; errors come back as {code, message}', async () => {
    const { open } = await setup();
    const h = open();
    expect(await h.call('sessions.get', {})).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('sessionId') },
    });
    expect(await h.call('sessions.get', { sessionId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await h.call('no.such.method', {})).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await h.call('projects.pickFolder', {})).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(await ok(h, 'app.info')).toMatchObject({ mode: 'desktop', version: '0.1.0', platform: process.platform });
  });

  it('projects: add/list/forget; a deleted folder shows as missing and its sessions stay browsable', async () => {
    const { env, open } = await setup();
    const h = open();
    expect(await h.call('projects.add', { path: path.join(env.workspace, 'nope') })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('does not exist') },
    });
    const dir = path.join(env.workspace, 'proj');
    fs.mkdirSync(dir);
    const p = await ok(h, 'projects.add', { path: dir });
    expect(p).toMatchObject({ path: dir, name: 'proj', missing: false, sessionCount: 0 });
    const s = await ok(h, 'sessions.create', { projectId: p.id, title: 'kept' });
    expect(s.approvalMode).toBe('always-ask');
    fs.rmSync(dir, { recursive: true });
    const [listed] = await ok(h, 'projects.list');
    expect(listed).toMatchObject({ id: p.id, missing: true, sessionCount: 1 });
    expect((await ok(h, 'sessions.list', { projectId: p.id })).map((x: any) => x.title)).toEqual(['kept']);
    expect((await ok(h, 'sessions.transcript', { sessionId: s.id })).messages[0].type).toBe('session_meta');
    expect(await h.call('sessions.create', { projectId: p.id })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('no longer exists') },
    });
    await ok(h, 'projects.forget', { projectId: p.id });
    expect(await ok(h, 'projects.list')).toEqual([]);
  });

  it('a session continues after a host restart (resumed from its trace); delete removes traces and scratchpad', async () => {
    const { env, server, open } = await setup([
      { reply: { text: 'first answer' } },
      { reply: { text: 'second answer' } },
    ]);
    const h1 = open();
    const p = await ok(h1, 'projects.add', { path: env.workspace });
    const s = await ok(h1, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });
    expect(await runToEnd(h1, s.id, 'remember the word banana')).toBe('completed');
    const tokens1 = (await ok(h1, 'sessions.get', { sessionId: s.id })).tokens;
    expect(tokens1.total).toBeGreaterThan(0);
    await h1.dispose();

    const h2 = open();
    expect(await runToEnd(h2, s.id, 'what was the word?')).toBe('completed');
    const sent = JSON.stringify(server.requests[1]!.body.messages);
    expect(sent).toContain('remember the word banana');
    expect(sent).toContain('first answer');
    const after = await ok(h2, 'sessions.get', { sessionId: s.id });
    expect(after.tokens.total).toBeGreaterThan(tokens1.total);
    expect(await ok(h2, 'usage.totals', { projectId: p.id })).toEqual({ ...after.tokens, sessions: 1 });

    const texts = (await ok(h2, 'sessions.transcript', { sessionId: s.id })).messages
      .filter((m: any) => m.payload.type === 'text')
      .map((m: any) => m.payload.text);
    expect(texts).toEqual(['remember the word banana', 'first answer', 'what was the word?', 'second answer']);

    const scratch = path.join(env.home, 'agents', 'default', 'scratchpad', s.id);
    fs.mkdirSync(scratch, { recursive: true });
    fs.writeFileSync(path.join(scratch, 'note.txt'), 'x');
    const exported = await ok(h2, 'traces.export', { sessionId: s.id });
    expect(exported.jsonl.split('\n').length).toBeGreaterThan(5);
    await ok(h2, 'sessions.delete', { sessionId: s.id });
    expect(fs.existsSync(scratch)).toBe(false);
    expect(await h2.call('traces.export', { sessionId: s.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await h2.call('sessions.get', { sessionId: s.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await ok(h2, 'traces.list', {})).toEqual([]);
  });

  it('imports a hand-written trace of another harness: browsable, record = raw line, export byte-identical, duplicate refused', async () => {
    const { open } = await setup();
    const h = open();
    // Written by hand from SPEC §2, as another harness of the protocol would (its own id format, unknown fields).
    const lines = [
      {
        timestamp: '2025-06-01T08:00:00.000Z',
        type: 'session_meta',
        payload: {
          session_id: 'otherharness-7f3a',
          provider: 'acme',
          model_id: 'acme-large',
          model_context_window: 200000,
          system_prompt: 'You are helpful.',
          agent_state: {},
          workspace: '/tmp/elsewhere',
          harness_version: '9.9',
        },
      },
      { timestamp: '2025-06-01T08:00:01.000Z', type: 'event_msg', payload: { type: 'request_begin' } },
      {
        timestamp: '2025-06-01T08:00:01.500Z',
        type: 'model_msg',
        payload: { type: 'text', role: 'user', text: 'List the files ünïcødé' },
      },
      {
        timestamp: '2025-06-01T08:00:02.000Z',
        type: 'model_msg',
        payload: { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"ls"}', tool_call_id: 'tc-1' },
      },
      {
        timestamp: '2025-06-01T08:00:02.100Z',
        type: 'event_msg',
        payload: {
          type: 'token_usage',
          session: { cache_read: 0, cache_write: 0, output: 7, total: 40 },
          request: { cache_read: 0, cache_write: 0, output: 7, total: 40 },
        },
      },
      {
        timestamp: '2025-06-01T08:00:02.200Z',
        type: 'event_msg',
        payload: { type: 'request_end', status: 'completed' },
      },
      {
        timestamp: '2025-06-01T08:00:02.300Z',
        type: 'event_msg',
        payload: { type: 'approval_decision', decision: 'allow', tool_call_id: 'tc-1' },
      },
      {
        timestamp: '2025-06-01T08:00:03.000Z',
        type: 'model_msg',
        payload: { type: 'tool_call_output', output: 'a.txt\nb.txt\n', tool_call_id: 'tc-1', stop_reason: 'completed' },
      },
      {
        timestamp: '2025-06-01T08:00:04.000Z',
        type: 'model_msg',
        payload: {
          type: 'text',
          role: 'assistant',
          text: 'Two files.',
          stop_reason: 'completed',
          fidelity: { sig: 'abc' },
        },
      },
    ].map((o) => JSON.stringify(o));
    const jsonl = `${lines.join('\n')}\n`;
    expect(await ok(h, 'traces.import', { jsonl })).toEqual({ sessionId: 'otherharness-7f3a', warnings: [] });

    const page = await ok(h, 'traces.page', { sessionId: 'otherharness-7f3a', offset: 0, limit: 100 });
    expect(page.total).toBe(lines.length);
    expect(page.rows.map((r: any) => r.kind)).toEqual([
      'session_meta',
      'request_begin',
      'text',
      'tool_call',
      'token_usage',
      'request_end',
      'approval_decision',
      'tool_call_output',
      'text',
    ]);
    expect(page.rows.map((r: any) => r.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const tools = await ok(h, 'traces.page', {
      sessionId: 'otherharness-7f3a',
      offset: 0,
      limit: 100,
      kinds: ['tool_call_output'],
    });
    expect(tools.total).toBe(1);
    const rec = await ok(h, 'traces.record', { sessionId: 'otherharness-7f3a', offset: page.rows[2].offset });
    expect(rec.line).toBe(lines[2]);
    expect(rec.message.payload.text).toBe('List the files ünïcødé');

    const [summary] = await ok(h, 'traces.list', { text: 'list the files' });
    expect(summary).toMatchObject({
      sessionId: 'otherharness-7f3a',
      source: 'import',
      model: 'acme/acme-large',
      events: lines.length,
    });
    expect(await ok(h, 'traces.export', { sessionId: 'otherharness-7f3a' })).toEqual({
      jsonl,
      fileName: 'otherharness-7f3a.jsonl',
    });

    expect(await h.call('traces.import', { jsonl })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await h.call('traces.import', { jsonl: '{"not":"a trace"}\n' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('line 1') },
    });
  });

  it('settings: providers with redacted keys, a real test request, default approval mode for new sessions', async () => {
    const { env, server, open } = await setup([{ reply: { text: 'OK' } }]);
    const h = open();
    const s0 = await ok(h, 'settings.get');
    expect(s0).toMatchObject({ defaultModel: 'mock/m1', defaultApprovalMode: 'always-ask', agents: ['default'] });
    expect(s0.providers[0]).toMatchObject({ name: 'mock', apiKey: '••••-key', baseUrl: server.openaiBaseUrl }); // api_key: test-key
    const added = await ok(h, 'settings.addProvider', {
      name: 'second',
      protocol: 'openai',
      baseUrl: server.openaiBaseUrl,
      apiKey: 'sk-very-secret-9876',
      models: [{ id: 'm2' }],
    });
    expect(added.providers[1]).toMatchObject({
      name: 'second',
      apiKey: '••••9876',
      models: [{ id: 'm2', vision: false, contextWindow: 128000 }],
    });
    expect(JSON.stringify(added)).not.toContain('sk-very-secret');
    expect(await ok(h, 'settings.testProvider', { name: 'second' })).toEqual({
      ok: true,
      message: 'second/m2 answered: OK',
    });
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-very-secret-9876');
    const failed = await ok(h, 'settings.testProvider', { name: 'mock' }); // script exhausted → HTTP 500
    expect(failed.ok).toBe(false);
    expect(await h.call('settings.testProvider', { name: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect((await ok(h, 'settings.removeProvider', { name: 'second' })).providers.map((p: any) => p.name)).toEqual([
      'mock',
    ]);
    expect((await ok(h, 'settings.update', { defaultApprovalMode: 'read-only' })).defaultApprovalMode).toBe(
      'read-only',
    );
    expect(fs.readFileSync(path.join(env.home, 'config.yaml'), 'utf8')).toContain('default_approval_mode: read-only');
    expect(fs.statSync(path.join(env.home, 'config.yaml')).mode & 0o777).toBe(0o600);
    const p = await ok(h, 'projects.add', { path: env.workspace });
    expect((await ok(h, 'sessions.create', { projectId: p.id })).approvalMode).toBe('read-only');
    expect(await h.call('settings.update', { defaultModel: 'nope/x' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });
});
