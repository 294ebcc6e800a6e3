// The test run's own HOME (test/global-home.ts): every test process runs with a temporary home whose login
// profile is empty, while npm, git and the download cache still find what the real home holds.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controlledEnv } from '../global-home.js';

describe('test HOME', () => {
  it('this process and the login shells it starts use a temporary HOME without profile files', () => {
    const home = process.env.HOME ?? '';
    expect(home).not.toBe(userInfo().homedir);
    expect(process.env.FLOE_TEST_REAL_HOME).toBe(userInfo().homedir);
    for (const f of ['.bashrc', '.bash_profile', '.bash_login', '.profile'])
      expect(existsSync(join(home, f))).toBe(false);
    expect(execFileSync('bash', ['-lc', 'echo "$HOME"'], { encoding: 'utf8' }).trim()).toBe(home);
  });

  it('git keeps the real identity', () => {
    const real = process.env.FLOE_TEST_REAL_HOME ?? '';
    if (!existsSync(join(real, '.gitconfig'))) {
      expect(existsSync(join(process.env.HOME ?? '', '.gitconfig'))).toBe(false);
      return;
    }
    const ask = (env: NodeJS.ProcessEnv): string =>
      execFileSync('git', ['config', '--global', 'user.email'], { encoding: 'utf8', env }).trim();
    expect(ask(process.env)).toBe(ask({ ...process.env, HOME: real }));
  });

  it('points npm and the caches at the real home and leaves variables set by the caller alone', () => {
    const env = controlledEnv({ HOME: '/home/ann', XDG_CACHE_HOME: '/var/cache/ann' }, '/tmp/h');
    expect(env.HOME).toBe('/tmp/h');
    expect(env.npm_config_cache).toBe('/home/ann/.npm');
    expect(env.XDG_CACHE_HOME).toBeUndefined();
    expect(controlledEnv({ HOME: '/home/ann' }, '/tmp/h').XDG_CACHE_HOME).toBe('/home/ann/.cache');
    expect(controlledEnv({ HOME: '/home/ann', npm_config_cache: '/c' }, '/tmp/h').npm_config_cache).toBeUndefined();
  });
});
