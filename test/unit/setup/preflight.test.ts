// test/preflight.mjs: the one line `npm test` prints when a system package is missing, checked with the real script
// run under an empty PATH, and the pure check with Chromium absent; its package list agrees with README and .ci/run.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script without types
import { hangLine, missing, missingLine, REQUIREMENTS, staleLock, staleLockLine } from '../../preflight.mjs';
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
    // no pyenv lock to report (this machine's own may be stale: the next test covers that)
    const root = mkdtempSync(path.join(tmpdir(), 'floe-no-pyenv-'));
    try {
      const r = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8', env: { ...process.env, PYENV_ROOT: root } });
      expect([r.status, r.stderr]).toEqual([0, '']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('README lists the same packages, and .ci/run installs what the script names', () => {
    const all = (REQUIREMENTS as Req[]).map((r) => r.pkg).join(' ');
    expect(readFileSync(path.join(REPO, 'README.md'), 'utf8')).toContain(`sudo apt-get install -y ${all}\n`);
    expect(readFileSync(path.join(REPO, '.ci', 'run'), 'utf8')).toContain('need=$(node test/preflight.mjs --packages)');
    expect(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts.test).toMatch(
      /^node test\/preflight\.mjs && /,
    );
  });

  it('names a stale pyenv lock under the real home in one line with the fix, and goes on', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'floe-lock-home-'));
    try {
      const lock = path.join(home, '.pyenv', 'shims', '.pyenv-shim');
      mkdirSync(path.dirname(lock), { recursive: true });
      writeFileSync(lock, '');
      const env = { ...process.env, HOME: home, PYENV_ROOT: '' };
      const r = spawnSync(process.execPath, [SCRIPT], { env, encoding: 'utf8' });
      expect([r.status, r.stderr]).toEqual([0, `${(staleLockLine as (l: string) => string)(lock)}\n`]);
      expect(r.stderr).toContain(`remove it with: rm -f ${lock}`);
      // a lock a running pyenv rehash holds is not stale
      const held = (staleLock as (e: object, p: object) => string | null)(env, {
        exists: () => true,
        rehashRunning: () => true,
      });
      expect(held).toBeNull();
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('stops with one line instead of hanging when a login shell does not finish', () => {
    // a bash that never finishes stands in for a system profile that hangs
    const bin = mkdtempSync(path.join(tmpdir(), 'floe-hang-bin-'));
    try {
      writeFileSync(path.join(bin, 'bash'), '#!/bin/sh\nexec sleep 30\n');
      chmodSync(path.join(bin, 'bash'), 0o755);
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, FLOE_PREFLIGHT_LOGIN_MS: '500' };
      const r = spawnSync(process.execPath, [SCRIPT], { env, encoding: 'utf8', timeout: 20_000 });
      expect([r.status, r.stderr]).toEqual([1, `${(hangLine as (ms: number) => string)(500)}\n`]);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
