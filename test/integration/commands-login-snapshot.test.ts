// The login environment captured once per session (issue 9 item 1): real login shells on a profile written into a
// temporary HOME (never the real one), real ptys, exec_command through the Environment.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pgrep, until } from '../helpers/procs.js';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { spawner } from '../../main/os/spawner.js';
import { execThroughTool } from '../helpers/exec-tool.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** The session snapshot files in `dir` (without the per-HOME `last-*.sh` record kept to notice profile changes). */
const sessionFiles = (dir: string): string[] => readdirSync(dir).filter((f) => !f.startsWith('last-'));

function setup(profile: string, timeoutMs?: number): { home: string; dir: string; reg: CommandRegistry } {
  const home = mkdtempSync(join(tmpdir(), 'floe-snap-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'floe-snap-dir-'));
  writeFileSync(join(home, '.bash_profile'), profile);
  const reg = new CommandRegistry({ env: { HOME: home }, loginSnapshot: { dir, sessionId: 'sess-test', timeoutMs } });
  cleanup.push(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });
  cleanup.push(() => reg.disposeAll());
  return { home, dir, reg };
}

const exec = (reg: CommandRegistry, cwd: string, cmd: string) => execThroughTool(reg, cwd, { cmd });

const PROFILE = `
echo ran >> "$HOME/profile-runs"
greet() { echo "hello $1"; }
alias ll='echo alias-works'
export MY_VAR='from profile'
export PATH="$HOME/bin:$PATH"
`;

describe('login environment snapshot', () => {
  it('gives commands the profile function, alias, variable and PATH entry without re-running the profile', async () => {
    const { home, dir, reg } = setup(PROFILE);
    mkdirSync(join(home, 'bin'));
    writeFileSync(join(home, 'bin', 'mytool'), '#!/bin/sh\necho mytool-on-path\n');
    chmodSync(join(home, 'bin', 'mytool'), 0o755);
    const r = await exec(reg, home, 'greet you; ll; echo "$MY_VAR"; mytool');
    expect(r.output).toBe('hello you\nalias-works\nfrom profile\nmytool-on-path\n');
    expect(r.warnings).toEqual([]);
    await exec(reg, home, 'true');
    await exec(reg, home, 'true');
    // three commands, one login profile run (the capture)
    expect(readFileSync(join(home, 'profile-runs'), 'utf8')).toBe('ran\n');
    const files = sessionFiles(dir);
    expect(files).toEqual([`${process.pid}-sess-test.sh`]);
    expect(statSync(join(dir, files[0])).mode & 0o777).toBe(0o600);
    await reg.disposeAll();
    expect(sessionFiles(dir)).toEqual([]);
  }, 30_000);

  it('the capture runs in a login shell the spawner started, not forked from this process', async () => {
    const { home, reg } = setup('echo "$PPID" >> "$HOME/profile-parents"\n');
    await exec(reg, home, 'true');
    const parents = readFileSync(join(home, 'profile-parents'), 'utf8').trim().split('\n').map(Number);
    expect(spawner.pid).toBeGreaterThan(0);
    expect(parents[0]).toBe(spawner.pid);
    expect(parents[0]).not.toBe(process.pid);
  }, 30_000);

  it('captures again after the profile changed: the next command sees the edit', async () => {
    const { home, reg } = setup(PROFILE);
    expect((await exec(reg, home, 'echo "$MY_VAR"')).output).toBe('from profile\n');
    writeFileSync(join(home, '.bash_profile'), PROFILE.replace('from profile', 'edited profile'));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(home, '.bash_profile'), later, later);
    expect((await exec(reg, home, 'echo "$MY_VAR"')).output).toBe('edited profile\n');
  }, 30_000);

  it('a profile that hangs: the capture times out, commands still run, one warning', async () => {
    const tag = `60.${process.pid}${Math.floor(Math.random() * 1000)}`;
    const { home, reg } = setup(`sleep ${tag}\nexport NEVER=set\n`, 1500);
    const first = await exec(reg, home, 'echo ok "${NEVER:-unset}"');
    expect(first.output).toBe('ok unset\n');
    expect(first.warnings).toHaveLength(1);
    expect(first.warnings[0]).toMatch(/^login environment: the login shell did not finish within 1\.5 s/);
    const second = await exec(reg, home, 'echo again');
    expect(second.output).toBe('again\n');
    expect(second.warnings).toEqual([]);
    // the hung login shell was ended with its children
    expect(await until(() => pgrep(`sleep ${tag}`).length === 0, 3000)).toBe(true);
  }, 30_000);

  it('a profile that breaks the capture falls back to bash -lc with one warning', async () => {
    const { home, reg } = setup('export FROM_LOGIN=yes\nexit 7\n');
    const r = await exec(reg, home, 'echo "${FROM_LOGIN:-none}"; shopt -q login_shell && echo login');
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/^login environment: the login shell could not report its environment/);
    // bash -lc, as without a snapshot: the profile's exit ends the command before it runs
    expect(r.output).toBe('[exit code: 7]');
  }, 30_000);

  it('a timed-out capture gets SIGTERM and time to clean up: a slow EXIT trap still removes its lock', async () => {
    // like pyenv's rehash lock: made by the profile, removed by an EXIT trap; a SIGKILL mid-trap left it behind
    const tag = `60.${process.pid}${Math.floor(Math.random() * 1000)}`;
    const profile = `: > "$HOME/.lock"\ntrap 'sleep 2; rm -f "$HOME/.lock"' EXIT\nsleep ${tag}\n`;
    const { home, reg } = setup(profile, 1500);
    const r = await exec(reg, home, 'echo ran');
    expect(r.output).toBe('ran\n');
    expect(r.warnings[0]).toMatch(/^login environment: the login shell did not finish within 1\.5 s/);
    expect(existsSync(join(home, '.lock'))).toBe(true);
    expect(await until(() => !existsSync(join(home, '.lock')), 15_000)).toBe(true);
  }, 30_000);

  it('a session closed mid-capture lets the login shell finish: its lock goes, nothing is left running', async () => {
    const tag = `1.${process.pid}${Math.floor(Math.random() * 1000)}`;
    const profile = `: > "$HOME/.lock"\ntrap 'rm -f "$HOME/.lock"' EXIT\nsleep ${tag}\n`;
    const { home, reg } = setup(profile);
    expect(await until(() => existsSync(join(home, '.lock')), 10_000)).toBe(true);
    await reg.disposeAll();
    const gone = () => !existsSync(join(home, '.lock')) && pgrep(`sleep ${tag}`).length === 0;
    expect(await until(gone, 15_000)).toBe(true);
  }, 30_000);

  it('a capture outliving its session creates nothing in the snapshot folder after the session is closed', async () => {
    // a test (or a user) removing FLOE_HOME after closing a session raced the capture's scratch files: ENOTEMPTY
    const tag = `1.${process.pid}${Math.floor(Math.random() * 1000)}`;
    const profile = `: > "$HOME/.started"\nsleep ${tag}\nexport LATE=1\n`;
    const { home, dir, reg } = setup(profile);
    expect(await until(() => existsSync(join(home, '.started')), 10_000)).toBe(true);
    await reg.disposeAll();
    const created: string[] = [];
    const watcher = watch(dir, (_event, name) => created.push(String(name)));
    cleanup.push(() => watcher.close());
    expect(await until(() => pgrep(`sleep ${tag}`).length === 0, 15_000)).toBe(true);
    // the capture's report, its clean-shell check and its clean-up follow the sleep: give them time to happen
    await new Promise((r) => setTimeout(r, 1500));
    expect(created).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);

  it('sweeps the scratch folder a capture of a process that is gone left in the temp folder', () => {
    const left = join(tmpdir(), 'floe-login-4194305-abcdef');
    mkdirSync(left, { recursive: true });
    writeFileSync(join(left, 'snapshot.sh.env'), 'SECRET=1\n');
    const dir = mkdtempSync(join(tmpdir(), 'floe-snap-sweep-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanup.push(() => rmSync(left, { recursive: true, force: true }));
    const reg = new CommandRegistry({ env: { HOME: dir }, loginSnapshot: { dir, sessionId: 'now' } });
    cleanup.push(() => reg.disposeAll());
    expect(existsSync(left)).toBe(false);
  });

  it('sessions with the same environment and profile share one login shell; each keeps its own file', async () => {
    const { home, dir, reg } = setup(PROFILE);
    const other = new CommandRegistry({ env: { HOME: home }, loginSnapshot: { dir, sessionId: 'sess-other' } });
    cleanup.push(() => other.disposeAll());
    const [a, b] = await Promise.all([exec(reg, home, 'echo "$MY_VAR"'), exec(other, home, 'greet both')]);
    expect([a.output, b.output]).toEqual(['from profile\n', 'hello both\n']);
    expect(readFileSync(join(home, 'profile-runs'), 'utf8')).toBe('ran\n');
    expect(sessionFiles(dir).sort()).toEqual([`${process.pid}-sess-other.sh`, `${process.pid}-sess-test.sh`]);
    await other.disposeAll();
    expect(sessionFiles(dir)).toEqual([`${process.pid}-sess-test.sh`]);
    expect((await exec(reg, home, 'll')).output).toBe('alias-works\n');
  }, 30_000);

  it('sweeps snapshot files of processes that are gone when a registry starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'floe-snap-sweep-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // pid 2^22+1 is above Linux's pid_max limit, so it is never alive
    writeFileSync(join(dir, '4194305-old.sh'), 'export X=1\n');
    const reg = new CommandRegistry({ env: { HOME: dir }, loginSnapshot: { dir, sessionId: 'now' } });
    cleanup.push(() => reg.disposeAll());
    expect(existsSync(join(dir, '4194305-old.sh'))).toBe(false);
  });

  it("a profile edit between sessions is named in the next session's warnings (issue 26)", async () => {
    const { home, dir, reg } = setup('export FIRST=1\n');
    const first = await exec(reg, home, 'echo one');
    expect(first.warnings).toEqual([]); // the first capture for this HOME: nothing to compare with
    // something appends an alias to the profile (a command of an agent could): the next session says so
    writeFileSync(join(home, '.bash_profile'), "export FIRST=1\nalias ls='echo gotcha'\n");
    const later = new CommandRegistry({ env: { HOME: home }, loginSnapshot: { dir, sessionId: 'sess-later' } });
    cleanup.push(() => later.disposeAll());
    const second = await exec(later, home, 'echo two');
    expect(second.warnings).toEqual([
      `login environment: changed since the last session's capture (alias ls added); every command of this session ` +
        `runs with it — if you did not make this change, check ${home}/.profile, .bash_profile and .bashrc`,
    ]);
    // a third session with the same profile: nothing new to say
    const third = new CommandRegistry({ env: { HOME: home }, loginSnapshot: { dir, sessionId: 'sess-third' } });
    cleanup.push(() => third.disposeAll());
    expect((await exec(third, home, 'echo three')).warnings).toEqual([]);
  });
});
