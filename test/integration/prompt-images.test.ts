// A prompt's images through the host service against the scripted model server: sessions.run sends them to a
// vision model as image parts after the text; sessions.steer carries them into the running task (or starts one
// when it already ended); a prompt of only images is allowed, an empty prompt without images is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '../../main/host/index.js';
import { startModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { tempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** The user-side content parts of every request, as their types (text or image_url). */
const userParts = (body: any): string[] =>
  (body.messages as { role: string; content: unknown }[])
    .filter((m) => m.role === 'user')
    .flatMap((m) => (Array.isArray(m.content) ? m.content.map((c: any) => c.type) : ['text']));

describe('prompt images through the host', () => {
  it('run and steer carry images as image parts for a vision model', async () => {
    const script: ScriptStep[] = [
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'sleep 1; echo slept' } }] } },
      { reply: { text: 'saw both' } },
      { reply: { text: 'saw both' } },
    ];
    const server = await startModelServer(script);
    cleanups.push(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl, vision: true });
    cleanups.push(() => env.cleanup());
    const h = createHost({ home: env.home, mode: 'desktop', retrySchedule: [10, 10, 10] });
    cleanups.push(() => h.dispose());
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });

    const empty = await h.call('sessions.run', { sessionId: s.id, prompt: '  ' });
    expect(empty).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Invalid parameters for sessions.run: prompt: write a prompt or attach an image.',
      },
    });

    await ok(h, 'sessions.run', { sessionId: s.id, prompt: 'first', images: [{ name: 'a.png', data: PNG_B64 }] });
    // steered while the command runs, or (on a slow machine) after the task ended: a new task; either way it goes in
    await ok(h, 'sessions.steer', { sessionId: s.id, prompt: '', images: [{ name: 'b.png', data: PNG_B64 }] });
    await expect
      .poll(() => server.requests.some((r) => userParts(r.body).filter((t) => t === 'image_url').length === 2), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect
      .poll(async () => (await ok(h, 'sessions.get', { sessionId: s.id })).status, { timeout: 20_000 })
      .not.toBe('running');
    expect(userParts(server.requests[0]!.body)).toEqual(['text', 'image_url']);
    const last = server.requests.find((r) => userParts(r.body).filter((t) => t === 'image_url').length === 2)!.body;
    expect(userParts(last)).toEqual(['text', 'image_url', 'image_url']);
    expect(JSON.stringify(last.messages)).toContain(`data:image/png;base64,${PNG_B64}`);
  });
});
