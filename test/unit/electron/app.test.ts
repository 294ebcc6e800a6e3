// The desktop glue (main/electron/app.ts) driven through a fake `electron` module and a fake host: window
// options, CSP header, navigation/popup/permission denial, IPC sender check, event forwarding, folder picker, menu,
// single-instance behaviour and the graceful quit.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fake, FakeBrowserWindow } from './fake-electron.js';

vi.mock('electron', async () => (await import('./fake-electron.js')).electronModule);

const { startDesktop, pageUrl } = await import('../../../main/electron/app.js');

const OUT_MAIN = '/opt/floe/out/main';
const INDEX = join('/opt/floe/out/renderer/index.html');
const PAGE = pathToFileURL(INDEX).href;

function makeHost() {
  const listeners = new Set<(e: string, p: unknown) => void>();
  let finishDispose: () => void = () => undefined;
  const host = {
    call: vi.fn(async (method: string, params: unknown) => ({ ok: true as const, value: { method, params } })),
    onEvent: vi.fn((cb: (e: string, p: unknown) => void) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    }),
    dispose: vi.fn(() => new Promise<void>((r) => (finishDispose = r))),
    emit: (e: string, p: unknown) => listeners.forEach((l) => l(e, p)),
    finishDispose: () => finishDispose(),
    listenerCount: () => listeners.size,
  };
  return host;
}

async function start(extra: { devServerUrl?: string; dev?: boolean; createHost?: (o: any) => any } = {}) {
  const host = makeHost();
  const createHost = vi.fn(extra.createHost ?? (() => host));
  const desktop = startDesktop({
    createHost,
    home: '/tmp/floe-home',
    outMainDir: OUT_MAIN,
    dev: extra.dev ?? false,
    devServerUrl: extra.devServerUrl,
    disposeTimeoutMs: 5_000,
  });
  fake.app.readyResolve();
  await desktop.ready;
  return { host, createHost, desktop, win: FakeBrowserWindow.instances[0]! };
}

const callHandler = () =>
  fake.ipcHandlers.get('floe:call')! as (event: unknown, method: unknown, params: unknown) => Promise<any>;
const navEvent = () => ({ preventDefault: vi.fn() });

beforeEach(() => fake.reset());

describe('the window', () => {
  it('is created isolated, sandboxed, without Node, with our preload, and loads the built page', async () => {
    const { win } = await start();
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const wp = win.options.webPreferences;
    expect(wp.contextIsolation).toBe(true);
    expect(wp.sandbox).toBe(true);
    expect(wp.nodeIntegration).toBe(false);
    expect(wp.preload).toBe(join('/opt/floe/out/preload/index.cjs'));
    expect('webSecurity' in wp).toBe(false);
    expect(win.loaded).toBe(`file:${INDEX}`);
    expect(pageUrl({ outMainDir: OUT_MAIN })).toBe(PAGE);
  });

  it('loads the dev server when one is given in development', async () => {
    const { win } = await start({ devServerUrl: 'http://localhost:5173', dev: true });
    expect(win.loaded).toBe('http://localhost:5173');
  });

  it('a packaged app ignores ELECTRON_RENDERER_URL: built page, strict CSP, IPC only from the built page', async () => {
    const { win, host } = await start({ devServerUrl: 'http://localhost:5173', dev: false });
    expect(win.loaded).toBe(`file:${INDEX}`);
    let out: Record<string, string[]> | undefined;
    fake.headersHook!({ responseHeaders: {} }, (r) => (out = r.responseHeaders));
    expect(out!['Content-Security-Policy']![0]).not.toContain('localhost:5173');
    expect(await callHandler()({ senderFrame: { url: 'http://localhost:5173/' } }, 'projects.list', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(host.call).not.toHaveBeenCalled();
    expect(await callHandler()({ senderFrame: { url: PAGE } }, 'projects.list', {})).toMatchObject({ ok: true });
  });

  it('denies navigation, redirects, <webview> and window.open', async () => {
    const { win } = await start();
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const ev = navEvent();
      win.webContents.emit(name, ev, 'https://example.invalid/');
      expect(ev.preventDefault, name).toHaveBeenCalled();
    }
    expect(win.webContents.windowOpenHandler!({ url: 'https://example.invalid/' })).toEqual({ action: 'deny' });
  });

  it('hardens any other web contents that gets created', async () => {
    await start();
    const other = new (await import('./fake-electron.js')).FakeWebContents();
    fake.app.emit('web-contents-created', {}, other);
    const ev = navEvent();
    other.emit('will-navigate', ev, 'https://example.invalid/');
    expect(ev.preventDefault).toHaveBeenCalled();
    expect(other.windowOpenHandler!({ url: 'x' })).toEqual({ action: 'deny' });
  });
});

describe('the session', () => {
  it('puts our CSP on every response, replacing one the response carried', async () => {
    await start();
    let out: Record<string, string[]> | undefined;
    fake.headersHook!(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] } },
      (r) => (out = r.responseHeaders),
    );
    expect(out!['content-security-policy']).toBeUndefined();
    expect(out!['Content-Type']).toEqual(['text/html']);
    const csp = out!['Content-Security-Policy']![0]!;
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('allows the dev server in the CSP only in dev', async () => {
    await start({ devServerUrl: 'http://localhost:5173', dev: true });
    let out: Record<string, string[]> | undefined;
    fake.headersHook!({ responseHeaders: {} }, (r) => (out = r.responseHeaders));
    expect(out!['Content-Security-Policy']![0]).toContain('ws://localhost:5173');
  });

  it('grants notifications to our page and refuses every other permission, and any permission to a foreign page', async () => {
    await start();
    const ours = { getURL: () => PAGE };
    const foreign = { getURL: () => 'https://example.invalid/' };
    const ask = (c: unknown, p: string) => {
      const granted: boolean[] = [];
      fake.permissionRequest!(c, p, (g) => granted.push(g));
      return [granted[0], fake.permissionCheck!(c, p, 'file:///', { requestingUrl: (c as typeof ours).getURL() })];
    };
    expect(ask(ours, 'notifications')).toEqual([true, true]);
    for (const p of [
      'media',
      'geolocation',
      'clipboard-read',
      'clipboard-sanitized-write',
      'openExternal',
      'fullscreen',
    ]) {
      expect(ask(ours, p), p).toEqual([false, false]);
    }
    expect(ask(foreign, 'notifications')).toEqual([false, false]);
  });
});

