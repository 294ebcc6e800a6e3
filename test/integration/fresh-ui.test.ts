// A fresh clone's browser UI: a copy of the sources with no out/ (node_modules shared with the repository) where
// `floe web` builds the UI on demand, saying so, and then serves the app rather than a "not built" page; and the
// pure missing/stale/fresh decision that postinstall and prebench (bin/build-ui.mjs) use.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rendererState } from '../../main/cli/renderer-build.js';
import { REPO } from '../helpers/cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'floe-fresh-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The checkout as `git clone` leaves it: sources, no out/; node_modules linked to the repository's. */
function freshClone(name = 'clone'): string {
  const root = path.join(work, name);
  const skip = new Set(['node_modules', 'out', 'dist', '.git', 'test', 'e2e', 'bench', 'docs', 'native']);
  for (const d of readdirSync(REPO).filter((n) => !skip.has(n))) {
    cpSync(path.join(REPO, d), path.join(root, d), { recursive: true });
  }
  symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  return root;
}

describe('a fresh clone', () => {
  it('`floe web` builds the missing UI with progress, then serves the app', async () => {
    const root = freshClone();
    const home = path.join(work, 'home');
    mkdirSync(home);
    const proc = spawn(process.execPath, [path.join(root, 'bin', 'floe.mjs'), 'web', '--port', '0'], {
      cwd: root,
      env: { ...process.env, FLOE_HOME: home, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (err += d));
    const watchdog = setTimeout(() => proc.kill('SIGKILL'), 110_000);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        proc.stdout.on('data', () => {
          const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        proc.on('exit', (code) => reject(new Error(`floe web exited with ${code}\n${out}\n${err}`)));
      });
      expect(err).toContain('The browser UI is not built yet; building it now (out/renderer, a few seconds)…');
      expect(err).toContain('The browser UI is built.');
      const page = await (await fetch(url)).text();
      expect(page).toContain('<div id="root">');
      expect(page).not.toMatch(/not built/i);
      expect(rendererState(root)).toBe('fresh');
    } finally {
      clearTimeout(watchdog);
      proc.kill('SIGTERM');
    }
  }, 120_000);
});

describe('bin/build-ui.mjs (postinstall, prebench)', () => {
  it('npm install and npm run bench run it; it builds a missing UI, and with --stale rebuilds an outdated one', () => {
    const scripts = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts;
    expect(scripts.postinstall).toBe('node bin/build-cli.mjs && node bin/build-ui.mjs');
    expect(scripts.prebench).toBe('node bin/build-cli.mjs --stale --strict && node bin/build-ui.mjs --stale');
    const root = freshClone('scripted');
    const first = spawnSync(process.execPath, [path.join(root, 'bin', 'build-ui.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('The browser UI is not built yet; building it now');
    expect(rendererState(root)).toBe('fresh');
    // a source newer than the build: postinstall leaves it, prebench rebuilds it
    const now = Date.now() / 1000 + 5;
    utimesSync(path.join(root, 'renderer', 'index.html'), now, now);
    const quiet = spawnSync(process.execPath, [path.join(root, 'bin', 'build-ui.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect([quiet.status, quiet.stderr]).toEqual([0, '']);
    const stale = spawnSync(process.execPath, [path.join(root, 'bin', 'build-ui.mjs'), '--stale'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(stale.status, stale.stderr).toBe(0);
    expect(stale.stderr).toContain('The browser UI is older than its sources; rebuilding it');
  }, 240_000);
});

describe('rendererState', () => {
  it('is missing without index.html, stale when a source is newer, fresh otherwise', () => {
    const root = path.join(work, 'state');
    mkdirSync(path.join(root, 'renderer', 'src'), { recursive: true });
    mkdirSync(path.join(root, 'shared'), { recursive: true });
    writeFileSync(path.join(root, 'renderer', 'src', 'a.ts'), '');
    expect(rendererState(root)).toBe('missing');
    mkdirSync(path.join(root, 'out', 'renderer'), { recursive: true });
    const index = path.join(root, 'out', 'renderer', 'index.html');
    writeFileSync(index, '');
    const now = Date.now() / 1000;
    utimesSync(path.join(root, 'renderer', 'src', 'a.ts'), now - 100, now - 100);
    utimesSync(index, now - 50, now - 50);
    expect(rendererState(root)).toBe('fresh');
    writeFileSync(path.join(root, 'shared', 'b.ts'), '');
    utimesSync(path.join(root, 'shared', 'b.ts'), now, now);
    expect(rendererState(root)).toBe('stale');
  });
});
