// electron-vite build of the desktop app with Floe's top-level roots: main (main/electron/main.ts → out/main/index.js,
// ESM, every dependency external so native modules load from node_modules), preload (preload/index.ts →
// out/preload/index.cjs: CommonJS and self-contained, as a sandboxed preload must be) and the renderer (the same
// settings as renderer/vite.config.mts → out/renderer). Build settings only.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererSettings } from './renderer/vite.config.mjs';

const root = import.meta.dirname;
const renderer = rendererSettings();

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // dependencies stay external (default); native ones named explicitly so they are never bundled
      externalizeDeps: { include: ['better-sqlite3', 'node-pty'] },
      rolldownOptions: {
        input: { index: resolve(root, 'main/electron/main.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // a sandboxed preload can only require('electron'): bundle everything it imports (zod via shared/api.ts)
      externalizeDeps: false,
      lib: { entry: resolve(root, 'preload/index.ts'), formats: ['cjs'], fileName: () => 'index.cjs' },
    },
  },
  renderer: {
    ...renderer,
    root: resolve(root, 'renderer'),
  },
});
