// test/preflight.mjs: the one line `npm test` prints when a system package is missing, checked with the real script
// run under an empty PATH, and the pure check with Chromium absent; its package list agrees with README and .ci/run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script without types
import { missing, missingLine, REQUIREMENTS } from '../../preflight.mjs';
import { REPO } from '../../helpers/cli.js';

type Req = { pkg: string; file?: string; command?: string };
const SCRIPT = path.join(REPO, 'test', 'preflight.mjs');

describe('npm test preflight', () => {
  it('stops at once with one line naming the missing packages and the apt command', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'floe-path-'));
    try {
      const r = spawnSync(process.execPath, [SCRIPT], { env: { PATH: empty }, encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        'npm test needs system packages that are missing: procps (pgrep), python3 (python3), git (git), ' +
          'bubblewrap (bwrap). Install them with: sudo apt-get install -y procps python3 git bubblewrap\n',
      );
      const pk = spawnSync(process.execPath, [SCRIPT, '--packages'], { env: { PATH: empty }, encoding: 'utf8' });
      expect(pk.stdout).toBe('procps python3 git bubblewrap\n');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('names chromium when /usr/bin/chromium is absent', () => {
    const gone = (missing as (r: Req[], p: object) => Req[])(REQUIREMENTS, { exists: () => false, onPath: () => true });
    expect((missingLine as (g: Req[]) => string)(gone)).toBe(
      'npm test needs system packages that are missing: chromium (/usr/bin/chromium). Install them with: sudo apt-get install -y chromium',
    );
  });

  it('is silent and succeeds on this machine, where everything is installed', () => {
    const r = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
  });

  it('README lists the same packages, and .ci/run installs what the script names', () => {
    const all = (REQUIREMENTS as Req[]).map((r) => r.pkg).join(' ');
    expect(readFileSync(path.join(REPO, 'README.md'), 'utf8')).toContain(`sudo apt-get install -y ${all}\n`);
    expect(readFileSync(path.join(REPO, '.ci', 'run'), 'utf8')).toContain('need=$(node test/preflight.mjs --packages)');
    expect(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts.test).toMatch(
      /^node test\/preflight\.mjs && /,
    );
  });
});
