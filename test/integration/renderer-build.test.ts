// The browser UI build (main/cli/renderer-build.ts, used by `floe web`, npm's postinstall, `npm run bench` and the
// e2e setup) is React's production build whatever NODE_ENV its caller has: Vite follows NODE_ENV when it is set,
// and under vitest it is `test`, which used to give the development build (the e2e tests and a later `floe web` or
// benchmark then ran a UI several times slower than the one users get).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../../main/cli/renderer-build.js';

const REPO = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'floe-renderer-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('renderer build', () => {
  it("is React's production build even when the caller's NODE_ENV is not production", () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(buildRenderer(REPO, { outDir: out })).toBeNull();
    const assets = join(out, 'assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
    // (booleans: a failure must not print a megabyte of bundle)
    expect(js.includes('xterm'), "the app's bundle, not an empty one").toBe(true);
    // present only in React's development build: its stack frame marker and its key warning
    expect(js.includes('react_stack_bottom_frame'), 'React development build').toBe(false);
    expect(js.includes('unique "key" prop'), 'React development build').toBe(false);
  });
});
