// Where the built `floe` command lives and whether it is current. Shared by bin/floe.mjs (which runs the bundle,
// or the TypeScript sources when this says why not), bin/build-cli.mjs and the test setup. Plain Node only: it runs
// on every start of `floe`, so it reads one small JSON file and stats the bundle's inputs, nothing else.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The bundle's entry and the list of the source files it was built from (written by bin/build-cli.mjs). */
export const BUNDLE_DIR = join('out', 'cli');
export const BUNDLE_ENTRY = join(BUNDLE_DIR, 'floe.mjs');
export const BUNDLE_INPUTS = join(BUNDLE_DIR, 'inputs.json');

/**
 * null when `out/cli/floe.mjs` exists and no source it was built from changed since; otherwise why not, for a
 * one-line message ("missing", or which file is newer).
 */
export function bundleProblem(root) {
  let built;
  let inputs;
  try {
    built = statSync(join(root, BUNDLE_ENTRY)).mtimeMs;
    inputs = JSON.parse(readFileSync(join(root, BUNDLE_INPUTS), 'utf8')).inputs;
  } catch {
    return `the built command (${BUNDLE_ENTRY}) is missing`;
  }
  if (!Array.isArray(inputs)) return `${BUNDLE_INPUTS} is unreadable`;
  for (const f of inputs) {
    let t;
    try {
      t = statSync(join(root, f)).mtimeMs;
    } catch {
      return `${f}, one of its sources, is gone`;
    }
    if (t > built) return `${f} changed after the command was built`;
  }
  return null;
}
