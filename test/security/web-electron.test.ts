// Security suite — the two front doors (issue 6 item 3). Browser mode over real HTTP/WebSocket on 127.0.0.1 with
// the real host service: the launch token (query or cookie, nothing else), the WebSocket Origin check against
// look-alike origins, security headers, redacted settings over the socket. Electron: the window options, CSP,
// navigation / window.open / webview denial, permission denial and the IPC sender check, asserted again here
// through the pure functions and fakes (no Electron binary exists on this machine).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CSP as ELECTRON_CSP, cspHeader, cspMetaTag } from '../../main/electron/csp.js';
import { makeCallHandler } from '../../main/electron/ipc.js';
import { hardenContents, isOurPage, secureSession, windowOptions } from '../../main/electron/security.js';
import { createHost } from '../../main/host/index.js';
import { startWebServer } from '../../main/web/index.js';
import { tempHome } from '../helpers/cli.js';
import { WsClient } from '../unit/host/ws-client.js';
import { cleanupAll, onCleanup } from '../faults/support.js';

afterEach(cleanupAll);

function get(
  port: number,
  p: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

async function webHost() {
  const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
  onCleanup(() => env.cleanup());
  const cfg = path.join(env.home, 'config.yaml');
  fs.writeFileSync(cfg, fs.readFileSync(cfg, 'utf8').replace('api_key: test-key', 'api_key: sk-web-SECRET-0099'), {
    mode: 0o600,
  });
  const host = createHost({ home: env.home, mode: 'web' });
  onCleanup(() => host.dispose());
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sec-static-'));
  onCleanup(() => fs.rmSync(staticDir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Floe</title>');
  const web = await startWebServer({ hostService: host, staticDir });
  onCleanup(() => web.close());
  return web;
}

describe('browser mode: token and Origin', () => {
  it('HTTP needs the exact launch token (query or cookie); near misses are refused', async () => {
    const web = await webHost();
    const t = web.token;
    const refused = [
      '/',
      '/?token=',
      `/?token=${t.slice(0, -1)}`,
      `/?token=${t}x`,
      `/?token=${t.toUpperCase() === t ? t.toLowerCase() : t.toUpperCase()}`,
      `/?Token=${t}`,
    ];
    for (const p of refused) expect((await get(web.port, p)).status, p).toBe(401);
    expect((await get(web.port, '/', { cookie: `floe_token_${web.port}=${t.slice(1)}` })).status).toBe(401);
    expect((await get(web.port, '/', { cookie: `floe_token=${encodeURIComponent(t)}` })).status).toBe(401);
    expect((await get(web.port, '/', { authorization: `Bearer ${t}` })).status).toBe(401); // not a token channel
    const okRes = await get(web.port, `/?token=${encodeURIComponent(t)}`);
    expect(okRes.status).toBe(200);
    expect(okRes.headers['set-cookie']![0]).toMatch(/HttpOnly; SameSite=Strict/);
    // the page's header policy: no plugins, no <base>, no form submissions, no frames (issue 26), as the desktop's
    const csp = Object.fromEntries(
      String(okRes.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v.join(' ')]),
    );
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
    });
    expect(okRes.headers['x-frame-options']).toBe('DENY');
    expect(okRes.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(web.port, '/', { cookie: `floe_token_${web.port}=${encodeURIComponent(t)}` })).status).toBe(200);
  });

  it('WebSocket: missing token → 401, foreign or look-alike Origin → 403; the real origin works, keys redacted', async () => {
    const web = await webHost();
    await expect(WsClient.connect(web.port, null)).rejects.toThrow(/HTTP 401/);
    await expect(WsClient.connect(web.port, `${web.token}x`)).rejects.toThrow(/HTTP 401/);
    for (const origin of [
      null,
      'null',
      'http://evil.example',
      `http://127.0.0.1.evil.example:${web.port}`,
      `http://127.0.0.1:${web.port}.evil.example`,
      `https://127.0.0.1:${web.port}`,
      `http://127.0.0.1:${web.port + 1}`,
      `http://127.0.0.2:${web.port}`,
      'file://',
    ]) {
      await expect(WsClient.connect(web.port, web.token, origin), String(origin)).rejects.toThrow(/HTTP 403/);
    }
    const c = await WsClient.connect(web.port, web.token, `http://127.0.0.1:${web.port}`);
    onCleanup(() => c.close());
    const settings = await c.ok('settings.get');
    expect(settings.providers[0].apiKey).toBe('••••0099');
    expect(JSON.stringify(c.raw)).not.toContain('sk-web-SECRET');
    // a forged approval id over the socket is not_found, the socket stays usable
    expect(
      await c.call('approvals.decide', { approvalId: `approval-${'f'.repeat(32)}`, decision: 'allow' }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await c.ok('app.info')).toMatchObject({ mode: 'web' });
  });
});

