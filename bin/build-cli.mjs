#!/usr/bin/env node
// Builds the `floe` command (main/cli and everything it imports from main/ and shared/) into out/cli with esbuild,
// so that starting `floe` loads plain JavaScript instead of compiling TypeScript on every start. The npm packages it
// uses are bundled too (Node's loader resolving, reading and linking their hundreds of files one by one cost over a
// second of `floe run`'s start on this machine), except native modules and Electron, which load from node_modules.
// Dynamic imports become their own files, so `floe --help` loads only the command table. Run by `npm install` (postinstall), `npm run build:cli`,
// and the test setup (`--stale`: only when a source is newer than the bundle). A failure in postinstall only warns,
// so the install itself succeeds: bin/floe.mjs then runs the sources and says so.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_DIR, BUNDLE_INPUTS, bundleProblem } from './cli-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const onlyStale = process.argv.includes('--stale');
const strict = process.argv.includes('--strict');

/** Loaded from node_modules at run time: native modules, Electron, and ws's optional native helpers. */
const EXTERNAL = ['better-sqlite3', 'node-pty', 'electron', 'bufferutil', 'utf-8-validate'];

/** esbuild's options for the command's bundle, written to `outdir` (exported for the bundle's test). */
export function cliBuildOptions(rootDir, outdir) {
  return {
    absWorkingDir: rootDir,
    entryPoints: { floe: 'main/cli/index.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // stopword's `main` (what esbuild takes for Node) is one CommonJS file holding the lists of 62 languages, ~30 ms
    // to evaluate at every start; its ES module build lets the bundle keep the English list alone
    alias: { stopword: 'stopword/dist/stopword.esm.mjs' },
    // bundled CommonJS packages call require() for Node built-ins and the external packages
    banner: {
      js: "import { createRequire as __floeRequire } from 'node:module'; const require = __floeRequire(import.meta.url);",
    },
    outExtension: { '.js': '.mjs' },
    // chunks next to the entry: sources find resources by their own folder (main/cli → out/cli, two levels down)
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    // fewer bytes for V8 to parse at every start; identifiers are kept, so stack traces stay readable
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'silent',
  };
}

/** Builds out/cli; returns null or what went wrong. */
export async function buildCli(rootDir) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return 'esbuild is not installed (it comes with tsx: run `npm install`)';
  }
  // a private folder first, then one rename: a parallel build or a starting `floe` never sees half a bundle
  const tmp = join(rootDir, `${BUNDLE_DIR}.tmp-${process.pid}`);
  try {
    const result = await esbuild.build(cliBuildOptions(rootDir, tmp));
    // our sources, and the lockfile standing for the bundled packages (an install that changes them makes it stale)
    const inputs = [
      ...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')),
      'package-lock.json',
    ];
    writeFileSync(join(tmp, relative(BUNDLE_DIR, BUNDLE_INPUTS)), JSON.stringify({ inputs }, null, 1));
    rmSync(join(rootDir, BUNDLE_DIR), { recursive: true, force: true });
    renameSync(tmp, join(rootDir, BUNDLE_DIR));
    return null;
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    const errors = e && Array.isArray(e.errors) ? e.errors : [];
    const first = errors[0];
    if (first?.location) return `${first.location.file}:${first.location.line}: ${first.text}`;
    return e instanceof Error ? e.message.split('\n')[0] : String(e);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (onlyStale && !bundleProblem(root)) process.exit(0);
  mkdirSync(join(root, 'out'), { recursive: true });
  const problem = await buildCli(root);
  if (problem) {
    process.stderr.write(
      `floe: building the command (out/cli) failed: ${problem}. \`floe\` runs from the TypeScript sources meanwhile` +
        ' (slower start); fix it and run `npm run build:cli`.\n',
    );
    process.exit(strict ? 1 : 0);
  }
}
