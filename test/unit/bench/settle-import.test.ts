import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAST_IMPORT_ARGS, fastImportStream } from '../../../bench/lib/fast-import.js';
import { pendingKb } from '../../../bench/lib/settle.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const git = (cwd: string, args: string[], input?: Buffer) =>
  execFileSync('git', args, { cwd, input, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } }).toString();

describe('bench disk settling', () => {
  it('reads Dirty and Writeback from /proc/meminfo text', () => {
    const text =
      'MemTotal:       24683584 kB\nDirty:             37584 kB\nWriteback:           12 kB\nWritebackTmp: 0 kB\n';
    expect(pendingKb(text)).toEqual({ dirty: 37584, writeback: 12 });
  });
  it('names the missing line instead of reading it as settled', () => {
    expect(() => pendingKb('MemTotal: 1 kB\nDirty: 5 kB\n')).toThrow(/no "Writeback:" line/);
  });
});

describe('bench repository by fast-import', () => {
  it('makes one commit of the files as a pack, with no loose object for gc to delete', () => {
    const ws = mkdtempSync(join(tmpdir(), 'floe-fi-'));
    dirs.push(ws);
    git(ws, ['init', '-q', '-b', 'main']);
    const files = [
      { path: 'a.js', content: 'one\n' },
      { path: 'src/d0/b.js', content: 'two\nlines\n' },
      { path: 'empty', content: '' },
    ];
    git(ws, FAST_IMPORT_ARGS, fastImportStream(files, { branch: 'main', message: 'project', time: 1e9 }));
    expect(git(ws, ['ls-tree', '-r', '--name-only', 'main']).split('\n').filter(Boolean)).toEqual([
      'a.js',
      'empty',
      'src/d0/b.js',
    ]);
    expect(git(ws, ['show', 'main:src/d0/b.js'])).toBe('two\nlines\n');
    expect(git(ws, ['log', '--format=%s', 'main']).trim()).toBe('project');
    expect(git(ws, ['count-objects'])).toMatch(/^0 objects/);
  });
  it('refuses a path the stream cannot carry', () => {
    expect(() => fastImportStream([{ path: 'a\nb', content: '' }], { branch: 'main', message: 'm', time: 0 })).toThrow(
      /not a plain relative path/,
    );
  });
});