describe('Electron hardening', () => {
  it('window options: isolated, sandboxed, no Node, no webview; webSecurity untouched', () => {
    const o = windowOptions('/app/preload.js');
    expect(o.webPreferences).toMatchObject({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    });
    expect(o.webPreferences).not.toHaveProperty('webSecurity');
    expect(o.webPreferences).not.toHaveProperty('allowRunningInsecureContent');
    expect(o.webPreferences).not.toHaveProperty('experimentalFeatures');
  });

  it('CSP: scripts only from self, images self+data:, no objects/frames/inline scripts in the packaged app', () => {
    const d = Object.fromEntries(
      cspHeader()
        .split(';')
        .map((s) => s.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:']);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['frame-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(ELECTRON_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(cspMetaTag()).toContain(ELECTRON_CSP);
    for (const v of Object.values(d))
      expect(v.some((x: string) => x === '*' || x === 'http:' || x === 'https:')).toBe(false);
  });

  it('navigation, redirects, webviews and window.open are denied; every permission is refused', () => {
    const handlers: Record<string, (e: { preventDefault(): void }) => void> = {};
    let openHandler: ((d: unknown) => { action: string }) | undefined;
    hardenContents({
      on: ((name: string, cb: any) => {
        handlers[name] = cb;
      }) as any,
      setWindowOpenHandler: ((h: any) => {
        openHandler = h;
      }) as any,
    });
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      handlers[name]!({ preventDefault: () => (prevented = true) });
      expect(prevented, name).toBe(true);
    }
    expect(openHandler!({ url: 'https://evil.example' })).toEqual({ action: 'deny' });

    let request: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let check: ((...a: unknown[]) => boolean) | undefined;
    let headers: ((d: any, cb: (r: any) => void) => void) | undefined;
    secureSession(
      {
        webRequest: { onHeadersReceived: ((h: any) => (headers = h)) as any },
        setPermissionRequestHandler: ((h: any) => (request = h)) as any,
        setPermissionCheckHandler: ((h: any) => (check = h)) as any,
      },
      ELECTRON_CSP,
      'file:///opt/floe/out/renderer/index.html',
    );
    // without a page of ours asking, nothing is granted — notifications included
    for (const perm of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      let granted: boolean | undefined;
      request!(null, perm, (g) => (granted = g));
      expect(granted, perm).toBe(false);
      expect(check!(null, perm, 'file://', {})).toBe(false);
    }
    // our page gets notifications and nothing else; a foreign page gets nothing
    const ours = { getURL: () => 'file:///opt/floe/out/renderer/index.html' };
    const foreign = { getURL: () => 'https://evil.example/' };
    const asked = (c: unknown, perm: string) => {
      let granted: boolean | undefined;
      request!(c, perm, (g) => (granted = g));
      return [granted, check!(c, perm, 'file:///', {})];
    };
    expect(asked(ours, 'notifications')).toEqual([true, true]);
    expect(asked(foreign, 'notifications')).toEqual([false, false]);
    for (const perm of ['media', 'geolocation', 'clipboard-read', 'openExternal'])
      expect(asked(ours, perm), perm).toEqual([false, false]);
    let out: any;
    headers!(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': 'kept' } },
      (r) => (out = r),
    );
    expect(out.responseHeaders).toEqual({ 'X-Other': ['kept'], 'Content-Security-Policy': [ELECTRON_CSP] });
  });

  it('IPC: only our own page may call the host; everything else gets forbidden without reaching it', async () => {
    const page = 'file:///opt/floe/out/renderer/index.html';
    let reached = 0;
    const handler = makeCallHandler(
      { call: async () => (reached++, { ok: true, value: 'ok' }), onEvent: () => () => {} } as any,
      () => page,
    );
    for (const url of [
      'file:///opt/floe/out/renderer/other.html',
      'file:///tmp/evil/index.html',
      'https://evil.example/index.html',
      'about:blank',
      'data:text/html,<script>1</script>',
      '',
      undefined,
    ]) {
      const r = await handler({ senderFrame: url === undefined ? null : { url } }, 'settings.get', {});
      expect(r, String(url)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // a frame whose url getter throws (destroyed) is refused too
    const destroyed = await handler(
      {
        get senderFrame(): { url: string } {
          throw new Error('gone');
        },
      },
      'app.info',
      {},
    );
    expect(destroyed).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(reached).toBe(0);
    expect(await handler({ senderFrame: { url: `${page}#/settings` } }, 'app.info', {})).toEqual({
      ok: true,
      value: 'ok',
    });
    expect(reached).toBe(1);
    expect(isOurPage('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
    expect(isOurPage('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });
});
