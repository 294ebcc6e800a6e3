// Entry of the Electron main process (electron-vite's main build → out/main/index.js): resolves FLOE_HOME and the
// Electron build of better-sqlite3, then hands over to startDesktop. Must stay this thin; behaviour lives in app.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import { floeHome } from '../config/home.js';
import { createHost } from '../host/index.js';
import { startDesktop } from './app.js';
import { electronNativeBinding, nativeHint } from './native.js';

const outMainDir = import.meta.dirname;
const appRoot = join(outMainDir, '..', '..');
const nativeBinding = electronNativeBinding({ versions: process.versions, appRoot, exists: existsSync });

startDesktop({
  createHost,
  home: floeHome(),
  outMainDir,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
  dev: !app.isPackaged,
  nativeBinding,
  startupHint: (e) =>
    /sqlite|native|binding|NODE_MODULE_VERSION|dlopen/i.test(String((e as Error)?.message ?? e))
      ? nativeHint(nativeBinding, appRoot)
      : '',
});
