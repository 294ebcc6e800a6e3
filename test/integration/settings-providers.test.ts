// Settings through the host service with real sockets: "Test" names the real failure (a refused port, a 401 from
// the scripted model server); models discovered from the server's models endpoint; a provider edited in config.yaml.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { tempHome, type TempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: ScriptStep[] = []): Promise<{ server: ModelServer; env: TempHome; h: HostService }> {
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test agent\n' });
  cleanups.push(() => env.cleanup());
  const h = createHost({ home: env.home, mode: 'desktop' });
  cleanups.push(() => h.dispose());
  return { server, env, h };
}

/** A port on 127.0.0.1 with nothing listening (bound, then closed). */
async function refusedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('settings: provider test', () => {
  it('a refused port is reported as "connection refused", not as a timeout', async () => {
    const { h } = await setup();
    const port = await refusedPort();
    await ok(h, 'settings.addProvider', {
      name: 'down',
      protocol: 'openai',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      models: [{ id: 'x' }],
    });
    const r = await ok(h, 'settings.testProvider', { name: 'down' });
    expect(r).toMatchObject({ ok: false, kind: 'refused' });
    expect(r.message).toMatch(
      new RegExp(`^down/x: connection refused: nothing is listening at 127\\.0\\.0\\.1:${port}`),
    );
  });

  it('a 401 from the server is reported as a bad key; a 404 as a wrong base URL', async () => {
    const { h, server } = await setup([{ error: { status: 401 } }, { error: { status: 404 } }]);
    const r = await ok(h, 'settings.testProvider', { name: 'mock' });
    expect(r).toMatchObject({ ok: false, kind: 'auth' });
    expect(r.message).toContain('mock/m1: bad API key (HTTP 401)');
    expect(r.message).toContain('Incorrect API key provided (scripted).');
    expect(server.requests).toHaveLength(1);
    const nf = await ok(h, 'settings.testProvider', { name: 'mock' });
    expect(nf).toMatchObject({ ok: false, kind: 'not-found' });
    expect(nf.message).toContain('not found (HTTP 404)');
  });
});

describe('settings: discover and edit', () => {
  it('discovers the models of a configured provider with its key, and names a refused port', async () => {
    const { h, server } = await setup();
    const r = await ok(h, 'settings.discoverModels', { name: 'mock' });
    expect(r).toEqual({ models: [{ id: 'scripted-model', vision: false, contextWindow: 128000 }] });
    expect(server.modelListRequests.at(-1)).toMatchObject({
      path: '/v1/models',
      headers: { authorization: 'Bearer test-key' },
    });
    const port = await refusedPort();
    const bad = await ok(h, 'settings.discoverModels', { name: 'mock', baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(bad.models).toEqual([]);
    expect(bad.error).toMatch(/^connection refused: nothing is listening at 127\.0\.0\.1:\d+/);
    const fresh = await ok(h, 'settings.discoverModels', {
      name: 'new',
      protocol: 'openai',
      baseUrl: server.openaiBaseUrl,
      apiKey: 'k-typed',
    });
    expect(fresh.models.map((m: any) => m.id)).toEqual(['scripted-model']);
    expect(server.modelListRequests.at(-1)!.headers.authorization).toBe('Bearer k-typed');
    expect(await h.call('settings.discoverModels', { name: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('edits a provider in config.yaml (comments kept), refusing an edit that would break the file', async () => {
    const { h, env } = await setup();
    const file = path.join(env.home, 'config.yaml');
    fs.writeFileSync(file, `# my providers\n${fs.readFileSync(file, 'utf8')}`, { mode: 0o600 });
    const s = await ok(h, 'settings.updateProvider', {
      name: 'mock',
      apiKeyEnv: 'MOCK_KEY',
      models: [
        { id: 'm1', vision: true, contextWindow: 32000 },
        { id: 'scripted-model', contextWindow: 8000 },
      ],
    });
    expect(s.providers[0]).toMatchObject({
      apiKey: 'env:MOCK_KEY',
      models: [
        { id: 'm1', vision: true, contextWindow: 32000 },
        { id: 'scripted-model', vision: false, contextWindow: 8000 },
      ],
    });
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('# my providers');
    expect(text).toContain('api_key_env: MOCK_KEY');
    expect(text).not.toContain('test-key');
    expect(text).toContain('- id: scripted-model');
    const refused = await h.call('settings.updateProvider', { name: 'mock', models: [{ id: 'other' }] });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('default_model') },
    });
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});
