#!/usr/bin/env node
// Builds the browser UI (out/renderer) when needed: `npm install` runs it as postinstall (when missing; a failure
// there only warns, so the install itself still succeeds), `npm run bench` as prebench (`--stale`: also when older
// than its sources, and a failure stops the run). The logic is main/cli/renderer-build.ts.
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stale = process.argv.includes('--stale');
if (!existsSync(join(root, 'node_modules', 'tsx'))) {
  // an install without dependencies yet (or a production install): nothing to build with
  process.stderr.write(
    'floe: the browser UI was not built (dependencies missing); `floe web` builds it on first start.\n',
  );
  process.exit(0);
}
const { register } = await import('tsx/esm/api');
register();
const { ensureRenderer } = await import(new URL('../main/cli/renderer-build.ts', import.meta.url).href);
const problem = ensureRenderer(root, { rebuildStale: stale });
if (problem) {
  const next = stale ? '' : ' `floe web` will try again on first start.';
  process.stderr.write(`floe: building the browser UI failed: ${problem}.${next}\n`);
  process.exit(stale ? 1 : 0);
}
