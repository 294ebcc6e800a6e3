#!/usr/bin/env node
// The system packages the test suite needs beyond npm (Debian/Ubuntu names): `npm test` runs this first and stops
// at once with one line naming what is missing and the apt command that installs it; `.ci/run` asks it which
// packages to install (`--packages`). README's "Set up" lists the same packages. It also makes sure no machine
// state can hang the run: a login shell that does not finish with an empty home (a system profile file that hangs)
// stops it with one line; a stale pyenv lock under the real home (left by a killed login shell; every `bash -l`
// then waits 60 s) is named in one line with the command that removes it (the tests run with a temporary HOME of
// their own, test/global-home.ts, so it cannot stall them). Checks only; installs and removes nothing.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the tests use, and the package that provides it. Chromium is looked for where the e2e harness runs it. */
export const REQUIREMENTS = [
  { pkg: 'chromium', file: '/usr/bin/chromium', why: 'the end-to-end tests drive /usr/bin/chromium' },
  { pkg: 'procps', command: 'pgrep', why: 'process-cleanup tests use pgrep' },
  { pkg: 'python3', command: 'python3', why: 'terminal tests use python3' },
  { pkg: 'git', command: 'git', why: 'checkpoint tests use git' },
  { pkg: 'bubblewrap', command: 'bwrap', why: 'the command sandbox and its escape suite run commands in bwrap' },
];

function onPath(command, env) {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not here
    }
  }
  return false;
}

/** The requirements not met, given how to test for a file and for a command. */
export function missing(reqs = REQUIREMENTS, probe = { exists: existsSync, onPath: (c) => onPath(c, process.env) }) {
  return reqs.filter((r) => (r.file ? !probe.exists(r.file) : !probe.onPath(r.command)));
}

/** The one line `npm test` prints when something is missing. */
export function missingLine(gone) {
  const what = gone.map((r) => `${r.pkg} (${r.file ?? r.command})`).join(', ');
  const pkgs = gone.map((r) => r.pkg).join(' ');
  return `npm test needs system packages that are missing: ${what}. Install them with: sudo apt-get install -y ${pkgs}`;
}

/** pyenv's rehash lock under `env`'s pyenv root (PYENV_ROOT, else ~/.pyenv). */
export function pyenvLock(env = process.env) {
  return join(env.PYENV_ROOT || join(env.HOME || homedir(), '.pyenv'), 'shims', '.pyenv-shim');
}

/** True while a `pyenv rehash` runs (it may hold the lock); false also when pgrep is missing. */
function rehashRunning() {
  return spawnSync('pgrep', ['-f', 'pyenv-rehash|pyenv rehash'], { stdio: 'ignore' }).status === 0;
}

/** The lock's path when it is there with no pyenv rehash running (stale), else null. */
export function staleLock(env = process.env, probe = { exists: existsSync, rehashRunning }) {
  const lock = pyenvLock(env);
  return probe.exists(lock) && !probe.rehashRunning() ? lock : null;
}

/** The one line `npm test` prints about a stale lock (and goes on). */
export function staleLockLine(lock) {
  return (
    `npm test: a stale pyenv lock (${lock}) makes every login shell on this machine wait 60 s; the tests do not ` +
    `use your profile, but remove it with: rm -f ${lock}`
  );
}

/** True when `bash -l` with an empty home does not finish within `ms` (a system profile file hangs). */
export function loginShellHangs(ms = 10_000, env = process.env) {
  const home = mkdtempSync(join(tmpdir(), 'floe-preflight-'));
  try {
    const r = spawnSync('bash', ['-lc', 'true'], { env: { ...env, HOME: home }, stdio: 'ignore', timeout: ms });
    return r.error?.code === 'ETIMEDOUT';
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The one line `npm test` stops with when a login shell hangs. */
export function hangLine(ms) {
  return (
    `npm test: a login shell (bash -l) with an empty home did not finish within ${ms / 1000} s, so the tests ` +
    'that start login shells would hang: /etc/profile or a file in /etc/profile.d waits for something; ' +
    'fix it (try: HOME=$(mktemp -d) bash -lxc true) and run npm test again'
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const gone = missing();
  if (process.argv.includes('--packages')) {
    process.stdout.write(gone.map((r) => r.pkg).join(' ') + (gone.length ? '\n' : ''));
  } else if (gone.length) {
    process.stderr.write(`${missingLine(gone)}\n`);
    process.exit(1);
  } else {
    const ms = Number(process.env.FLOE_PREFLIGHT_LOGIN_MS) || 10_000;
    if (loginShellHangs(ms)) {
      process.stderr.write(`${hangLine(ms)}\n`);
      process.exit(1);
    }
    const lock = staleLock();
    if (lock) process.stderr.write(`${staleLockLine(lock)}\n`);
  }
}
