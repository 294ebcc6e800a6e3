// Building the browser UI (out/renderer) when it is missing or older than its sources: used by `floe web` (build on
// demand), npm's postinstall and `npm run bench` (bin/build-ui.mjs). Runs Vite with the renderer's own config and
// sends its progress to stderr, so stdout stays for what the command itself prints. Must not serve anything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const RENDERER_INDEX = path.join('out', 'renderer', 'index.html');

/** The newest modification time under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

/** 'missing' without out/renderer/index.html, 'stale' when a renderer/shared/preload source is newer, else 'fresh'. */
export function rendererState(root: string): 'missing' | 'stale' | 'fresh' {
  const index = path.join(root, RENDERER_INDEX);
  if (!existsSync(index)) return 'missing';
  const built = statSync(index).mtimeMs;
  const src = Math.max(...['renderer', 'shared', 'preload'].map((d) => newest(path.join(root, d))));
  return src > built ? 'stale' : 'fresh';
}

/**
 * Runs `vite build` for the renderer (into out/renderer, or `outDir`); null on success, else the reason. Progress
 * goes to stderr. Always a production build: Vite takes NODE_ENV from the environment when it is set, and for any
 * value but `production` (vitest sets `test`) it bundles React's development build — several times slower, with its
 * checks and warnings — which would then be served as the app.
 */
export function buildRenderer(root: string, o: { outDir?: string } = {}): string | null {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) return `Vite is not installed (${vite}); run "npm install" in ${root} (with dev dependencies)`;
  const args = [vite, 'build', '--config', path.join('renderer', 'vite.config.mts')];
  if (o.outDir) args.push('--outDir', o.outDir, '--emptyOutDir');
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', process.stderr, process.stderr],
    timeout: 300_000,
  });
  if (r.error) return `could not run Vite: ${r.error.message}`;
  if (r.status !== 0) return `vite build exited with ${r.status ?? r.signal}; see the messages above`;
  const index = o.outDir ? path.join(o.outDir, 'index.html') : path.join(root, RENDERER_INDEX);
  return existsSync(index) ? null : `vite build did not produce ${index}`;
}

/**
 * Builds the UI when it is missing (or, with `rebuildStale`, older than its sources), saying so on `log` first.
 * Returns null when the UI is ready, else the reason it is not.
 */
export function ensureRenderer(
  root: string,
  o: { rebuildStale?: boolean; log?: (line: string) => void } = {},
): string | null {
  const state = rendererState(root);
  if (state === 'fresh' || (state === 'stale' && !o.rebuildStale)) return null;
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  log(
    state === 'missing'
      ? 'The browser UI is not built yet; building it now (out/renderer, a few seconds)…'
      : 'The browser UI is older than its sources; rebuilding it (out/renderer)…',
  );
  const problem = buildRenderer(root);
  if (!problem) log('The browser UI is built.');
  return problem;
}
