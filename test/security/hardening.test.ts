// Security suite — hardening of issue 14: read_image refuses a hard link (it may name a file outside the
// workspace); browser mode answers only to its own Host (DNS rebinding), and a real Chromium that opens the printed
// URL ends on the page without the token in its address, and another local server that receives the browser's cookie
// cannot open the API socket with it (issue 26); a fresh FLOE_HOME is 0700 and floe.db 0600.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { loadImage } from '../../main/environment/images/load.js';
import { createHost } from '../../main/host/index.js';
import { startWebServer } from '../../main/web/index.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/chromium.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { WsClient } from '../unit/host/ws-client.js';
import { cleanupAll, onCleanup } from '../faults/support.js';

afterEach(cleanupAll);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function get(port: number, p: string, host: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: p, headers: { host, ...(cookie ? { cookie } : {}) } },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      )
      .on('error', reject);
  });
}

/** A page of a fresh headless Chromium, closed after the test. */
async function newPage() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
  onCleanup(() => browser.close());
  return browser.newPage();
}

const RENDERER = path.resolve(import.meta.dirname, '../../out/renderer');

async function webHost(staticDir?: string) {
  const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
  onCleanup(() => env.cleanup());
  const host = createHost({ home: env.home, mode: 'web' });
  onCleanup(() => host.dispose());
  if (!staticDir) {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sec-static-'));
    onCleanup(() => fs.rmSync(staticDir!, { recursive: true, force: true }));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Floe</title><p>page</p>');
  }
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

  it('Chromium opening the printed URL: the app takes the token out of the address bar and keeps working', async () => {
    const web = await webHost(RENDERER);
    const page = await newPage();
    const res = await page.goto(web.url);
    expect(res?.status()).toBe(200);
    await page.waitForURL((u) => !u.search.includes('token'));
    expect(new URL(page.url()).search).toBe('');
    const cookies = await page.context().cookies();
    expect(cookies.map((k) => [k.name, k.httpOnly, k.sameSite])).toEqual([[`floe_token_${web.port}`, true, 'Strict']]);
    await page.getByRole('button', { name: 'Projects' }).first().waitFor();
    await page.reload(); // the cookie serves the files, the page's own storage opens the socket
    await page.getByRole('button', { name: 'Projects' }).first().waitFor();
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/Disconnected|needs the launch token/i);
  }, 60_000);

  it("another local server that receives Floe's cookie cannot drive Floe's API with it", async () => {
    const web = await webHost(RENDERER);
    // a second server on 127.0.0.1 (another port): it records the cookies a browser sends it
    const seen: string[] = [];
    const other = http.createServer((req, res) => {
      seen.push(req.headers.cookie ?? '');
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><p>other</p>');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    onCleanup(() => new Promise<void>((r) => other.close(() => r())));
    const otherPort = (other.address() as { port: number }).port;
    const page = await newPage();
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Projects' }).first().waitFor();
    await page.goto(`http://127.0.0.1:${otherPort}/`);
    // the browser does send Floe's cookie to the other port (cookies ignore ports) ...
    const leaked = seen.find((c) => c.includes(`floe_token_${web.port}=`));
    expect(leaked).toBeDefined();
    // ... but the other origin cannot read the token the page keeps in its own storage
    expect(await page.evaluate(() => localStorage.getItem('floe.launchToken'))).toBeNull();
    // replaying the cookie with a forged Origin and Host: the API socket refuses it
    const replay = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws`, {
        origin: `http://127.0.0.1:${web.port}`,
        headers: { cookie: leaked! },
      });
      ws.once('open', () => (ws.close(), resolve('open')));
      ws.once('unexpected-response', (_q, r) => resolve(String(r.statusCode)));
      ws.once('error', (e) => resolve(`error ${String(e)}`));
    });
    expect(replay).toBe('401');
    // the cookie still serves the page's files on Floe's own port
    expect(await get(web.port, '/', `127.0.0.1:${web.port}`, leaked)).toBe(200);
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
