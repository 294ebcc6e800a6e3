// E2E (issue 12, item 10) in real Chromium: Settings edits a provider (key variable, a model discovered from the
// server's models endpoint, a context window) and the change is in config.yaml; "Test" against a refused port
// says "connection refused". Screenshots of Settings at 1440 px and 800 px.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shot, startEnv, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  env = await startEnv({});
}, 60_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && env)
    await shot(env.page, `FAILED-settings-${ctx.task.name.slice(0, 30).replace(/[^a-z0-9]+/gi, '-')}`).catch(
      () => undefined,
    );
});
afterAll(async () => {
  await env?.stop();
});

async function refusedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
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
});
