// The shared git runner (main/os/git.ts) against the real git: the caller's GIT_* variables never reach git, `-c`
// settings and added variables do, stdin is passed, okCodes turn an exit into a result, any other exit is a GitFailed
// with git's stderr, and a git that cannot start is a GitFailed with no exit code.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitFailed, nulList, runGit } from '../../../main/os/git.js';

let dir: string;
const saved = { ...process.env };
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-os-git-'));
  execFileSync('git', ['init', '-q', '-b', 'main', dir]);
});
afterEach(() => {
  process.env = { ...saved };
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('runGit', () => {
  it('drops the caller’s GIT_* variables but passes the ones given for the call', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-os-git-other-'));
    execFileSync('git', ['init', '-q', other]);
    process.env.GIT_DIR = path.join(other, '.git');
    const own = await runGit(['rev-parse', '--absolute-git-dir'], { cwd: dir });
    expect(own.stdout.toString().trim()).toBe(path.join(fs.realpathSync(dir), '.git'));
    const given = await runGit(['rev-parse', '--absolute-git-dir'], {
      cwd: dir,
      env: { GIT_DIR: process.env.GIT_DIR },
    });
    expect(given.stdout.toString().trim()).toBe(path.join(other, '.git'));
    fs.rmSync(other, { recursive: true, force: true });
  });

  it('applies -c settings and passes stdin', async () => {
    const r = await runGit(['config', 'floe.probe'], { cwd: dir, config: ['floe.probe=yes'] });
    expect(r.stdout.toString()).toBe('yes\n');
    const h = await runGit(['hash-object', '--stdin'], { cwd: dir, input: 'hello\n' });
    expect(h.stdout.toString().trim()).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });

  it('okCodes make an exit a result; another exit rejects with git’s stderr', async () => {
    const r = await runGit(['config', 'floe.absent'], { cwd: dir, okCodes: [1] });
    expect(r.code).toBe(1);
    const e = await runGit(['rev-parse', '--verify', 'no-such-ref'], { cwd: dir }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GitFailed);
    expect((e as GitFailed).exitCode).toBe(128);
    expect((e as GitFailed).message).toMatch(/^git rev-parse failed \(exit 128\): fatal: /);
  });

  it('a git that cannot start is a GitFailed without an exit code', async () => {
    const e = await runGit(['status'], { cwd: dir, env: { PATH: '/nonexistent' } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GitFailed);
    expect((e as GitFailed).exitCode).toBeNull();
    expect((e as GitFailed).message).toMatch(/^could not run git: .*ENOENT/);
  });

  it('nulList splits NUL-separated output', () => {
    expect(nulList(Buffer.from('a\0b c\0'))).toEqual(['a', 'b c']);
    expect(nulList('')).toEqual([]);
  });
});
