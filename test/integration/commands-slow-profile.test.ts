// Slow and locked login profiles (issue 27): a command's yield window opens when the command itself starts, not
// while its shell loads the profile; the snapshot is captured when the session (the registry) starts, before any
// call; a profile stuck on a stale lock (as pyenv's rehash lock) costs one warning, not every command. Each profile
// is written into a temporary HOME of its own; real login shells and ptys, exec_command through the Environment.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../helpers/procs.js';
import { CommandRegistry, type CommandRegistryOptions } from '../../main/environment/commands/registry.js';
import { execThroughTool } from '../helpers/exec-tool.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A HOME whose ~/.bash_profile is `profile`, and a registry whose commands see it. */
function setup(
  profile: string,
  snapshot?: { timeoutMs?: number },
  files: Record<string, string> = {},
): { home: string; dir: string; reg: CommandRegistry } {
  const home = mkdtempSync(join(tmpdir(), 'floe-slow-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'floe-slow-snap-'));
  writeFileSync(join(home, '.bash_profile'), profile);
  // before the registry: it starts the login shell at once, which on a loaded machine read the profile before a
  // file written after it existed
  for (const [name, text] of Object.entries(files)) writeFileSync(join(home, name), text);
  const opts: CommandRegistryOptions = { env: { HOME: home } };
  if (snapshot) opts.loginSnapshot = { dir, sessionId: 'slow', timeoutMs: snapshot.timeoutMs };
  const reg = new CommandRegistry(opts);
  cleanup.push(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });
  cleanup.push(() => reg.disposeAll());
  return { home, dir, reg };
}

const exec = (reg: CommandRegistry, cwd: string, cmd: string, yieldMs: number) =>
  execThroughTool(reg, cwd, { cmd, yield_time_ms: yieldMs });

const SLOW = 'sleep 1.2\necho ran >> "$HOME/profile-runs"\nexport FROM_PROFILE=yes\n';

describe('slow and locked login profiles', () => {
  it('bash -lc per command: a 1.2 s profile does not use up a 500 ms window', async () => {
    const { home, reg } = setup(SLOW);
    const r = await exec(reg, home, 'sleep 0.2; echo "done $FROM_PROFILE"', 500);
    expect(r.output).toBe('done yes\n');
  }, 30_000);

  it('the window still ends on time once the command runs', async () => {
    const { home, reg } = setup(SLOW);
    const r = await exec(reg, home, 'echo first; sleep 30', 500);
    expect(r.output).toMatch(/^first\n\[process running with process_id proc-[0-9a-f]{8}; /);
  }, 30_000);

  it('with a snapshot: captured when the session starts, before any call, once', async () => {
    const { home, dir, reg } = setup(SLOW, {});
    // no call yet: the registry's start alone runs the login shell
    expect(await until(() => readdirSync(dir).some((f) => f.endsWith('-slow.sh')), 10_000)).toBe(true);
    expect(readFileSync(join(home, 'profile-runs'), 'utf8')).toBe('ran\n');
    const r = await exec(reg, home, 'echo "$FROM_PROFILE"', 500);
    expect(r).toEqual({ output: 'yes\n', warnings: [] });
    expect(readFileSync(join(home, 'profile-runs'), 'utf8')).toBe('ran\n');
  }, 30_000);

  it('with a snapshot: the first call made at once waits for the capture, then gets its whole window', async () => {
    const { home, reg } = setup(SLOW, {});
    const r = await exec(reg, home, 'sleep 0.2; echo "$FROM_PROFILE"', 500);
    expect(r).toEqual({ output: 'yes\n', warnings: [] });
  }, 30_000);

  it('a profile stuck on a stale lock: one warning, then commands run without it', async () => {
    // pyenv's rehash waits up to 60 s for a lock a killed shell left behind
    const locked = 'while [ -e "$HOME/.pyenv-shim" ]; do sleep 0.1; done\nexport FROM_PROFILE=yes\n';
    const { home, reg } = setup(locked, { timeoutMs: 1500 }, { '.pyenv-shim': '' });
    const first = await exec(reg, home, 'echo "${FROM_PROFILE:-no profile}"', 500);
    expect(first.output).toBe('no profile\n');
    expect(first.warnings).toHaveLength(1);
    expect(first.warnings[0]).toMatch(/^login environment: the login shell did not finish within 1\.5 s/);
    const second = await exec(reg, home, 'echo again', 500);
    expect(second).toEqual({ output: 'again\n', warnings: [] });
    expect(existsSync(join(home, '.pyenv-shim'))).toBe(true);
  }, 30_000);
});
