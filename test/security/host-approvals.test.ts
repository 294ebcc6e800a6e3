// Security suite — the host API (issue 6 item 3), in process through the same handler table both transports use:
// a mode switch mid-task applies to the next call; forged approval ids → not_found; an approval id is bound to
// its own call (deciding session A's id never decides session B's call); secrets never reach renderer payloads
// (events, settings.get) nor traces / session_meta. Must not reach into the broker's internals.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiPendingApproval } from '../../shared/api.js';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer, type RecordedRequest, type ScriptStep } from '../fixtures/model-server.js';
import { tempHome, traceFiles } from '../helpers/cli.js';
import { firstUserText } from '../helpers/roles.js';
import { cleanupAll, intactTraceFile, onCleanup, waitFor } from '../faults/support.js';
import { ok } from '../helpers/host.js';

afterEach(cleanupAll);

const exec = (cmd: string, id: string): ScriptStep => ({
  reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id }] },
});

/** Steps per task, picked by the first user prompt of the request. */
function byPrompt(steps: Record<string, ScriptStep[]>) {
  return {
    next: (req: RecordedRequest): ScriptStep =>
      steps[firstUserText(req)]?.shift() ?? { reply: { text: '(no more steps)' } },
  };
}

interface Env {
  host: HostService;
  home: string;
  workspace: string;
  events: { event: string; payload: any }[];
  server: Awaited<ReturnType<typeof startModelServer>>;
}

