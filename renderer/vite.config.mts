// Vite config of the renderer alone (`npm run build:renderer` → out/renderer, used by browser mode without
// Electron). electron.vite.config.mts reuses rendererSettings() so both builds are the same. Build settings only;
// must not hold app code.
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { cspMetaTag } from '../main/electron/csp.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Adds the CSP <meta> tag to the built index.html: a page loaded from file:// gets no response headers. */
function cspMeta(): Plugin {
  return {
    name: 'floe-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<head>/i, `<head>\n    ${cspMetaTag()}`),
    },
  };
}

/** The renderer's build settings, shared by plain Vite and electron-vite. */
export function rendererSettings(): UserConfig {
  return {
    root: here,
    base: './',
    plugins: [react(), cspMeta()],
    build: {
      outDir: resolve(here, '..', 'out', 'renderer'),
      emptyOutDir: true,
      target: 'chrome120',
      rolldownOptions: { input: resolve(here, 'index.html') },
    },
  };
}

export default defineConfig(rendererSettings());
