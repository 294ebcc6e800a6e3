// A small stand-in for the `electron` module, used with vi.mock('electron') by the glue tests: records what the
// glue registers (app events, IPC handlers, session hooks, windows, menus, dialogs) so tests can drive and inspect
// it. Test support only; no assertions here.
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeWebContents extends EventEmitter {
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  sent: unknown[][] = [];
  setWindowOpenHandler(h: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = h;
  }
  send(...args: unknown[]): void {
    this.sent.push(args);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  minimized = false;
  destroyed = false;
  focused = true;
  flashes: boolean[] = [];
  calls: string[] = [];
  loaded: string | null = null;
  constructor(readonly options: Record<string, any>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loaded = url;
    return Promise.resolve();
  }
  loadFile(file: string): Promise<void> {
    this.loaded = `file:${file}`;
    return Promise.resolve();
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isFocused(): boolean {
    return this.focused;
  }
  flashFrame(on: boolean): void {
    this.flashes.push(on);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  restore(): void {
    this.calls.push('restore');
    this.minimized = false;
  }
  show(): void {
    this.calls.push('show');
  }
  focus(): void {
    this.calls.push('focus');
  }
}

class FakeApp extends EventEmitter {
  gotLock = true;
  isPackaged = false;
  readyResolve: () => void = () => undefined;
  readyPromise: Promise<void> = Promise.resolve();
  requestSingleInstanceLock = vi.fn(() => this.gotLock);
  quit = vi.fn();
  exit = vi.fn();
  /** like Electron: true where the platform shows a badge */
  setBadgeCount = vi.fn((_n: number) => true);
  whenReady(): Promise<void> {
    return this.readyPromise;
  }
}

export const fake = {
  app: new FakeApp(),
  ipcHandlers: new Map<string, (...args: any[]) => unknown>(),
  headersHook: null as
    | null
    | ((
        details: { responseHeaders?: Record<string, string[]> },
        cb: (r: { responseHeaders?: Record<string, string[]> }) => void,
      ) => void),
  permissionRequest: null as null | ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void),
  permissionCheck: null as null | ((...args: unknown[]) => boolean),
  menuTemplate: null as null | unknown[],
  openDialogResult: { canceled: false, filePaths: ['/tmp/picked'] } as { canceled: boolean; filePaths: string[] },
  errorBoxes: [] as [string, string][],
  reset(): void {
    fake.app.removeAllListeners();
    fake.app.gotLock = true;
    fake.app.requestSingleInstanceLock.mockClear();
    fake.app.quit.mockClear();
    fake.app.exit.mockClear();
    fake.app.setBadgeCount.mockClear();
    fake.app.readyPromise = new Promise<void>((r) => (fake.app.readyResolve = r));
    fake.ipcHandlers.clear();
    fake.headersHook = null;
    fake.permissionRequest = null;
    fake.permissionCheck = null;
    fake.menuTemplate = null;
    fake.openDialogResult = { canceled: false, filePaths: ['/tmp/picked'] };
    fake.errorBoxes = [];
    FakeBrowserWindow.instances = [];
  },
};

export const electronModule = {
  app: fake.app,
  BrowserWindow: FakeBrowserWindow,
  ipcMain: {
    handle: (channel: string, fn: (...args: any[]) => unknown) => {
      if (fake.ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
      fake.ipcHandlers.set(channel, fn);
    },
    removeHandler: (channel: string) => fake.ipcHandlers.delete(channel),
  },
  session: {
    defaultSession: {
      webRequest: { onHeadersReceived: (fn: typeof fake.headersHook) => (fake.headersHook = fn) },
      setPermissionRequestHandler: (fn: typeof fake.permissionRequest) => (fake.permissionRequest = fn),
      setPermissionCheckHandler: (fn: typeof fake.permissionCheck) => (fake.permissionCheck = fn),
    },
  },
  dialog: {
    showOpenDialog: vi.fn(async () => fake.openDialogResult),
    showErrorBox: (title: string, content: string) => fake.errorBoxes.push([title, content]),
  },
  Menu: {
    buildFromTemplate: (t: unknown[]) => ({ template: t }),
    setApplicationMenu: (m: { template: unknown[] }) => (fake.menuTemplate = m.template),
  },
};
