// What a start of the built `floe` command loads (issue 21's start-up budget): the bundle is built in memory with
// the options of bin/build-cli.mjs, and the files a start reads before its first await are followed through their
// static imports. `floe --version`/`--help` must load the command table alone (no package but commander);
// `floe run` must not load what its first model request does not need: the other provider's SDK, the MCP SDK, the
// terminal emulator, the image sniffer, the tool-argument validator (ajv), the deferred-tool search (MiniSearch), the shell parser (unbash),
// nor the parts of zod and stopword it never uses (zod's locales, stopword's 61 other languages: the bundle keeps
// them out only with a namespace import of zod and stopword's ES module build). These load on first use (dynamic
// imports, their own chunks) or not at all.
import path from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../bin/build-cli.mjs';
import { REPO } from '../helpers/cli.js';

type Meta = esbuild.Metafile;
let meta: Meta;
const OUT = path.join(REPO, 'out', 'cli-imports-test');

beforeAll(async () => {
  const r = await esbuild.build({ ...cliBuildOptions(REPO, OUT), write: false });
  meta = r.metafile;
}, 120_000);

/** Output files reached from `start` through static imports (the start itself included). */
function staticClosure(start: string): string[] {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of meta.outputs[f]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) todo.push(i.path);
  }
  return [...seen];
}

/** The output file of an entry point or of a dynamically imported source file. */
function outputOf(source: string): string {
  const f = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint === source);
  if (!f) throw new Error(`no output for ${source}`);
  return f;
}

/** Source files (inputs of the bundle) whose code is in these output files. */
function inputsIn(files: string[]): string[] {
  return files.flatMap((f) => Object.keys(meta.outputs[f].inputs));
}

/** npm packages (by name) whose code is in these output files. */
function packagesIn(files: string[]): Set<string> {
  const out = new Set<string>();
  for (const f of files)
    for (const input of Object.keys(meta.outputs[f].inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      if (m) out.add(m[1]);
    }
  return out;
}

describe('what a start of floe loads', () => {
  it('--version and --help: the command table and commander only', () => {
    const files = staticClosure(outputOf('main/cli/index.ts'));
    expect([...packagesIn(files)]).toEqual(['commander']);
  });

  it('floe run, before its first request: not the other SDKs, MCP, the terminal emulator or the image sniffer', () => {
    const files = [...staticClosure(outputOf('main/cli/index.ts')), ...staticClosure(outputOf('main/cli/run.ts'))];
    const loaded = packagesIn(files);
    const lazyPackages = [
      '@anthropic-ai/sdk',
      'openai',
      '@modelcontextprotocol/sdk',
      'file-type',
      '@xterm/headless',
      'ajv',
      'minisearch',
      'unbash',
    ];
    for (const lazy of lazyPackages) expect(loaded, `${lazy} is loaded at start`).not.toContain(lazy);
    // what the first request does need is there (the closure is not empty by mistake)
    expect(loaded).toContain('yaml');
    expect(loaded).toContain('zod');
  });

  it('floe run, before its first request: no zod locale but English, no stopword list but English', () => {
    const files = [...staticClosure(outputOf('main/cli/index.ts')), ...staticClosure(outputOf('main/cli/run.ts'))];
    const inputs = inputsIn(files);
    const locales = inputs.filter((i) => /node_modules\/zod\/.*\/locales\/(?!en\.js$)/.test(i));
    expect(locales, 'zod locales loaded at start').toEqual([]);
    const stopword = inputs.filter((i) => i.includes('node_modules/stopword/'));
    expect(stopword, 'stopword at start: its ES module build only').toEqual([
      expect.stringMatching(/stopword\/dist\/stopword\.esm\.mjs$/),
    ]);
    const bytes = (f: string) => files.reduce((n, o) => n + (meta.outputs[o].inputs[f]?.bytesInOutput ?? 0), 0);
    expect(bytes(stopword[0]), 'bytes of stopword at start (the English list is ~1 kB)').toBeLessThan(4_000);
  });
});
