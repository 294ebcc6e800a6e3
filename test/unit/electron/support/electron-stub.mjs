// A scripted stand-in for Electron used by the built-bundle smoke test: once the main bundle has created its
// window and loaded the page, it calls the registered `floe:call` handler as our page and as a foreign frame, adds
// a project (FLOE_SMOKE_PROJECT) and then quits; every observation is printed as one `STUB {json}` line. Test
// support only; runs in a child process.
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';

const say = (o) => process.stdout.write(`STUB ${JSON.stringify(o)}\n`);
const handlers = new Map();

class App extends EventEmitter {
  isPackaged = false;
  requestSingleInstanceLock() {
    return true;
  }
  setBadgeCount(n) {
    say({ badge: n });
    return true;
  }
  whenReady() {
    return Promise.resolve();
  }
  quit() {
    const e = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('before-quit', e);
    say({ quit: true, held: e.defaultPrevented });
    if (!e.defaultPrevented) setImmediate(() => process.exit(0));
  }
  exit(code) {
    say({ exit: code });
    process.exit(code);
  }
}
export const app = new App();

export const ipcMain = {
  handle: (channel, fn) => handlers.set(channel, fn),
  removeHandler: (channel) => handlers.delete(channel),
};

export const session = {
  defaultSession: {
    webRequest: {
      onHeadersReceived: (fn) =>
        fn({ responseHeaders: {} }, (r) => say({ csp: r.responseHeaders['Content-Security-Policy'][0] })),
    },
    setPermissionRequestHandler: (fn) => fn({}, 'media', (granted) => say({ permission: granted })),
    setPermissionCheckHandler: () => undefined,
  },
};

export const dialog = {
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showErrorBox: (title, content) => say({ errorBox: title, content }),
};

export const Menu = {
  buildFromTemplate: (t) => t,
  setApplicationMenu: (t) => say({ menu: t.map((m) => m.label) }),
};

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    say({ window: options.webPreferences });
    const events = [];
    this.webContents = Object.assign(new EventEmitter(), {
      setWindowOpenHandler: () => undefined,
      isDestroyed: () => false,
      send: (channel, name, payload) => {
        events.push(name);
        say({ event: channel, name, payload });
      },
    });
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isFocused() {
    return true;
  }
  flashFrame() {}
  show() {}
  focus() {}
  restore() {}
  async loadURL(url) {
    return this.#drive(url);
  }
  async loadFile(file) {
    return this.#drive(pathToFileURL(file).href);
  }
  async #drive(pageUrl) {
    say({ load: pageUrl });
    setImmediate(async () => {
      const call = handlers.get('floe:call');
      say({ info: await call({ senderFrame: { url: pageUrl } }, 'app.info', {}) });
      say({ foreign: await call({ senderFrame: { url: 'https://example.invalid/' } }, 'app.info', {}) });
      say({
        added: await call({ senderFrame: { url: pageUrl } }, 'projects.add', { path: process.env.FLOE_SMOKE_PROJECT }),
      });
      setTimeout(() => app.quit(), 50);
    });
  }
}

export default { app, ipcMain, session, dialog, Menu, BrowserWindow };
