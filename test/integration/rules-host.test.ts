// Approval rules in the host (issue 13), in process with a real SQLite file, real pty commands and the scripted
// model: the approval request names the parts no rule covers and a prefix to allow; "Always allow <prefix> in this
// project" adds a project rule that survives a host restart and does not apply in another project; a session rule
// ends with the session (a new session, or a restarted host, asks again); rules apply to subagents' calls.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dbPath } from '../../main/config/home.js';
import { createHost, type HostService } from '../../main/host/index.js';
import { openStore } from '../../main/store/index.js';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server.js';
import { tempHome, type TempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: Script): Promise<{ server: ModelServer; env: TempHome; open(): HostService }> {
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test agent\n' });
  cleanups.push(() => env.cleanup());
  let live: HostService | undefined;
  const open = () => {
    live = createHost({ home: env.home, mode: 'web', retrySchedule: [10, 10, 10] });
    const h = live;
    cleanups.push(() => h.dispose());
    return h;
  };
  return { server, env, open };
}

function waitFor(h: HostService, event: string, pred: (p: any) => boolean = () => true, ms = 30_000): Promise<any> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => (off(), reject(new Error(`timed out waiting for ${event}`))), ms);
    const off = h.onEvent((e, p) => {
      if (e !== event || !pred(p)) return;
      clearTimeout(t);
      off();
      resolve(p);
    });
  });
}

const exec = (cmd: string, id: string) => ({
  reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id }] },
});
const decisions = async (h: HostService, sessionId: string) =>
  (await ok(h, 'sessions.transcript', { sessionId })).messages
    .filter((m: any) => m.payload?.type === 'approval_decision')
    .map((m: any) => m.payload);

async function run(
  h: HostService,
  sessionId: string,
  prompt: string,
  onAsk?: (a: any) => Promise<void>,
): Promise<void> {
  const done = waitFor(h, 'session.status', (p) => p.sessionId === sessionId && p.status !== 'running');
  const off = onAsk
    ? h.onEvent((e, p: any) => void (e === 'approval.request' && p.sessionId === sessionId && onAsk(p)))
    : () => {};
  await ok(h, 'sessions.run', { sessionId, prompt });
  await done;
  off();
}