describe('approvals while the user is elsewhere', () => {
  it('counts pending approvals on the badge and flashes an unfocused window for each new one', async () => {
    const { host, win } = await start();
    win.focused = false;
    host.emit('approval.request', { id: 'a1', sessionId: 's' });
    host.emit('approval.request', { id: 'a2', sessionId: 's' });
    host.emit('approval.request', { id: 'a2', sessionId: 's' }); // the same one again (a reconnect) counts once
    expect(fake.app.setBadgeCount.mock.calls.map((c) => c[0])).toEqual([1, 2]);
    expect(win.flashes).toEqual([true, true]);
    win.emit('focus');
    expect(win.flashes.at(-1)).toBe(false);
    win.focused = true;
    host.emit('approval.resolved', { approvalId: 'a1', sessionId: 's', decision: 'allow' });
    host.emit('approval.resolved', { approvalId: 'zz', sessionId: 's', decision: 'allow' }); // unknown: no change
    host.emit('approval.request', { id: 'a3', sessionId: 's' });
    expect(fake.app.setBadgeCount.mock.calls.map((c) => c[0])).toEqual([1, 2, 1, 2]);
    expect(win.flashes).toEqual([true, true, false]); // focused: no flash for a3
  });
});

describe('IPC', () => {
  it('passes calls from our page to the host', async () => {
    const { host } = await start();
    const r = await callHandler()({ senderFrame: { url: PAGE + '#/projects' } }, 'projects.list', {});
    expect(host.call).toHaveBeenCalledWith('projects.list', {});
    expect(r).toEqual({ ok: true, value: { method: 'projects.list', params: {} } });
  });

  it('refuses a foreign frame, another file, and a missing frame with forbidden', async () => {
    const { host } = await start();
    for (const senderFrame of [
      { url: 'https://evil.example/' },
      { url: 'file:///tmp/other.html' },
      { url: 'about:blank' },
      null,
    ]) {
      const r = await callHandler()({ senderFrame }, 'projects.list', {});
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('forbidden');
    }
    expect(host.call).not.toHaveBeenCalled();
  });

  it('accepts the dev server origin in dev', async () => {
    const { host } = await start({ devServerUrl: 'http://localhost:5173/', dev: true });
    const ok = await callHandler()({ senderFrame: { url: 'http://localhost:5173/' } }, 'app.info', {});
    expect(ok.ok).toBe(true);
    const bad = await callHandler()({ senderFrame: { url: 'http://localhost:5174/' } }, 'app.info', {});
    expect(bad.error.code).toBe('forbidden');
    expect(host.call).toHaveBeenCalledTimes(1);
  });

  it('turns a throwing host into an internal error instead of a rejected invoke', async () => {
    const { host } = await start();
    host.call.mockRejectedValueOnce(new Error('boom'));
    const r = await callHandler()({ senderFrame: { url: PAGE } }, 'app.info', {});
    expect(r).toEqual({ ok: false, error: { code: 'internal', message: 'app.info failed: boom' } });
  });

  it('forwards host events to the window with webContents.send, and stops once the window is gone', async () => {
    const { host, win } = await start();
    const payload = { sessionId: 's1', status: 'running' };
    host.emit('session.status', payload);
    expect(win.webContents.sent).toEqual([['floe:event', 'session.status', payload]]);
    win.webContents.destroyed = true;
    host.emit('session.status', payload);
    expect(win.webContents.sent).toHaveLength(1);
  });
});

