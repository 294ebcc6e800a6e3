// Security suite — hardening of issue 14: read_image refuses a hard link (it may name a file outside the
// workspace); browser mode answers only to its own Host (DNS rebinding), and a real Chromium that opens the printed
// URL ends on the page without the token in its address; a fresh FLOE_HOME is 0700 and floe.db 0600.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadImage } from '../../main/environment/images/load.js';
import { createHost } from '../../main/host/index.js';
import { startWebServer } from '../../main/web/index.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { WsClient } from '../unit/host/ws-client.js';
import { cleanupAll, onCleanup } from '../faults/support.js';

afterEach(cleanupAll);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function get(port: number, p: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: p, headers: { host } },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      )
      .on('error', reject);
  });
}

async function webHost() {
  const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
  onCleanup(() => env.cleanup());
  const host = createHost({ home: env.home, mode: 'web' });
  onCleanup(() => host.dispose());
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sec-static-'));
  onCleanup(() => fs.rmSync(staticDir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Floe</title><p>page</p>');
  const web = await startWebServer({ hostService: host, staticDir });
  onCleanup(() => web.close());
  return web;
}

describe('hardening', () => {
  it('read_image refuses a hard-linked file (it may be a file outside the workspace); a plain copy loads', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sec-hl-'));
    onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(root, 'secret.png'), PNG);
    fs.linkSync(path.join(root, 'secret.png'), path.join(ws, 'hard.png'));
    const r = await loadImage('hard.png', { workspace: ws });
    expect(r).toEqual({
      ok: false,
      error:
        'Cannot load image "hard.png": the file has 2 hard links, so it may be the same file as one outside the workspace; ' +
        'multiply-linked files are not read. Copy the image into the workspace (cp, not ln) and try again.',
    });
    fs.copyFileSync(path.join(root, 'secret.png'), path.join(ws, 'copy.png'));
    expect((await loadImage('copy.png', { workspace: ws })).ok).toBe(true);
  });

  it('browser mode answers only to its own Host: a rebound name is refused over HTTP and WebSocket', async () => {
    const web = await webHost();
    const q = `/?token=${encodeURIComponent(web.token)}`;
    for (const host of [
      `evil.example:${web.port}`,
      `127.0.0.1.evil.example:${web.port}`,
      `127.0.0.1:${web.port + 1}`,
      'localhost',
      `[::1]:${web.port}`,
    ]) {
      expect([host, await get(web.port, q, host)]).toEqual([host, 421]);
    }
    expect(await get(web.port, q, `127.0.0.1:${web.port}`)).toBe(200);
    expect(await get(web.port, q, `localhost:${web.port}`)).toBe(200);
    // the WebSocket upgrade checks it too (the ws client sends Host 127.0.0.1:<port>; a forged one is refused)
    const refused = await new Promise<string>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: web.port,
        path: `/ws${q.slice(1)}`,
        headers: {
          host: `evil.example:${web.port}`,
          connection: 'Upgrade',
          upgrade: 'websocket',
          origin: `http://127.0.0.1:${web.port}`,
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      req.on('response', (res) => resolve(String(res.statusCode)));
      req.on('upgrade', () => resolve('upgraded'));
      req.end();
    });
    expect(refused).toBe('421');
    const c = await WsClient.connect(web.port, web.token);
    onCleanup(() => c.close());
    expect(await c.ok('app.info')).toMatchObject({ mode: 'web' });
  });

  it('Chromium opening the printed URL: the cookie is set and the token leaves the address bar', async () => {
    const web = await webHost();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    onCleanup(() => browser.close());
    const page = await browser.newPage();
    const res = await page.goto(web.url);
    expect(res?.status()).toBe(200);
    expect(page.url()).toBe(`http://127.0.0.1:${web.port}/`);
    expect(await page.textContent('p')).toBe('page');
    const cookies = await page.context().cookies();
    expect(cookies.map((k) => [k.name, k.httpOnly, k.sameSite])).toEqual([['floe_token', true, 'Strict']]);
    await page.reload(); // the cookie alone keeps the page open
    expect(await page.textContent('p')).toBe('page');
  }, 60_000);

  it('a fresh FLOE_HOME is created 0700 and floe.db 0600', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sec-home-'));
    onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
    const home = path.join(root, 'fresh');
    const r = await runCli(['traces', 'list'], { home });
    expect(r.code).toBe(0);
    expect((fs.statSync(home).mode & 0o777).toString(8)).toBe('700');
    expect((fs.statSync(path.join(home, 'floe.db')).mode & 0o777).toString(8)).toBe('600');
  });
});
