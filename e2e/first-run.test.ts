// End-to-end (real `floe web`, real headless Chromium) of the first run and its dead ends: the first-run panel
// lists a provider found by OPENAI_API_KEY (base URL at the scripted model server) and adds it; with no provider at
// all, New session says why and its Settings button leads there; a project whose folder is gone says so with
// Locate… (which points it at the folder's new place) and Forget.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../test/fixtures/model-server.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/helpers/chromium.js';
import { FLOE_BIN } from '../test/helpers/cli.js';

const NO_KEYS = {
  OPENAI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
  DEEPSEEK_API_KEY: '',
  OPENROUTER_API_KEY: '',
  OPENAI_BASE_URL: '',
  ANTHROPIC_BASE_URL: '',
};
let closed = '';
let stops: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  closed = `127.0.0.1:${(srv.address() as net.AddressInfo).port}`; // nothing listens here: no real Ollama
  await new Promise((r) => srv.close(r));
});

afterEach(async () => {
  for (const s of stops.reverse()) await s();
  stops = [];
});

/** `floe web` on a fresh FLOE_HOME (no config.yaml) with `env`, and a Chromium page on it. */
async function openApp(env: Record<string, string>): Promise<{ page: Page; root: string; home: string }> {
  const root = mkdtempSync(join(tmpdir(), 'floe-e2e-first-'));
  const home = join(root, 'home');
  stops.push(() => rmSync(root, { recursive: true, force: true }));
  const child: ChildProcess = spawn(process.execPath, [FLOE_BIN, 'web', '--port', '0'], {
    env: { ...process.env, ...NO_KEYS, OLLAMA_HOST: closed, FLOE_HOME: home, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watchdog = setTimeout(() => child.kill('SIGKILL'), 120_000);
  stops.push(() => {
    clearTimeout(watchdog);
    child.kill('SIGKILL');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`floe web exited with ${code}: ${out}`)));
  });
  const profile = mkdtempSync(join(tmpdir(), 'floe-chromium-'));
  const ctx: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [...CHROMIUM_ARGS],
  });
  stops.push(async () => {
    await ctx.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  return { page, root, home };
}

async function openFolder(page: Page, dir: string): Promise<void> {
  await page.getByLabel('Open folder (absolute path)').fill(dir);
  await page.getByRole('button', { name: 'Open this folder' }).click();
  await page.getByRole('button', { name: 'New session' }).waitFor();
}

describe('first run in the app (Chromium, browser mode)', () => {
  it('the first-run panel lists the provider found by OPENAI_API_KEY and adds it by variable', async () => {
    const model: ModelServer = await startModelServer([]);
    stops.push(() => model.close());
    const { page, home } = await openApp({ OPENAI_API_KEY: 'sk-e2e-secret', OPENAI_BASE_URL: model.openaiBaseUrl });
    const panel = page.getByRole('region', { name: 'Set up a model provider' });
    const list = panel.getByRole('list', { name: 'Detected providers' });
    await expect
      .poll(() => list.textContent())
      .toBe('openai — found OPENAI_API_KEY; 1 model, default openai/scripted-model');
    await panel.getByRole('button', { name: 'Use openai' }).click();
    await panel.waitFor({ state: 'detached' });
    const yaml = readFileSync(join(home, 'config.yaml'), 'utf8');
    expect(yaml).toContain('api_key_env: OPENAI_API_KEY');
    expect(yaml).not.toContain('sk-e2e-secret');
    expect(yaml).toContain('default_model: openai/scripted-model');
  });

  it('New session without a provider says why, and its button opens Settings', async () => {
    const { page, root } = await openApp({});
    const panel = page.getByRole('region', { name: 'Set up a model provider' });
    await panel.getByText('No provider found.', { exact: false }).waitFor();
    const ws = join(root, 'ws');
    mkdirSync(ws);
    await openFolder(page, ws);
    await page.getByRole('button', { name: 'New session' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'No model provider is configured yet' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Open Settings' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Settings', exact: true }).getAttribute('aria-current'))
      .toBe('page');
  });

  it('a missing project folder shows Locate… and Forget; Locate… points the project at the new place', async () => {
    const model: ModelServer = await startModelServer([]);
    stops.push(() => model.close());
    const { page, root } = await openApp({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: model.openaiBaseUrl });
    await page.getByRole('button', { name: 'Use openai' }).click();
    const ws = join(root, 'old-place');
    mkdirSync(ws);
    await openFolder(page, ws);
    renameSync(ws, join(root, 'new-place'));
    await page.reload();
    // a reload reopens the screen it was on (URL hash): go to the project list
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByRole('button', { name: 'Open project old-place' }).click();
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: `The folder ${ws} of project "old-place" no longer exists` });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Forget project old-place' }).waitFor();
    await alert.getByRole('button', { name: 'Locate the folder of old-place…' }).click();
    await alert.getByLabel('New location of old-place (absolute path)').fill(join(root, 'nowhere'));
    await alert.getByRole('button', { name: 'Use this folder' }).click();
    await alert.getByText(`The folder ${join(root, 'nowhere')} does not exist`).waitFor();
    await alert.getByLabel('New location of old-place (absolute path)').fill(join(root, 'new-place'));
    await alert.getByRole('button', { name: 'Use this folder' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByLabel('Prompt').waitFor();
  });

  it('Forget on a missing project removes it and returns to the project list', async () => {
    const { page, root } = await openApp({});
    const ws = join(root, 'gone');
    mkdirSync(ws);
    await openFolder(page, ws);
    rmSync(ws, { recursive: true });
    await page.reload();
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByRole('button', { name: 'Locate the folder of gone…' }).waitFor(); // also offered in the list
    await page.getByRole('button', { name: 'Open project gone' }).click();
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'no longer exists' });
    await alert.getByRole('button', { name: 'Forget project gone' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Open project gone' }).count()).toBe(0);
  });
});
