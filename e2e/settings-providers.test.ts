// E2E (issue 12, item 10) in real Chromium: Settings edits a provider (key variable, a model discovered from the
// server's models endpoint, a context window, its base URL) and the change is in config.yaml; "Test" names the real
// failure: a refused port, a host name that does not resolve, a bad key (HTTP 401 from the scripted server), a
// server that accepts and never answers (timeout). Screenshots of Settings at 1440 px and 800 px.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shot, startEnv, stopAfterAll, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  // the connectivity check's prompt: the scripted server refuses the key
  env = await startEnv({ 'Reply with OK.': () => ({ error: { status: 401 } }) });
}, 60_000);
stopAfterAll(() => env, 'settings');

async function refusedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** A server on 127.0.0.1 that accepts connections and never answers. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => undefined);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    port: (srv.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        for (const x of sockets) x.destroy();
        srv.close(() => r());
      }),
  };
}

describe('settings: providers', () => {
  it('edits a provider: key variable, a discovered model, a context window — written to config.yaml', async () => {
    const { page } = env;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Edit provider mock' }).click();
    const form = page.getByRole('form', { name: 'Edit provider mock' });
    await form.getByLabel('…or key environment variable').fill('MOCK_API_KEY');
    await form.getByLabel('Context window of m1').fill('64000');
    await form.getByRole('button', { name: 'Discover models of mock' }).click();
    await form.getByRole('region', { name: 'Models offered by mock' }).getByText('scripted-model').waitFor();
    await form.getByRole('button', { name: 'Add scripted-model' }).click();
    await form.getByLabel('Vision for scripted-model').check();
    await shot(page, 'settings-provider-edit-1440');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('scripted-model · 128,000 tokens · vision').waitFor();
    await page.getByText('key: env:MOCK_API_KEY').waitFor();
    const yaml = readFileSync(join(env.home.home, 'config.yaml'), 'utf8');
    expect(yaml).toContain('api_key_env: MOCK_API_KEY');
    expect(yaml).not.toContain('test-key');
    expect(yaml).toMatch(/- id: m1\n\s+vision: true\n\s+context_window: 64000/);
    expect(yaml).toMatch(/- id: scripted-model\n\s+vision: true\n\s+context_window: 128000/);
  });

  it('"Test" against a refused port says "connection refused"', async () => {
    const { page } = env;
    const port = await refusedPort();
    await page.getByLabel('Name', { exact: true }).fill('downbox');
    await page.getByLabel('Base URL', { exact: true }).fill(`http://127.0.0.1:${port}/v1`);
    await page.getByLabel('Model id').fill('tiny');
    await page.getByRole('button', { name: 'Add provider' }).click();
    await page.getByRole('button', { name: 'Test connection of downbox' }).click();
    const status = page.getByRole('status').filter({ hasText: 'downbox/tiny' });
    await status.waitFor();
    expect(await status.textContent()).toContain(`connection refused: nothing is listening at 127.0.0.1:${port}`);
    await shot(page, 'settings-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await shot(page, 'settings-800');
  });

  it(
    '"Test" names a bad key (401), a host that does not resolve and a timeout; the base URL is edited',
    { timeout: 90_000 },
    async () => {
      const { page } = env;
      await page.setViewportSize({ width: 1440, height: 900 });
      const result = (provider: string) => page.getByRole('status').filter({ hasText: `${provider}/` });
      const test = async (provider: string, expected: string, timeout = 15_000) => {
        await page.getByRole('button', { name: `Test connection of ${provider}` }).click();
        await expect.poll(() => result(provider).textContent(), { timeout }).toContain(expected);
      };

      // a bad key: the scripted server answers 401
      await page.getByLabel('Name', { exact: true }).fill('keyed');
      await page.getByLabel('Base URL', { exact: true }).fill(env.model.openaiBaseUrl);
      await page.getByLabel('API key (stored in config.yaml, 0600)').fill('wrong-key');
      await page.getByLabel('Model id').fill('m1');
      await page.getByRole('button', { name: 'Add provider' }).click();
      await test('keyed', 'keyed/m1: bad API key (HTTP 401): the server refused the key');

      // the base URL edited to a host name that does not resolve (.invalid never does): a DNS failure
      const edit = async (provider: string, url: string) => {
        await page.getByRole('button', { name: `Edit provider ${provider}` }).click();
        const form = page.getByRole('form', { name: `Edit provider ${provider}` });
        await form.getByLabel('Base URL', { exact: true }).fill(url);
        await form.getByRole('button', { name: 'Save', exact: true }).click();
        await form.waitFor({ state: 'detached' });
        expect(readFileSync(join(env.home.home, 'config.yaml'), 'utf8')).toContain(`base_url: ${url}`);
      };
      await edit('downbox', 'http://floe-e2e-nohost.invalid/v1');
      await test('downbox', 'DNS lookup failed: the host name floe-e2e-nohost.invalid does not resolve');
      await shot(page, 'settings-provider-test-failures-1440');

      // a server that accepts and never answers: a timeout, not "refused"
      const silent = await silentServer();
      try {
        await edit('downbox', `http://127.0.0.1:${silent.port}/v1`);
        await test(
          'downbox',
          `timeout: 127.0.0.1:${silent.port} accepted the request but did not answer in time`,
          60_000,
        );
      } finally {
        await silent.close();
      }
    },
  );
});
