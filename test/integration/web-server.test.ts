// Browser-mode server over real HTTP and WebSocket on 127.0.0.1 with a small fake host: token on every request
// and upgrade, Origin check, malformed frames answered with bad_request while serving continues, security
// headers, static files confined to their folder, the "run npm run build" page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/api.js';
import { CSP, startWebServer, type HostLike, type WebServer } from '../../main/web/index.js';
import { WsClient } from '../unit/host/ws-client.js';

const root = mkdtempSync(join(tmpdir(), 'floe-web-'));
const staticDir = join(root, 'renderer');
mkdirSync(join(staticDir, 'assets'), { recursive: true });
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Floe UI</title>');
writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(root, 'secret.txt'), 'top secret');

const calls: { method: string; params: unknown }[] = [];
let emit: ((e: any, p: any) => void) | undefined;
const fakeHost: HostLike = {
  async call(method, params): Promise<Envelope<unknown>> {
    calls.push({ method, params });
    if (method === 'app.info') return { ok: true, value: { echo: params } };
    return { ok: false, error: { code: 'bad_request', message: `Unknown method ${method}` } };
  },
  onEvent(cb) {
    emit = cb;
    return () => {
      emit = undefined;
    };
  },
};

let web: WebServer;
let bare: WebServer;
const clients: WsClient[] = [];
beforeAll(async () => {
  web = await startWebServer({ hostService: fakeHost, staticDir });
  bare = await startWebServer({ hostService: fakeHost, staticDir: join(root, 'missing') });
});
afterAll(async () => {
  clients.forEach((c) => c.close());
  await web.close();
  await bare.close();
  rmSync(root, { recursive: true, force: true });
});

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('browser-mode server', () => {
  it('listens on 127.0.0.1 and prints a URL carrying the token', () => {
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/?token=${encodeURIComponent(web.token)}`);
    expect(web.token.length).toBeGreaterThanOrEqual(24);
  });

  it('refuses to bind anything but loopback', async () => {
    await expect(startWebServer({ host: '0.0.0.0', hostService: fakeHost, staticDir })).rejects.toThrow(
      /loopback only/,
    );
  });

  it('HTTP without the token → 401; with it → the page, a cookie and the security headers', async () => {
    expect((await get(web.port, '/')).status).toBe(401);
    expect((await get(web.port, '/?token=wrong')).status).toBe(401);
    const ok = await get(web.port, `/?token=${web.token}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('Floe UI');
    expect(ok.headers['content-security-policy']).toBe(CSP);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const cookie = ok.headers['set-cookie']![0]!.split(';')[0]!;
    expect(cookie).toBe(`floe_token_${web.port}=${encodeURIComponent(web.token)}`);
    const asset = await get(web.port, '/assets/app.js', { cookie });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect((await get(web.port, '/assets/app.js', { cookie: `floe_token_${web.port}=nope` })).status).toBe(401);
  });

  it('never serves files outside the static folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const r = await get(web.port, `${p}?token=${web.token}`);
      expect(r.body).not.toContain('top secret');
    }
  });

  it('without a built renderer, a page says to run npm run build', async () => {
    const r = await get(bare.port, `/?token=${bare.token}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('npm run build');
  });

  it('WebSocket without the token or from a foreign Origin is refused', async () => {
    await expect(WsClient.connect(web.port, null)).rejects.toThrow(/HTTP 401/);
    await expect(WsClient.connect(web.port, 'wrong-token')).rejects.toThrow(/HTTP 401/);
    await expect(WsClient.connect(web.port, web.token, 'http://evil.example')).rejects.toThrow(/HTTP 403/);
    await expect(WsClient.connect(web.port, web.token, `http://127.0.0.1:${web.port + 1}`)).rejects.toThrow(/HTTP 403/);
    await expect(WsClient.connect(web.port, web.token, null)).rejects.toThrow(/HTTP 403/);
  });

  it('answers calls, forwards events, and survives malformed frames with bad_request', async () => {
    const c = await WsClient.connect(web.port, web.token, `http://localhost:${web.port}`);
    clients.push(c);
    expect(await c.call('app.info', { x: 1 })).toEqual({ ok: true, value: { echo: { x: 1 } } });
    for (const bad of ['not json', '[1,2]', '{"method":"app.info"}', '{"id":7}', 'null']) {
      const next = c.nextRaw();
      c.sendRaw(bad);
      const f = await next;
      expect(f.result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    const next = c.nextRaw();
    c.sendRaw('{"id":7}');
    expect((await next).id).toBe(7);
    expect(await c.call('app.info', {})).toMatchObject({ ok: true }); // still serving
    emit!('projects.changed', {});
    expect(await c.waitFor('projects.changed')).toEqual({});
    expect(calls.filter((x) => x.method === 'app.info')).toHaveLength(2);
  });
});
