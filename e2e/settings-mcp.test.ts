// E2E (issue 12, item 10) in real Chromium: Settings' MCP panel shows a connected stdio server (server-everything)
// with its tool count and a failing one with its message; adding a server (server-memory over stdio) lists it
// connected and writes system_config.yaml; Disable writes enabled: false and Enable takes it out again; Reconnect
// probes a server again (one that came up since shows connected); a server added by URL is written and listed
// failed with why. Screenshots at 1440 px and 800 px.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shot, startEnv, stopAfterAll, type Env } from './harness.js';

const require = createRequire(import.meta.url);
const bin = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
const EVERY_BIN = bin('@modelcontextprotocol/server-everything');
const MEMORY_BIN = bin('@modelcontextprotocol/server-memory');

/** A stdio server that fails until its marker file exists, then serves server-memory. */
const FLAKY = [
  "const fs = require('fs');",
  "if (!fs.existsSync(process.argv[1])) { console.error('flaky is not up yet'); process.exit(2); }",
  "import(require('url').pathToFileURL(process.argv[2]).href);",
].join(' ');

let env: Env;
let file: string;
let marker: string;

beforeAll(async () => {
  env = await startEnv({});
  file = join(env.home.home, 'agents/default/system_config.yaml');
  marker = join(env.home.home, 'flaky-is-up');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    [
      '# e2e agent',
      'tools:',
      '  mcpServers:',
      '    - name: everything',
      '      config:',
      `        command: ${JSON.stringify(process.execPath)}`,
      `        args: [${JSON.stringify(EVERY_BIN)}, stdio]`,
      '    - name: broken',
      '      config:',
      `        command: ${JSON.stringify(process.execPath)}`,
      `        args: ["-e", "console.error('missing token for broken'); process.exit(2)"]`,
      '    - name: flaky',
      '      config:',
      `        command: ${JSON.stringify(process.execPath)}`,
      `        args: [${['-e', FLAKY, marker, MEMORY_BIN].map((a) => JSON.stringify(a)).join(', ')}]`,
      '',
    ].join('\n'),
  );
}, 60_000);
stopAfterAll(() => env, 'settings-mcp');

describe('settings: MCP servers', () => {
  it('shows a connected server with its tool count and a failing one with its message', async () => {
    const { page } = env;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const every = page.getByRole('listitem', { name: 'MCP server everything' });
    await expect
      .poll(() => every.getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/^connected · \d+ tools$/);
    const count = Number(/(\d+) tools/.exec((await every.getByRole('status').textContent())!)![1]);
    expect(count).toBeGreaterThan(3);
    const broken = page.getByRole('listitem', { name: 'MCP server broken' });
    expect(await broken.getByRole('status').textContent()).toBe('failed');
    await broken.getByText(/MCP server "broken" failed to connect: [\s\S]*missing token for broken/).waitFor();
    // the command line sits on its own line under the name, status and buttons (not a narrow column beside them)
    for (const item of [every, broken]) {
      const name = (await item.locator('strong').first().boundingBox())!;
      const target = (await item.locator('code').first().boundingBox())!;
      const reconnect = (await item.getByRole('button', { name: /^Reconnect/ }).boundingBox())!;
      expect(target.y).toBeGreaterThanOrEqual(Math.max(name.y + name.height, reconnect.y + reconnect.height) - 1);
    }
    const top = () =>
      page.getByRole('heading', { name: 'MCP servers' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await top();
    await shot(page, 'settings-mcp-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await top();
    await shot(page, 'settings-mcp-800');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('adds a stdio server and lists it connected; Disable writes enabled: false', async () => {
    const { page } = env;
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    await form.getByLabel('Server name').fill('memory');
    await form.getByLabel('Command').fill(process.execPath);
    await form.getByLabel(/^Arguments/).fill(JSON.stringify(MEMORY_BIN));
    await form.getByRole('button', { name: 'Add MCP server' }).click();
    const memory = page.getByRole('listitem', { name: 'MCP server memory' });
    await expect
      .poll(() => memory.getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/^connected · \d+ tools$/);
    let yaml = readFileSync(file, 'utf8');
    expect(yaml).toContain('# e2e agent');
    expect(yaml).toContain('- name: memory');
    expect(yaml).toContain(MEMORY_BIN);
    await page.getByRole('button', { name: 'Disable broken' }).click();
    await expect
      .poll(() => page.getByRole('listitem', { name: 'MCP server broken' }).getByRole('status').textContent())
      .toBe('disabled');
    yaml = readFileSync(file, 'utf8');
    expect(yaml).toMatch(/- name: broken\n\s+config:[\s\S]*?enabled: false/);
    await page.getByRole('button', { name: 'Enable broken' }).waitFor();
  });

  it('Enable takes enabled: false out again; Reconnect probes again and shows a server that came up', async () => {
    const { page } = env;
    await page.getByRole('button', { name: 'Enable broken' }).click();
    const broken = page.getByRole('listitem', { name: 'MCP server broken' });
    await expect.poll(() => broken.getByRole('status').textContent(), { timeout: 30_000 }).toBe('failed');
    expect(readFileSync(file, 'utf8')).not.toMatch(/- name: broken\n\s+config:[\s\S]*?enabled: false/);
    await page.getByRole('button', { name: 'Disable broken' }).waitFor();

    const flaky = page.getByRole('listitem', { name: 'MCP server flaky' });
    await expect.poll(() => flaky.getByRole('status').textContent(), { timeout: 30_000 }).toBe('failed');
    const why = flaky.locator('p.error', { hasText: 'flaky is not up yet' });
    await why.waitFor();
    writeFileSync(marker, 'up\n');
    await page.getByRole('button', { name: 'Reconnect flaky' }).click();
    await expect
      .poll(() => flaky.getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/^connected · \d+ tools$/);
    expect(await why.count()).toBe(0);
  });

  it('adds a server by URL (Streamable HTTP): written to system_config.yaml, listed failed with why', async () => {
    const { page } = env;
    // a port with nothing listening: the server is added all the same and says it cannot connect
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as net.AddressInfo;
    await new Promise<void>((r) => srv.close(() => r()));
    const url = `http://127.0.0.1:${port}/mcp`;
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    await form.getByLabel('Server name').fill('remote');
    await form.getByLabel('Transport').selectOption('http');
    await form.getByLabel('Server URL').fill(url);
    await form.getByRole('button', { name: 'Add MCP server' }).click();
    const remote = page.getByRole('listitem', { name: 'MCP server remote' });
    await expect.poll(() => remote.getByRole('status').textContent(), { timeout: 30_000 }).toBe('failed');
    await remote.locator('p.error', { hasText: /MCP server "remote" failed to connect/ }).waitFor();
    await remote.getByText(url, { exact: true }).waitFor();
    const yaml = readFileSync(file, 'utf8');
    expect(yaml).toMatch(new RegExp(`- name: remote\\n\\s+config:[\\s\\S]*?url: ${url.replace(/[.]/g, '\\.')}`));
  });
});
