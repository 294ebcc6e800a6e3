// The host's first-run and dead-end methods in process (the handler table both transports use): detecting
// providers from the environment (only OPENAI_API_KEY set, its base URL at the scripted server), adopting them with
// api_key_env so a session can start with no config.yaml edits, and relocating a project whose folder moved.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { ok } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

let closedPort = '';
beforeAll(async () => {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  closedPort = `127.0.0.1:${(srv.address() as net.AddressInfo).port}`;
  await new Promise((r) => srv.close(r));
});

function freshHost(): { h: HostService; home: string; root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-hostfirst-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, 'home');
  const h = createHost({ home, mode: 'web', retrySchedule: [10] });
  cleanups.push(() => h.dispose());
  return { h, home, root };
}

function onlyOpenAi(server: ModelServer): void {
  for (const k of ['ANTHROPIC_API_KEY', 'DEEPSEEK_API_KEY', 'OPENROUTER_API_KEY', 'ANTHROPIC_BASE_URL'])
    vi.stubEnv(k, '');
  vi.stubEnv('OPENAI_API_KEY', 'sk-host-secret');
  vi.stubEnv('OPENAI_BASE_URL', server.openaiBaseUrl);
  vi.stubEnv('OLLAMA_HOST', closedPort);
}

describe('first run in the app', () => {
  it('detects the provider of OPENAI_API_KEY with its models, adopts it by variable, and a session starts', async () => {
    const server = await startModelServer([{ reply: { text: 'hi there' } }]);
    cleanups.push(() => server.close());
    onlyOpenAi(server);
    const { h, root } = freshHost();
    expect((await ok(h, 'settings.get')).providers).toEqual([]);

    const detected = await ok(h, 'settings.detectProviders');
    expect(detected.providers).toEqual([
      {
        name: 'openai',
        protocol: 'openai',
        baseUrl: server.openaiBaseUrl,
        apiKeyEnv: 'OPENAI_API_KEY',
        source: 'OPENAI_API_KEY',
        models: [{ id: 'scripted-model', vision: false, contextWindow: 128000 }],
        defaultModel: 'openai/scripted-model',
        configured: false,
      },
    ]);
    expect(JSON.stringify(detected)).not.toContain('sk-host-secret');

    const settings = await ok(h, 'settings.adoptDetected', {});
    expect(settings.providers.map((p: any) => [p.name, p.apiKey])).toEqual([['openai', 'env:OPENAI_API_KEY']]);
    expect(settings.defaultModel).toBe('openai/scripted-model');
    expect((await ok(h, 'settings.detectProviders')).providers[0].configured).toBe(true);

    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    const project = await ok(h, 'projects.add', { path: ws });
    const session = await ok(h, 'sessions.create', { projectId: project.id });
    expect(session.model).toBe('openai/scripted-model');
  });
});

describe('a project whose folder moved', () => {
  it('is located again (sessions stay with it); a folder of another project or a missing one is refused', async () => {
    const { h, root } = freshHost();
    const a = path.join(root, 'a');
    const b = path.join(root, 'b');
    const other = path.join(root, 'other');
    fs.mkdirSync(a);
    fs.mkdirSync(other);
    const p = await ok(h, 'projects.add', { path: a });
    await ok(h, 'projects.add', { path: other });
    fs.renameSync(a, b);
    expect((await ok(h, 'projects.list')).find((x: any) => x.id === p.id).missing).toBe(true);

    const moved = await ok(h, 'projects.relocate', { projectId: p.id, path: b });
    expect(moved).toMatchObject({ id: p.id, path: b, missing: false, name: 'a' });

    const clash = await h.call('projects.relocate', { projectId: p.id, path: other });
    expect(clash).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: `The folder ${other} is already the project "other"; open that one, or forget it first.`,
      },
    });
    const gone = await h.call('projects.relocate', { projectId: p.id, path: path.join(root, 'nowhere') });
    expect(gone).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