describe('approval rules in the host', () => {
  it('"Always allow <prefix> in this project": survives a restart, not in another project; the card shows what is uncovered', async () => {
    const { server, env, open } = await setup([]);
    const other = path.join(path.dirname(env.workspace), 'other');
    fs.mkdirSync(other);
    let h = open();
    const p1 = await ok(h, 'projects.add', { path: env.workspace });
    const s1 = await ok(h, 'sessions.create', { projectId: p1.id, approvalMode: 'read-only' });

    server.push(exec('touch a.txt && touch b.txt', 'c1'), { reply: { text: 'ok' } });
    const asks: any[] = [];
    await run(h, s1.id, 'make files', async (a) => {
      asks.push(a);
      await ok(h, 'approvals.decide', {
        approvalId: a.id,
        decision: 'allow',
        rule: { scope: 'project', pattern: a.uncovered[0].suggestion },
      });
    });
    expect(asks[0].uncovered).toEqual([
      { text: 'touch a.txt', reason: 'no rule covers this command', suggestion: 'touch' },
      { text: 'touch b.txt', reason: 'no rule covers this command', suggestion: 'touch' },
    ]);
    expect(fs.existsSync(path.join(env.workspace, 'b.txt'))).toBe(true);
    const [rule] = await ok(h, 'rules.list', { projectId: p1.id });
    expect(rule).toMatchObject({
      action: 'allow',
      scope: 'project',
      scopeKey: env.workspace,
      tool: 'exec_command',
      pattern: 'touch',
    });

    await h.dispose();
    h = open(); // a restart: the project rule is still there and decides without asking
    server.push(exec('touch c.txt; git status >/dev/null', 'c2'), { reply: { text: 'ok' } });
    const s2 = await ok(h, 'sessions.create', { projectId: p1.id, approvalMode: 'read-only' });
    const asked2: any[] = [];
    await run(h, s2.id, 'more', async (a) => {
      asked2.push(a);
      await ok(h, 'approvals.decide', { approvalId: a.id, decision: 'deny' });
    });
    // `git status` is not covered: asked, with only that part listed
    expect(asked2[0].uncovered).toEqual([
      { text: 'git status >/dev/null', reason: 'no rule covers this command', suggestion: 'git status' },
    ]);
    server.push(exec('touch c.txt', 'c3'), { reply: { text: 'ok' } });
    await run(h, s2.id, 'again', async () => {
      throw new Error('must not ask');
    });
    expect((await decisions(h, s2.id)).at(-1)).toMatchObject({
      decision: 'allow',
      decided_by: 'rule',
      rule: `allow exec_command "touch" (project rule ${rule.id})`,
    });

    // another project: not covered
    const p2 = await ok(h, 'projects.add', { path: other });
    const s3 = await ok(h, 'sessions.create', { projectId: p2.id, approvalMode: 'read-only' });
    server.push(exec('touch c.txt', 'c4'), { reply: { text: 'ok' } });
    let askedOther = 0;
    await run(h, s3.id, 'elsewhere', async (a) => {
      askedOther++;
      await ok(h, 'approvals.decide', { approvalId: a.id, decision: 'deny' });
    });
    expect(askedOther).toBe(1);
    expect(fs.existsSync(path.join(other, 'c.txt'))).toBe(false);
    expect(await ok(h, 'rules.list', { projectId: p2.id })).toEqual([]);
  });

  it('a session rule covers its session and its subagents, not another session, and ends with a host restart', async () => {
    const { env, open } = await setup({
      next(req) {
        // answer the newest user message only; after a tool result the model just finishes
        const last = req.body.messages.at(-1);
        const text = last?.role === 'user' ? JSON.stringify(last.content) : '';
        if (text.includes('child-task')) return exec('echo from-child', 'k1');
        if (text.includes('parent-task')) {
          return { reply: { toolCalls: [{ name: 'run_subagent', arguments: { prompt: 'child-task' }, id: 'spawn' }] } };
        }
        if (text.includes('plain-task')) return exec('echo plain', 'p1');
        return { reply: { text: 'done' } };
      },
    });
    let h = open();
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'always-ask' });
    const r1 = await ok(h, 'rules.add', {
      action: 'allow',
      scope: 'session',
      tool: 'exec_command',
      pattern: 'echo',
      sessionId: s.id,
    });
    const r2 = await ok(h, 'rules.add', { action: 'allow', scope: 'session', tool: 'run_subagent', sessionId: s.id });
    expect(r1.label).toBe(`allow exec_command "echo" (session rule ${r1.id})`);
    // the child's call is decided by the root's session rule (seen in the stream, with the child's origin)
    const childDecision = waitFor(
      h,
      'session.message',
      (m) => m.message.payload?.type === 'approval_decision' && m.message.payload.tool_call_id === 'k1',
    );
    const requests: any[] = [];
    const offAsk = h.onEvent((e, a) => void (e === 'approval.request' && requests.push(a)));
    await ok(h, 'sessions.run', { sessionId: s.id, prompt: 'parent-task' });
    const { message } = await childDecision;
    offAsk();
    expect(requests).toEqual([]);
    expect(message.origin).toHaveLength(1);
    expect(message.payload).toMatchObject({
      tool_name: 'exec_command',
      decision: 'allow',
      decided_by: 'rule',
      rule: r1.label,
    });
    const stopped = waitFor(h, 'session.status', (x) => x.sessionId === s.id && x.status !== 'running');
    await ok(h, 'sessions.abort', { sessionId: s.id });
    await stopped;
    expect((await decisions(h, s.id)).map((d: any) => [d.tool_name, d.decided_by, d.rule])).toEqual([
      ['run_subagent', 'rule', r2.label],
    ]);

    const other = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'always-ask' });
    let asked = 0;
    await run(h, other.id, 'plain-task', async (a) => {
      asked++;
      await ok(h, 'approvals.decide', { approvalId: a.id, decision: 'deny' });
    });
    expect([asked, await decisions(h, other.id)]).toEqual([
      1,
      [expect.objectContaining({ decided_by: 'human', decision: 'deny' })],
    ]);

    await h.dispose();
    h = open();
    expect(await ok(h, 'rules.list', { sessionId: s.id })).toEqual([]);
    asked = 0;
    await run(h, s.id, 'plain-task', async (a) => {
      asked++;
      await ok(h, 'approvals.decide', { approvalId: a.id, decision: 'deny' });
    });
    expect(asked).toBe(1);
  });

  it('rules.add refuses bad input with a clear message', async () => {
    const { open } = await setup([]);
    const h = open();
    expect(
      await h.call('rules.add', { action: 'allow', scope: 'project', tool: 'exec_command', pattern: 'ls' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'A project rule needs projectId (or a sessionId whose session has a project).',
      },
    });
    expect(
      await h.call('rules.add', { action: 'allow', scope: 'global', tool: 'read_image', pattern: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('only applies to exec_command') },
    });
    expect(await h.call('rules.remove', { ruleId: 'rule-nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('control characters in a rule pattern are refused, and a stored one reaches the renderer escaped', async () => {
    const { open, env } = await setup([]);
    const h = open();
    expect(
      await h.call('rules.add', { action: 'deny', scope: 'global', tool: 'exec_command', pattern: 'rm\x1b]2;x\x07' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('\\x1b at offset 2') },
    });
    // a rule stored before patterns were checked (written straight into floe.db)
    const store = openStore(dbPath(env.home));
    store.rules.add({
      action: 'deny',
      scope: 'global',
      scopeKey: '',
      tool: 'exec_command',
      pattern: 'rm\x1b[2J\u202e',
    });
    store.close();
    const [r] = await ok(h, 'rules.list', {});
    expect([r.pattern, r.label]).toEqual([
      'rm\\x1b[2J\\u{202e}',
      expect.stringMatching(/^deny exec_command "rm\\x1b\[2J\\u\{202e\}" \(global rule rule-[0-9a-f]+\)$/),
    ]);
  });
});
