#!/usr/bin/env node
// The `floe` command. It runs the built command (out/cli/floe.mjs, made by bin/build-cli.mjs at `npm install` and
// `npm run build:cli`): plain JavaScript, so a start costs little more than Node's own. When that bundle is missing
// or older than a source file, it says so in one line and runs the TypeScript sources through tsx instead.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUNDLE_ENTRY, bundleProblem } from './cli-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const problem = bundleProblem(root);
if (!problem) {
  await import(pathToFileURL(join(root, BUNDLE_ENTRY)).href);
} else {
  process.stderr.write(
    `floe: ${problem}; running from the TypeScript sources (slower start). \`npm run build:cli\` rebuilds it.\n`,
  );
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'main', 'cli', 'index.ts')).href);
}
