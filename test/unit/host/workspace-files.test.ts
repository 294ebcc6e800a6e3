// Tests of the workspace file list for @-mentions (main/host/workspace-files.ts) on real folders: a git repository
// (real git: tracked and untracked files, .gitignore respected) and a plain folder (walk that skips node_modules and
// .git and honours .gitignore), and the cap.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listWorkspaceFiles } from '../../../main/host/workspace-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const d = mkdtempSync(join(tmpdir(), 'floe-wsfiles-'));
  dirs.push(d);
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(dirname(join(d, p)), { recursive: true });
    writeFileSync(join(d, p), body);
  }
  return d;
}

const layout = {
  '.gitignore': 'dist/\n*.log\n',
  'src/a.ts': 'a',
  'src/deep/b.ts': 'b',
  'dist/out.js': 'x',
  'debug.log': 'x',
  'node_modules/pkg/index.js': 'x',
};

describe('listWorkspaceFiles', () => {
  it('uses git ls-files in a repository: tracked and untracked, ignored files left out', async () => {
    const d = folder(layout);
    const git = (...a: string[]) => execFileSync('git', ['-C', d, ...a], { stdio: 'ignore' });
    git('init', '-q');
    git('add', '.gitignore', 'src/a.ts');
    const r = await listWorkspaceFiles(d);
    expect(r.source).toBe('git');
    // node_modules is not in .gitignore here (git would list it as untracked) and is still left out
    expect(r.files).toEqual(['.gitignore', 'src/a.ts', 'src/deep/b.ts']);
    expect(r.truncated).toBe(false);
  });
  it('walks a plain folder: skips node_modules and .git, honours .gitignore', async () => {
    const d = folder({ ...layout, '.git-not-a-repo/x': 'x' });
    const r = await listWorkspaceFiles(d);
    expect(r.source).toBe('walk');
    expect(r.files).toEqual(['.git-not-a-repo/x', '.gitignore', 'src/a.ts', 'src/deep/b.ts']);
  });
  it('cuts the list at the limit and says so', async () => {
    const d = folder({ 'a.txt': '', 'b.txt': '', 'c.txt': '' });
    const r = await listWorkspaceFiles(d, 2);
    expect(r).toEqual({ files: ['a.txt', 'b.txt'], truncated: true, source: 'walk' });
  });
});
