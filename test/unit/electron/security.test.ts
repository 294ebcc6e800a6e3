// Pure security pieces of the Electron glue: window options, the "is this our page" check, the CSP and its
// header rewrite.
import { describe, expect, it } from 'vitest';
import { CSP, cspHeader, cspMetaTag } from '../../../main/electron/csp.js';
import { isOurPage, windowOptions, withCsp } from '../../../main/electron/security.js';

describe('windowOptions', () => {
  it('isolates and sandboxes the page and sets our preload', () => {
    const o = windowOptions('/app/out/preload/index.cjs');
    expect(o.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    });
    expect(o.webPreferences && 'webSecurity' in o.webPreferences).toBe(false);
    expect(o.webPreferences && 'allowRunningInsecureContent' in o.webPreferences).toBe(false);
  });
});

describe('isOurPage', () => {
  const file = 'file:///opt/floe/out/renderer/index.html';
  it.each([
    [file, file, true],
    [file + '#/traces/abc', file, true],
    [file + '?x=1', file, true],
    ['file:///opt/floe/out/renderer/index%2Ehtml', file, true],
    ['file:///opt/floe/out/renderer/other.html', file, false],
    ['file:///etc/passwd', file, false],
    ['file://remote-host/opt/floe/out/renderer/index.html', file, false],
    ['http://localhost:5173/', file, false],
    ['https://evil.example/index.html', file, false],
    ['about:blank', file, false],
    ['', file, false],
    [undefined, file, false],
    [null, file, false],
    ['not a url', file, false],
    ['http://localhost:5173/', 'http://localhost:5173', true],
    ['http://localhost:5173/src/app.tsx', 'http://localhost:5173/', true],
    ['http://localhost:5174/', 'http://localhost:5173/', false],
    ['http://127.0.0.1:5173/', 'http://localhost:5173/', false],
    ['https://localhost:5173/', 'http://localhost:5173/', false],
    [file, 'http://localhost:5173/', false],
    ['data:text/html,hi', 'data:text/html,hi', false],
  ])('%s against %s → %s', (url, expected, want) => {
    expect(isOurPage(url, expected)).toBe(want);
  });
});

describe('CSP', () => {
  it('is strict: own scripts only, data: images for previews, no eval, no plugins', () => {
    const d = Object.fromEntries(CSP.split('; ').map((x) => [x.split(' ')[0], x]));
    expect(d['default-src']).toBe("default-src 'self'");
    expect(d['script-src']).toBe("script-src 'self'");
    expect(d['img-src']).toBe("img-src 'self' data:");
    expect(d['object-src']).toBe("object-src 'none'");
    expect(CSP).not.toMatch(/unsafe-eval|(^|\s)\*(\s|;|$)|https?:/);
    // WebSockets only to loopback (browser mode)
    expect(d['connect-src']).toBe("connect-src 'self' ws://127.0.0.1:* ws://localhost:*");
  });

  it('the header adds frame-ancestors; the dev variant allows only the dev server', () => {
    expect(cspHeader()).toBe(`${CSP}; frame-ancestors 'none'`);
    const dev = cspHeader('http://localhost:5173/');
    expect(dev).toContain("script-src 'self' 'unsafe-inline' http://localhost:5173;");
    expect(dev).toContain('ws://localhost:5173');
    expect(dev).toContain("img-src 'self' data:");
  });

  it('the meta tag carries the same policy', () => {
    expect(cspMetaTag()).toBe(`<meta http-equiv="Content-Security-Policy" content="${CSP}" />`);
    expect(cspMetaTag()).not.toContain('frame-ancestors');
  });

  it('withCsp replaces any policy in any letter case and keeps other headers', () => {
    const out = withCsp(
      { 'Content-Security-Policy': ['x'], 'CONTENT-SECURITY-POLICY': 'y', 'X-A': 'b', Set: ['1', '2'] },
      'policy',
    );
    expect(out).toEqual({ 'X-A': ['b'], Set: ['1', '2'], 'Content-Security-Policy': ['policy'] });
    expect(withCsp(undefined, 'p')).toEqual({ 'Content-Security-Policy': ['p'] });
  });
});
