// Vitest globalSetup: every test process (and everything it spawns) runs with a fresh temporary HOME whose login
// profile is empty, so no test depends on the machine's ~/.bashrc or ~/.profile (a slow `pyenv init`, a stale pyenv
// lock). What tools need from the real home is kept by name: npm's cache and user config, git's identity (a copy of
// ~/.gitconfig), and the download cache (Electron's binary). Tests about profiles build their own under a HOME of
// their own. The folder is removed at the end of the run. Must not start servers or touch the real home.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The real home: HOME as the run was started with it, else the account's. */
function realHome(env: NodeJS.ProcessEnv): string {
  return env.HOME || userInfo().homedir;
}

/**
 * The variables a test run gets: HOME is `home`; npm, git and the caches still find what the real home holds.
 * Variables the caller set already are left alone (an explicit npm_config_cache, XDG_CACHE_HOME, …).
 */
export function controlledEnv(env: NodeJS.ProcessEnv, home: string): Record<string, string> {
  const real = realHome(env);
  const out: Record<string, string> = { HOME: home, FLOE_TEST_REAL_HOME: real };
  const keep = (name: string, value: string): void => {
    if (!env[name]) out[name] = value;
  };
  keep('npm_config_cache', join(real, '.npm'));
  if (existsSync(join(real, '.npmrc'))) keep('npm_config_userconfig', join(real, '.npmrc'));
  keep('XDG_CACHE_HOME', join(real, '.cache'));
  // pyenv's shims read PYENV_ROOT (default ~/.pyenv): python3 through a shim on PATH must still find its versions
  if (existsSync(join(real, '.pyenv'))) keep('PYENV_ROOT', join(real, '.pyenv'));
  return out;
}

/** Makes the temporary home (an empty profile: no rc files at all) and returns it. */
export function makeHome(real: string): string {
  const home = mkdtempSync(join(tmpdir(), 'floe-test-home-'));
  mkdirSync(join(home, '.config'), { recursive: true });
  // commits made by tests (checkpoints, worktrees) keep the machine's git identity
  if (existsSync(join(real, '.gitconfig'))) copyFileSync(join(real, '.gitconfig'), join(home, '.gitconfig'));
  return home;
}

export default function setup(): () => void {
  const home = makeHome(realHome(process.env));
  Object.assign(process.env, controlledEnv(process.env, home));
  return () => rmSync(home, { recursive: true, force: true });
}