async function hostWith(
  script: ReturnType<typeof byPrompt> | ScriptStep[],
  configEdit?: (yaml: string) => string,
): Promise<Env> {
  const server = await startModelServer(script);
  onCleanup(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: security suite\n' });
  onCleanup(() => env.cleanup());
  if (configEdit) {
    const f = path.join(env.home, 'config.yaml');
    fs.writeFileSync(f, configEdit(fs.readFileSync(f, 'utf8')), { mode: 0o600 });
  }
  const host = createHost({ home: env.home, mode: 'web', retrySchedule: [5] });
  onCleanup(() => host.dispose());
  const events: Env['events'] = [];
  host.onEvent((event, payload) => events.push({ event, payload }));
  return { host, home: env.home, workspace: env.workspace, events, server };
}

async function newSession(e: Env, approvalMode: string): Promise<string> {
  const projects = await ok<any[]>(e.host, 'projects.list');
  const p = projects[0] ?? (await ok(e.host, 'projects.add', { path: e.workspace }));
  return (await ok(e.host, 'sessions.create', { projectId: p.id, approvalMode })).id;
}

const pendingFor = (e: Env, sessionId: string, toolCallId: string) =>
  waitFor(
    () =>
      e.events.find(
        (x) =>
          x.event === 'approval.request' && x.payload.sessionId === sessionId && x.payload.toolCallId === toolCallId,
      )?.payload as ApiPendingApproval | undefined,
    20_000,
    `an approval request for ${toolCallId}`,
  );

const statusOf = (e: Env, sessionId: string) =>
  waitFor(
    () =>
      e.events.find(
        (x) => x.event === 'session.status' && x.payload.sessionId === sessionId && x.payload.status !== 'running',
      )?.payload.status as string | undefined,
    30_000,
    `session ${sessionId} to finish`,
  );

const decisionsOf = (e: Env, sessionId: string) =>
  e.events
    .filter(
      (x) =>
        x.event === 'session.message' &&
        x.payload.sessionId === sessionId &&
        x.payload.message.payload.type === 'approval_decision',
    )
    .map((x) => x.payload.message.payload);

describe('host approvals', () => {
  it('a mode switch mid-task applies to the next call', async () => {
    const e = await hostWith(
      byPrompt({ 'two steps': [exec('touch first', 'm1'), exec('touch second', 'm2'), { reply: { text: 'done' } }] }),
    );
    const sid = await newSession(e, 'read-only');
    await ok(e.host, 'sessions.run', { sessionId: sid, prompt: 'two steps' });
    const p1 = await pendingFor(e, sid, 'm1');
    expect(p1).toMatchObject({ toolName: 'exec_command', permission: 'rw' });
    // while the first call waits, the person switches the session to deny-all, then allows this one call
    expect((await ok(e.host, 'sessions.setApprovalMode', { sessionId: sid, mode: 'deny-all' })).approvalMode).toBe(
      'deny-all',
    );
    await ok(e.host, 'approvals.decide', { approvalId: p1.id, decision: 'allow' });
    expect(await statusOf(e, sid)).toBe('completed');
    expect(fs.existsSync(path.join(e.workspace, 'first'))).toBe(true);
    expect(fs.existsSync(path.join(e.workspace, 'second'))).toBe(false); // the next call met deny-all
    expect(decisionsOf(e, sid).map((d) => [d.tool_call_id, d.decision, d.decided_by])).toEqual([
      ['m1', 'allow', 'human'],
      ['m2', 'deny', 'mode'],
    ]);
    expect(e.events.filter((x) => x.event === 'approval.request')).toHaveLength(1);
  });

  it('forged approval ids → not_found; ids are bound to their own call across sessions', async () => {
    const e = await hostWith(
      byPrompt({
        'task A': [exec('touch a-ran', 'ca'), { reply: { text: 'A done' } }],
        'task B': [exec('touch b-ran', 'cb'), { reply: { text: 'B done' } }],
      }),
    );
    const a = await newSession(e, 'always-ask');
    const b = await newSession(e, 'always-ask');
    await ok(e.host, 'sessions.run', { sessionId: a, prompt: 'task A' });
    await ok(e.host, 'sessions.run', { sessionId: b, prompt: 'task B' });
    const pa = await pendingFor(e, a, 'ca');
    const pb = await pendingFor(e, b, 'cb');
    expect(pa.id).not.toBe(pb.id);
    expect(pa.id).toMatch(/^approval-[0-9a-f]{32}$/);

    // forged ids: a well-formed random one, the tool_call id, the session id, a near-miss of a real id
    for (const forged of [
      `approval-${'0'.repeat(32)}`,
      'ca',
      a,
      pa.id.slice(0, -1) + (pa.id.endsWith('0') ? '1' : '0'),
      `${pa.id} `,
    ]) {
      const r = await e.host.call('approvals.decide', { approvalId: forged, decision: 'allow' });
      expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
    expect(fs.readdirSync(e.workspace)).toEqual([]);

    // A's id decides A's call only: B's call still waits for its own id
    await ok(e.host, 'approvals.decide', { approvalId: pa.id, decision: 'allow' });
    expect(await statusOf(e, a)).toBe('completed');
    expect(fs.existsSync(path.join(e.workspace, 'a-ran'))).toBe(true);
    expect(fs.existsSync(path.join(e.workspace, 'b-ran'))).toBe(false);
    const stillB = await ok<ApiPendingApproval[]>(e.host, 'approvals.list', { sessionId: b });
    expect(stillB.map((p) => p.id)).toEqual([pb.id]);
    expect((await ok<ApiPendingApproval[]>(e.host, 'approvals.list', { sessionId: a })).map((p) => p.id)).toEqual([]);
    // a used id is spent
    expect(await e.host.call('approvals.decide', { approvalId: pa.id, decision: 'allow' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    // and its preview is not a way in either
    expect(await e.host.call('approvals.preview', { approvalId: pa.id })).toMatchObject({ ok: false });

    await ok(e.host, 'approvals.decide', { approvalId: pb.id, decision: 'deny' });
    expect(await statusOf(e, b)).toBe('completed');
    expect(fs.existsSync(path.join(e.workspace, 'b-ran'))).toBe(false);
    expect(decisionsOf(e, b).map((d) => [d.tool_call_id, d.decision])).toEqual([['cb', 'deny']]);
  });

  it('secrets never reach renderer payloads (events, settings.get) nor traces or session_meta', async () => {
    const SECRET = 'sk-live-SECRET-7f3a9c1d2e';
    const ENV_SECRET = 'env-SECRET-b4d5e6f7a8';
    process.env.FLOE_SECURITY_SUITE_KEY = ENV_SECRET;
    onCleanup(() => {
      delete process.env.FLOE_SECURITY_SUITE_KEY;
    });
    const e = await hostWith(
      byPrompt({ 'show me': [exec('echo visible', 's1'), { reply: { text: 'shown' } }] }),
      (yaml) =>
        yaml
          .replace('api_key: test-key', `api_key: ${SECRET}`)
          .replace(
            'default_model: mock/m1',
            [
              '  - name: envkey',
              '    protocol: openai',
              '    base_url: http://127.0.0.1:9/v1',
              '    api_key_env: FLOE_SECURITY_SUITE_KEY',
              '    models:',
              '      - id: m2',
              'default_model: mock/m1',
            ].join('\n'),
          ),
    );
    const sid = await newSession(e, 'allow-all');
    await ok(e.host, 'sessions.run', { sessionId: sid, prompt: 'show me' });
    expect(await statusOf(e, sid)).toBe('completed');
    expect(e.server.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET}`); // the key was really used

    const settings = await ok(e.host, 'settings.get');
    const payloads = JSON.stringify([
      settings,
      e.events,
      await ok(e.host, 'sessions.transcript', { sessionId: sid }),
      await ok(e.host, 'traces.export', { sessionId: sid }),
    ]);
    expect(payloads).toContain('echo visible'); // the payloads are the real thing…
    for (const s of [SECRET, ENV_SECRET, SECRET.slice(0, 12)]) expect(payloads).not.toContain(s); // …without the keys
    expect(settings.providers.map((p: any) => p.apiKey)).toEqual(['••••1d2e', 'env:FLOE_SECURITY_SUITE_KEY']); // redacted / named, never the value

    const files = traceFiles(e.home);
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(files[0]!, 'utf8');
    for (const s of [SECRET, ENV_SECRET]) expect(raw).not.toContain(s);
    const meta = intactTraceFile(files[0]!)[0]!;
    expect(meta.type).toBe('session_meta');
    expect(JSON.stringify(meta)).not.toMatch(/SECRET|api_key/i);
  });
});
