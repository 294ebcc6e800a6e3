// The desktop app's lifecycle: single-instance lock, the hardened session (CSP, permissions: notifications only),
// the host service, IPC binding and event forwarding, the approvals badge and attention request, the one
// BrowserWindow, the native folder picker, the menu and a graceful quit
// (host.dispose(): deny approvals, abort runs, kill pty sessions, flush traces — then quit). Must not implement API
// behaviour; everything it decides is in the pure modules next to it.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, session } from 'electron';
import type { CreateDesktopHost, DesktopHost } from './host-shape.js';
import { trackAttention } from './attention.js';
import { bindIpc, forwardEvents } from './ipc.js';
import { menuTemplate } from './menu.js';
import { cspHeader } from './csp.js';
import { hardenContents, secureSession, windowOptions } from './security.js';

export interface DesktopOptions {
  createHost: CreateDesktopHost;
  /** FLOE_HOME */
  home: string;
  /** folder of the built main bundle (out/main): the preload and renderer are found next to it */
  outMainDir: string;
  /** electron-vite's dev server (ELECTRON_RENDERER_URL) when running `electron-vite dev`; ignored unless `dev` */
  devServerUrl?: string;
  /** unpackaged run: developer tools and reload in the menu, and the dev server is honoured */
  dev: boolean;
  /** better-sqlite3 built for Electron (see native.ts) */
  nativeBinding?: string;
  /** extra text for the start-up error dialog (e.g. how to build the native module) */
  startupHint?: (e: unknown) => string;
  /** bound on how long quitting waits for host.dispose() */
  disposeTimeoutMs?: number;
}

export interface DesktopApp {
  /** settles once the window is created (or start-up failed / another instance owns the lock) */
  readonly ready: Promise<void>;
  window(): BrowserWindow | null;
  host(): DesktopHost | null;
}

function preloadPath(outMainDir: string): string {
  return join(outMainDir, '..', 'preload', 'index.cjs');
}

function rendererIndex(outMainDir: string): string {
  return join(outMainDir, '..', 'renderer', 'index.html');
}

/**
 * The dev server to load, if any: only in an unpackaged run. A packaged app ignores ELECTRON_RENDERER_URL, so the
 * environment cannot point it (and its IPC sender check and CSP) at another page.
 */
function devServer(opts: Pick<DesktopOptions, 'dev' | 'devServerUrl'>): string | undefined {
  return opts.dev && opts.devServerUrl ? opts.devServerUrl : undefined;
}

/** The URL our page has: the dev server (unpackaged only), or the built index.html as a file:// URL. */
export function pageUrl(opts: Pick<DesktopOptions, 'outMainDir' | 'devServerUrl'> & { dev?: boolean }): string {
  const dev = devServer({ dev: opts.dev ?? true, devServerUrl: opts.devServerUrl });
  return dev ?? pathToFileURL(rendererIndex(opts.outMainDir)).href;
}

const errText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function startDesktop(opts: DesktopOptions): DesktopApp {
  let win: BrowserWindow | null = null;
  let host: DesktopHost | null = null;
  const cleanups: (() => void)[] = [];
  let quitState: 'running' | 'disposing' | 'done' = 'running';

  if (!app.requestSingleInstanceLock()) {
    // another Floe window is open; it gets a 'second-instance' event and comes to the front
    app.quit();
    return { ready: Promise.resolve(), window: () => null, host: () => null };
  }

  const devUrl = devServer(opts);
  const expected = pageUrl({ outMainDir: opts.outMainDir, devServerUrl: devUrl });

  const focusWindow = (): void => {
    if (!win || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };

  const pickFolder = async (): Promise<string | null> => {
    const options = {
      title: 'Open a project folder',
      properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
    };
    const r =
      win && !win.isDestroyed() ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return r.canceled || !r.filePaths[0] ? null : r.filePaths[0];
  };

  const openFolder = async (): Promise<void> => {
    if (!host) return;
    const path = await pickFolder();
    if (!path) return;
    const r = await host.call('projects.add', { path });
    if (!r.ok) dialog.showErrorBox('Could not open the folder', `${path}\n\n${r.error.message}`);
  };

  const createWindow = (): BrowserWindow => {
    const w = new BrowserWindow(windowOptions(preloadPath(opts.outMainDir)));
    hardenContents(w.webContents);
    w.once('ready-to-show', () => w.show());
    w.on('focus', () => w.flashFrame(false));
    w.on('closed', () => {
      if (win === w) win = null;
    });
    const loading = devUrl ? w.loadURL(devUrl) : w.loadFile(rendererIndex(opts.outMainDir));
    loading.catch((e: unknown) => {
      dialog.showErrorBox(
        'Floe could not load its window',
        `${expected}\n\n${errText(e)}\n\nRun "npm run build" (or "npx floe desktop") to build the app first.`,
      );
    });
    return w;
  };

  app.on('second-instance', focusWindow);
  // any other web contents (there should be none) gets the same navigation / popup / webview denial
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (host && (!win || win.isDestroyed())) win = createWindow();
  });
  app.on('before-quit', (event) => {
    if (quitState === 'done' || !host) return;
    event.preventDefault();
    if (quitState === 'disposing') return;
    quitState = 'disposing';
    const h = host;
    const timeout = opts.disposeTimeoutMs ?? 10_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void Promise.race([h.dispose(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeout)))])
      .catch((e: unknown) => console.error(`Floe: shutting down the host failed: ${errText(e)}`))
      .finally(() => {
        if (timer) clearTimeout(timer);
        for (const c of cleanups.splice(0)) c();
        host = null;
        quitState = 'done';
        app.quit();
      });
  });

  const ready = app.whenReady().then(() => {
    secureSession(session.defaultSession, cspHeader(devUrl), expected);
    try {
      host = opts.createHost({
        home: opts.home,
        mode: 'desktop',
        pickFolder,
        ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
      });
    } catch (e) {
      const hint = opts.startupHint ? `\n\n${opts.startupHint(e)}` : '';
      dialog.showErrorBox('Floe cannot start', `${errText(e)}${hint}`);
      app.exit(1);
      return;
    }
    const h = host;
    cleanups.push(bindIpc(ipcMain, h, () => expected));
    cleanups.push(forwardEvents(h, () => (win && !win.isDestroyed() ? win.webContents : null)));
    cleanups.push(
      trackAttention(h, {
        setBadgeCount: (n) => void app.setBadgeCount(n), // false where the platform has no badge: nothing to do
        requestAttention: () => {
          if (win && !win.isDestroyed() && !win.isFocused()) win.flashFrame(true);
        },
      }),
    );
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          dev: opts.dev,
          platform: process.platform,
          openFolder: () => {
            openFolder().catch((e: unknown) => dialog.showErrorBox('Could not open the folder', errText(e)));
          },
        }),
      ),
    );
    win = createWindow();
  });

  return { ready, window: () => win, host: () => host };
}
