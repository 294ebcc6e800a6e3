// The built `floe` command (issue 21) in a fresh clone (sources, no out/, node_modules linked to the repository's):
// without the bundle bin/floe.mjs says so in one line and still works from the sources; bin/build-cli.mjs (what
// postinstall runs) builds out/cli, after which floe starts from it silently; a source edited later makes it stale
// again, which floe names, and --stale rebuilds only then. Also: the bundle runs a real task end to end.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'floe-cli-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function freshClone(): string {
  const root = path.join(work, 'clone');
  const skip = new Set(['node_modules', 'out', 'dist', '.git', 'test', 'e2e', 'bench', 'docs', 'native']);
  for (const d of readdirSync(REPO).filter((n) => !skip.has(n))) {
    cpSync(path.join(REPO, d), path.join(root, d), { recursive: true });
  }
  symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  return root;
}

const node = (root: string, args: string[]) =>
  spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 110_000, env: { ...process.env } });

describe('the built floe command', () => {
  it('falls back to the sources with a message when missing or stale; runs the bundle silently when built', () => {
    const root = freshClone();
    const floe = path.join(root, 'bin', 'floe.mjs');

    const missing = node(root, [floe, '--version']);
    expect(missing.status, missing.stderr).toBe(0);
    expect(missing.stdout.trim()).toBe('0.1.0');
    expect(missing.stderr).toBe(
      'floe: the built command (out/cli/floe.mjs) is missing; running from the TypeScript sources (slower start). ' +
        '`npm run build:cli` rebuilds it.\n',
    );

    const build = node(root, [path.join(root, 'bin', 'build-cli.mjs')]);
    expect(build.status, build.stderr).toBe(0);
    expect(build.stderr).toBe('');
    const built = node(root, [floe, '--help']);
    expect(built.status).toBe(0);
    expect(built.stderr).toBe('');
    expect(built.stdout).toContain('checkpoints');
    expect(built.stdout).toBe(node(root, ['--import', 'tsx', path.join(root, 'main/cli/index.ts'), '--help']).stdout);

    // a source edited after the build (a second later; the rebuild below starts after that second)
    const bundle = path.join(root, 'out', 'cli', 'floe.mjs');
    const later = statSync(bundle).mtimeMs + 1000;
    utimesSync(path.join(root, 'main', 'cli', 'exit.ts'), later / 1000, later / 1000);
    const stale = node(root, [floe, '--version']);
    expect(stale.status).toBe(0);
    expect(stale.stderr).toContain('floe: main/cli/exit.ts changed after the command was built; running from the');
    const before = statSync(bundle).mtimeMs;
    while (Date.now() <= later + 10) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    expect(node(root, [path.join(root, 'bin', 'build-cli.mjs'), '--stale']).status).toBe(0);
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(before);
    const fresh = node(root, [floe, '--version']);
    expect(fresh.stderr).toBe('');
    // --stale on a current bundle leaves it
    const again = statSync(bundle).mtimeMs;
    expect(node(root, [path.join(root, 'bin', 'build-cli.mjs'), '--stale']).status).toBe(0);
    expect(statSync(bundle).mtimeMs).toBe(again);
  }, 120_000);

  it('a broken source: the build names file and line, postinstall still succeeds, --strict fails', () => {
    const root = path.join(work, 'clone');
    const bad = path.join(root, 'main', 'cli', 'exit.ts');
    cpSync(bad, `${bad}.orig`);
    spawnSync('sh', ['-c', `printf 'export const = ;\\n' >> '${bad}'`]);
    try {
      const lenient = node(root, [path.join(root, 'bin', 'build-cli.mjs')]);
      expect(lenient.status).toBe(0);
      expect(lenient.stderr).toMatch(/^floe: building the command \(out\/cli\) failed: main\/cli\/exit\.ts:\d+: /);
      expect(lenient.stderr.trim().split('\n')).toHaveLength(1);
      expect(node(root, [path.join(root, 'bin', 'build-cli.mjs'), '--strict']).status).toBe(1);
    } finally {
      cpSync(`${bad}.orig`, bad);
    }
  }, 120_000);
});
