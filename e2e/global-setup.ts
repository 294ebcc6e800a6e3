// Vitest globalSetup for the end-to-end tests: builds the `floe` command (out/cli, bin/build-cli.mjs) when it is
// missing or older than one of its sources, and the renderer (main/cli/renderer-build.ts, as `floe web` and `npm
// install` do: a production build) when out/renderer/index.html is missing or older than any renderer/shared/preload
// source, so tests that start bin/floe.mjs or open the UI run what the sources say. Must not start servers.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureRenderer } from '../main/cli/renderer-build.js';

const REPO = resolve(import.meta.dirname, '..');

export default function setup(): void {
  execFileSync(process.execPath, [resolve(REPO, 'bin/build-cli.mjs'), '--stale', '--strict'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 120_000,
  });
  const problem = ensureRenderer(REPO, { rebuildStale: true, log: () => undefined });
  if (problem) throw new Error(`e2e setup: the renderer could not be built: ${problem}`);
}
