// The host tells the UI a session's context live (issue 10): `session.context` when a session is created (the
// window, the compaction threshold, 0 tokens and the instruction files from AGENTS.md/CLAUDE.md), after each request
// (its prompt tokens) and after a compaction (0); `sessions.context` answers the same for a session that is not
// loaded (after a restart), read from its trace and the configuration; resuming it for a task pushes it again. Real host, real SQLite, scripted model.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiSessionContext } from '../../shared/api.js';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer } from '../fixtures/model-server.js';
import { tempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

function statusEnd(h: HostService, sessionId: string): Promise<string> {
  return new Promise((resolve) => {
    const off = h.onEvent((e, p: any) => {
      if (e === 'session.status' && p.sessionId === sessionId && p.status !== 'running') {
        off();
        resolve(p.status);
      }
    });
  });
}

describe('session context from the host', () => {
  it('is pushed on create, after a request and after a compaction, and read back for a session not loaded', async () => {
    const server = await startModelServer([
      { reply: { text: 'first answer', usage: { input: 1500, output: 20 } } },
      { reply: { text: '## Goal\nKeep going (CTX-SUMMARY).', usage: { input: 1600, output: 30 } } },
      { reply: { text: 'second answer', usage: { input: 700, output: 10 } } },
      { reply: { text: 'third answer', usage: { input: 800, output: 10 } } },
    ]);
    cleanups.push(() => server.close());
    const env = tempHome({
      baseUrl: server.openaiBaseUrl,
      systemConfig: 'system_prompt: test agent\ncompaction:\n  max_context_length: 20000\n',
    });
    cleanups.push(() => env.cleanup());
    fs.writeFileSync(path.join(env.workspace, 'AGENTS.md'), `# Rules\n${'Use tabs. '.repeat(40)}\n`); // 410 chars
    fs.writeFileSync(path.join(env.workspace, 'CLAUDE.md'), 'Be brief.\n'); // 10 chars
    const open = () => {
      const h = createHost({ home: env.home, mode: 'desktop' });
      cleanups.push(() => h.dispose());
      return h;
    };
    const h = open();
    const seen: ApiSessionContext[] = [];
    h.onEvent((e, p: any) => {
      if (e === 'session.context') seen.push(p);
    });
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });
    const instructions = [
      { file: 'AGENTS.md', tokens: Math.ceil(410 / 4) },
      { file: 'CLAUDE.md', tokens: Math.ceil(10 / 4) },
    ];
    // before any request: the window (config.yaml: 32000) and the threshold min(20000, 32000 − 2048)
    expect(seen).toEqual([{ sessionId: s.id, tokens: 0, window: 32000, threshold: 20000, instructions }]);
    expect(await ok(h, 'sessions.context', { sessionId: s.id })).toEqual(seen[0]);

    let end = statusEnd(h, s.id);
    await ok(h, 'sessions.run', { sessionId: s.id, prompt: 'hello' });
    expect(await end).toBe('completed');
    expect(seen.at(-1)).toEqual({ ...seen[0], tokens: 1500 });

    end = statusEnd(h, s.id);
    await ok(h, 'sessions.compact', { sessionId: s.id });
    expect(await end).toBe('completed');
    expect(seen.at(-1)).toMatchObject({ sessionId: s.id, tokens: 0, window: 32000 });

    end = statusEnd(h, s.id);
    await ok(h, 'sessions.run', { sessionId: s.id, prompt: 'again' });
    expect(await end).toBe('completed');
    expect(seen.at(-1)).toMatchObject({ tokens: 700 });
    await h.dispose();

    // a new host: the session is not loaded; its context comes from the trace's latest part and the config
    const h2 = open();
    const pushed: unknown[] = [];
    h2.onEvent((e, q) => {
      if (e === 'session.context') pushed.push(q);
    });
    expect(await ok(h2, 'sessions.context', { sessionId: s.id })).toEqual({
      sessionId: s.id,
      tokens: 700,
      window: 32000,
      threshold: 20000,
      instructions,
    });
    expect(pushed).toEqual([]); // answered without resuming the session
    // a task resumes it: its context is pushed before the first request, then after it
    const end2 = statusEnd(h2, s.id);
    await ok(h2, 'sessions.run', { sessionId: s.id, prompt: 'once more' });
    expect(await end2).toBe('completed');
    expect(pushed).toEqual([
      { sessionId: s.id, tokens: 700, window: 32000, threshold: 20000, instructions },
      { sessionId: s.id, tokens: 800, window: 32000, threshold: 20000, instructions },
    ]);
  });
});