describe('folder picker and menu', () => {
  it('gives the host a native directory picker', async () => {
    const { createHost, win } = await start();
    const opts = createHost.mock.calls[0]![0];
    expect(opts.mode).toBe('desktop');
    expect(opts.home).toBe('/tmp/floe-home');
    expect(await opts.pickFolder()).toBe('/tmp/picked');
    const { electronModule } = await import('./fake-electron.js');
    const [parent, dialogOpts] = electronModule.dialog.showOpenDialog.mock.calls.at(-1) as unknown as [
      unknown,
      { properties: string[] },
    ];
    expect(parent).toBe(win);
    expect(dialogOpts.properties).toContain('openDirectory');
    fake.openDialogResult = { canceled: true, filePaths: [] };
    expect(await opts.pickFolder()).toBeNull();
  });

  it('File → Open Folder… adds the picked folder as a project', async () => {
    const { host } = await start();
    const file = (fake.menuTemplate as any[]).find((m) => m.label === 'File');
    const open = file.submenu.find((i: any) => i.id === 'open-folder');
    open.click();
    await vi.waitFor(() => expect(host.call).toHaveBeenCalledWith('projects.add', { path: '/tmp/picked' }));
  });
});

describe('lifecycle', () => {
  it('focuses (and restores) the existing window on a second instance', async () => {
    const { win } = await start();
    win.minimized = true;
    fake.app.emit('second-instance', {}, [], '/');
    expect(win.calls).toEqual(expect.arrayContaining(['restore', 'focus']));
    expect(FakeBrowserWindow.instances).toHaveLength(1);
  });

  it('quits at once without a window when another instance holds the lock', async () => {
    fake.app.gotLock = false;
    const createHost = vi.fn();
    const d = startDesktop({ createHost, home: '/tmp/h', outMainDir: OUT_MAIN, dev: false });
    fake.app.readyResolve();
    await d.ready;
    expect(fake.app.quit).toHaveBeenCalled();
    expect(createHost).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('before-quit holds the quit until host.dispose() finished, then quits once', async () => {
    const { host } = await start();
    const first = navEvent();
    fake.app.emit('before-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(host.dispose).toHaveBeenCalledTimes(1);
    // a second quit request while disposing is held too, without disposing twice
    const again = navEvent();
    fake.app.emit('before-quit', again);
    expect(again.preventDefault).toHaveBeenCalled();
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r)); // turns of the loop, not time
    expect(fake.app.quit).not.toHaveBeenCalled();
    host.finishDispose();
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalledTimes(1));
    expect(host.dispose).toHaveBeenCalledTimes(1);
    expect(host.listenerCount()).toBe(0);
    expect(fake.ipcHandlers.has('floe:call')).toBe(false);
    // the quit that follows is let through
    const last = navEvent();
    fake.app.emit('before-quit', last);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });

  it('shows a clear error and exits 1 when the host cannot start', async () => {
    await start({
      createHost: () => {
        throw new Error('Another Floe (pid 42) is using /tmp/floe-home.');
      },
    });
    expect(fake.errorBoxes[0]![0]).toBe('Floe cannot start');
    expect(fake.errorBoxes[0]![1]).toContain('pid 42');
    expect(fake.app.exit).toHaveBeenCalledWith(1);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });
});
