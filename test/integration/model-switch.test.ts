// Switching a session's model between tasks through the host service (sessions.setModel), against the scripted
// model server: the next request names the new model with the same conversation, the switch is traced
// (model_switch) and sent live, the tools follow the model's vision (describe_image ↔ read_image), a resumed session
// (new host process) keeps the switched model, an unknown name is refused naming the choices, and a running task
// refuses the switch.
import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '../../main/host/index.js';
import { startModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { readJsonl, tempHome, traceFiles } from '../helpers/cli.js';
import { ok, runToEnd, until } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: ScriptStep[]) {
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  const env = tempHome({
    baseUrl: server.openaiBaseUrl,
    vision: false,
    moreModels: [{ id: 'm2', vision: true }],
    extraYaml: 'vision_model: mock/m2',
  });
  cleanups.push(() => env.cleanup());
  const open = () => {
    const h = createHost({ home: env.home, mode: 'desktop', retrySchedule: [10, 10, 10] });
    cleanups.push(() => h.dispose());
    return h;
  };
  return { server, env, open };
}

const toolNames = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function?.name ?? t.name);

describe('sessions.setModel', () => {
  it('the next task uses the new model with the same history; traced, live, and kept on resume', async () => {
    const { server, env, open } = await setup([
      { reply: { text: 'answer from m1' } },
      { reply: { text: 'answer from m2' } },
      { reply: { text: 'still m2 after restart' } },
    ]);
    let h = open();
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });
    expect(await runToEnd(h, s.id, 'first question')).toBe('completed');
    expect(server.requests[0]!.body.model).toBe('m1');
    expect(toolNames(server.requests[0]!.body)).toContain('describe_image');
    expect(toolNames(server.requests[0]!.body)).not.toContain('read_image');

    const live = until(h, (e, m) => e === 'session.message' && m.message.payload.type === 'model_switch');
    const row = await ok(h, 'sessions.setModel', { sessionId: s.id, model: 'm2' }); // a bare id names mock/m2
    expect(row.model).toBe('mock/m2');
    expect((await live).message.payload).toMatchObject({ from: 'mock/m1', to: 'mock/m2' });
    expect((await ok(h, 'sessions.get', { sessionId: s.id })).model).toBe('mock/m2');

    expect(await runToEnd(h, s.id, 'second question')).toBe('completed');
    const second = server.requests[1]!.body;
    expect(second.model).toBe('m2');
    expect(JSON.stringify(second.messages)).toContain('answer from m1'); // same conversation
    expect(toolNames(second)).toContain('read_image'); // vision model: the tools were assembled again
    expect(toolNames(second)).not.toContain('describe_image');

    const trace = traceFiles(env.home).flatMap((f) => readJsonl(f));
    expect(trace.filter((m: any) => m.payload?.type === 'model_switch')).toHaveLength(1);
    const rows = await ok(h, 'traces.page', { sessionId: s.id, offset: 0, limit: 500 });
    expect(rows.rows.find((r: any) => r.kind === 'model_switch')?.excerpt).toBe(
      'model switched to mock/m2 (was mock/m1)',
    );

    await h.dispose();
    h = open(); // a new process resumes the session from its trace
    expect(await runToEnd(h, s.id, 'third question')).toBe('completed');
    expect(server.requests[2]!.body.model).toBe('m2');
  });

  it('refuses an unknown model naming the choices, and a switch while a task runs', async () => {
    const { server, env, open } = await setup([{ hang: true }]);
    const h = open();
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });
    const bad = await h.call('sessions.setModel', { sessionId: s.id, model: 'gpt-9' });
    expect(bad).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Unknown model "gpt-9". Choose one of: mock/m1, mock/m2.' },
    });
    await ok(h, 'sessions.run', { sessionId: s.id, prompt: 'hang please' });
    for (const until = Date.now() + 15_000; server.requests.length === 0; await new Promise((r) => setImmediate(r)))
      if (Date.now() > until) throw new Error('the request never arrived');
    const busy = await h.call('sessions.setModel', { sessionId: s.id, model: 'mock/m2' });
    expect(busy.ok ? '' : busy.error.code).toBe('conflict');
    expect((await ok(h, 'sessions.get', { sessionId: s.id })).model).toBe('mock/m1');
    await ok(h, 'sessions.abort', { sessionId: s.id });
  });
});
