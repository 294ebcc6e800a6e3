// Zero configuration: with only OPENAI_API_KEY set (OPENAI_BASE_URL pointing at the scripted model server) a first
// `floe run "hi"` works with no config.yaml written by hand — the provider and its models come from the models
// endpoint, the key stays in the environment (api_key_env) — and one line names the default chosen. Also Ollama
// found through OLLAMA_HOST, and a key whose models endpoint fails is named with the reason, not added.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { runCli } from '../helpers/cli.js';

const KEYS = {
  OPENAI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
  DEEPSEEK_API_KEY: '',
  OPENROUTER_API_KEY: '',
  OPENAI_BASE_URL: '',
  ANTHROPIC_BASE_URL: '',
};
/** host:port on loopback where nothing listens (a port just released), so no real Ollama is picked up. */
let CLOSED = '';
beforeAll(async () => {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  CLOSED = `127.0.0.1:${(srv.address() as net.AddressInfo).port}`;
  await new Promise((r) => srv.close(r));
});

let server: ModelServer | undefined;
let root: string | undefined;
afterEach(async () => {
  await server?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
  server = undefined;
  root = undefined;
});

function freshHome(): { home: string; workspace: string } {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-first-'));
  const home = path.join(root, 'home');
  const workspace = path.join(root, 'ws');
  fs.mkdirSync(workspace);
  return { home, workspace };
}

describe('first run with no config.yaml', () => {
  it('only OPENAI_API_KEY set: floe run "hi" works, the key stays in the environment, one line names the default', async () => {
    server = await startModelServer([{ reply: { text: 'Hello from the scripted model.' } }]);
    const { home, workspace } = freshHome();
    const env = {
      ...KEYS,
      OPENAI_API_KEY: 'sk-first-run-secret',
      OPENAI_BASE_URL: server.openaiBaseUrl,
      OLLAMA_HOST: CLOSED,
    };
    const r = await runCli(['run', '--workspace', workspace, 'hi'], { home, env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Hello from the scripted model.');
    expect(r.stderr.split('\n')[0]).toBe(
      `floe: no provider was configured; added "openai" (found OPENAI_API_KEY; 1 model from its models endpoint) to ${home}/config.yaml` +
        ' — keys stay in the environment. Default model: openai/scripted-model (change it there or pass --model).',
    );
    expect(server.modelListRequests).toEqual([expect.objectContaining({ path: '/v1/models' })]);
    expect(server.modelListRequests[0]!.headers.authorization).toBe('Bearer sk-first-run-secret');
    expect(server.requests[0]!.body.model).toBe('scripted-model');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-first-run-secret');
    const yaml = fs.readFileSync(path.join(home, 'config.yaml'), 'utf8');
    expect(yaml).not.toContain('sk-first-run-secret');
    expect(yaml).toContain('api_key_env: OPENAI_API_KEY');
    expect(yaml).toContain(`base_url: ${server.openaiBaseUrl}`);
    expect(yaml).toContain('default_model: openai/scripted-model');

    // the second run uses the saved provider: no discovery, no line
    server.push({ reply: { text: 'Again.' } });
    const again = await runCli(['run', '--workspace', workspace, 'hi again'], { home, env });
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('floe: no provider');
    expect(server.modelListRequests).toHaveLength(1);
  });

  it('OPENAI_BASE_URL changed after the first run: one line names both URLs and how to update', async () => {
    server = await startModelServer([{ reply: { text: 'first' } }, { reply: { text: 'second' } }]);
    const { home, workspace } = freshHome();
    const env = { ...KEYS, OPENAI_API_KEY: 'sk-drift', OPENAI_BASE_URL: server.openaiBaseUrl, OLLAMA_HOST: CLOSED };
    expect((await runCli(['run', '--workspace', workspace, 'hi'], { home, env })).code).toBe(0);
    const moved = `http://${CLOSED}/v1`;
    const r = await runCli(['run', '--json', '--workspace', workspace, 'hi'], {
      home,
      env: { ...env, OPENAI_BASE_URL: moved },
    });
    // config.yaml's URL is still used (the run works); stderr says the variable now differs
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([
      `floe: OPENAI_BASE_URL is ${moved} but provider "openai" in ${home}/config.yaml has base_url ` +
        `${server.openaiBaseUrl}; Floe uses config.yaml — set base_url there to ${moved} to follow the variable, ` +
        'or unset OPENAI_BASE_URL.',
    ]);
  });

  it('an Ollama server (OLLAMA_HOST) is found without any key; a key whose endpoint fails is named, not added', async () => {
    server = await startModelServer([{ reply: { text: 'Local hello.' } }]);
    const { home, workspace } = freshHome();
    // an OpenAI key whose endpoint refuses the connection (loopback, nothing listening): named, not added
    const env = {
      ...KEYS,
      OPENAI_API_KEY: 'sk-x',
      OPENAI_BASE_URL: `http://${CLOSED}/v1`,
      OLLAMA_HOST: server.url.replace('http://', ''),
    };
    const r = await runCli(['run', '--workspace', workspace, 'hi'], { home, env, timeoutMs: 60_000 });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Local hello.');
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      `floe: found OPENAI_API_KEY, but could not list its models (http://${CLOSED}/v1/models: ECONNREFUSED); provider "openai" not added.`,
    );
    expect(lines[1]).toContain(`added "ollama" (found Ollama at ${server.url}; 1 model from its models endpoint)`);
    expect(lines[1]).toContain('Default model: ollama/scripted-model');
    expect(server.modelListRequests[0]!.headers.authorization).toBeUndefined();
  });

  it('nothing found: the usual message, and config.yaml gets no provider', async () => {
    const { home, workspace } = freshHome();
    const r = await runCli(['run', '--workspace', workspace, 'hi'], { home, env: { ...KEYS, OLLAMA_HOST: CLOSED } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^floe: no model chosen: /);
    expect(fs.readFileSync(path.join(home, 'config.yaml'), 'utf8')).toContain('providers: []');
  });
});
