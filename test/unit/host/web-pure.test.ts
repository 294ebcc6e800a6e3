// Browser-mode pure pieces: token and cookie checks, Origin rule, frame parsing, static path confinement.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieValue, newToken, originAllowed, sameToken, socketTokenOk, tokenOf } from '../../../main/web/auth.js';
import { parseFrame } from '../../../main/web/frames.js';
import { isInside, NOT_BUILT_PAGE, serveStatic } from '../../../main/web/static.js';

const root = mkdtempSync(join(tmpdir(), 'floe-static-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('auth', () => {
  it('tokens are random and compared exactly', () => {
    const t = newToken();
    expect(t).not.toBe(newToken());
    expect(sameToken(t, t)).toBe(true);
    expect(sameToken(`${t}x`, t)).toBe(false);
    expect(sameToken('', t)).toBe(false);
    expect(sameToken(null, t)).toBe(false);
  });
  it('token from the query or the cookie', () => {
    const t = 'abc123';
    expect(tokenOf(new URL('http://x/?token=abc123'), undefined, t, 80)).toBe('query');
    expect(tokenOf(new URL('http://x/'), 'a=1; floe_token_80=abc123', t, 80)).toBe('cookie');
    // another port's cookie (another Floe, or a cookie meant for another server) does not count
    expect(tokenOf(new URL('http://x/'), 'floe_token_81=abc123; floe_token=abc123', t, 80)).toBeNull();
    expect(tokenOf(new URL('http://x/?token=bad'), 'floe_token_80=bad', t, 80)).toBeNull();
    // the API socket takes the token from its query only
    expect(socketTokenOk(new URL('http://x/ws?token=abc123'), t)).toBe(true);
    expect(socketTokenOk(new URL('http://x/ws'), t)).toBe(false);
    expect(cookieValue('a=1;  b = two ', 'b')).toBe('two');
    expect(cookieValue('a=%E0%A4%A', 'a')).toBeUndefined();
  });
  it('only our own origin may open the WebSocket', () => {
    expect(originAllowed('http://127.0.0.1:8080', 8080, '127.0.0.1')).toBe(true);
    expect(originAllowed('http://localhost:8080', 8080, '127.0.0.1')).toBe(true);
    expect(originAllowed('http://127.0.0.1:8081', 8080, '127.0.0.1')).toBe(false);
    expect(originAllowed('https://127.0.0.1:8080', 8080, '127.0.0.1')).toBe(false);
    expect(originAllowed('http://evil.com', 8080, '127.0.0.1')).toBe(false);
    expect(originAllowed('null', 8080, '127.0.0.1')).toBe(false);
    expect(originAllowed(undefined, 8080, '127.0.0.1')).toBe(false);
  });
});

describe('parseFrame', () => {
  it('accepts {id, method, params} and names what is wrong otherwise', () => {
    expect(parseFrame('{"id":1,"method":"app.info"}')).toEqual({ ok: true, id: 1, method: 'app.info', params: {} });
    expect(parseFrame('{"id":"a","method":"m","params":{"x":1}}')).toEqual({
      ok: true,
      id: 'a',
      method: 'm',
      params: { x: 1 },
    });
    expect(parseFrame('{')).toMatchObject({ ok: false, id: null, message: expect.stringContaining('not valid JSON') });
    expect(parseFrame('[]')).toMatchObject({ ok: false, message: expect.stringContaining('JSON object') });
    expect(parseFrame('{"method":"m"}')).toMatchObject({ ok: false, message: expect.stringContaining('"id"') });
    expect(parseFrame('{"id":3,"method":5}')).toMatchObject({
      ok: false,
      id: 3,
      message: expect.stringContaining('"method"'),
    });
  });
});

describe('serveStatic', () => {
  const dir = join(root, 'r');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), 'INDEX');
  writeFileSync(join(dir, 'assets', 'a.css'), 'CSS');
  writeFileSync(join(root, 'outside.txt'), 'SECRET');
  symlinkSync(join(root, 'outside.txt'), join(dir, 'link.txt'));

  it('serves files inside, falls back to index.html, refuses what leaves the folder', () => {
    expect(serveStatic(dir, '/assets/a.css')).toMatchObject({ status: 200, type: 'text/css; charset=utf-8' });
    expect(String(serveStatic(dir, '/').body)).toBe('INDEX');
    expect(String(serveStatic(dir, '/traces/some-session').body)).toBe('INDEX');
    expect(serveStatic(dir, '/missing.js').status).toBe(404);
    expect(String(serveStatic(dir, '/../outside.txt').body)).not.toContain('SECRET');
    expect(String(serveStatic(dir, '/%2e%2e/outside.txt').body)).not.toContain('SECRET');
    expect(serveStatic(dir, '/link.txt').status).toBe(404);
    expect(serveStatic(dir, '/%E0%A4%A').status).toBe(400);
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a')).toBe(false);
  });

  it('without a build, the page says to run npm run build', () => {
    expect(serveStatic(join(root, 'none'), '/')).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: NOT_BUILT_PAGE,
    });
  });
});
