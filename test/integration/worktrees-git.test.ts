// main/worktrees against real git, below the host: a failing setup command (one-line error naming the command, the
// exit code and the log; the worktree and its branch removed, the log kept), the Cursor setup list with its
// variables, a project in a subfolder, rebase merges keeping the agent's commits, a merge refused while the user's
// checkout has local edits to a merged file (nothing changed), and a ref-only merge when no checkout has the base.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createWorktree,
  listRecords,
  mergeWorktree,
  removeWorktree,
  workspaceIn,
  writeRecord,
} from '../../main/worktrees/index.js';
import { copyIncluded } from '../../main/worktrees/setup.js';
import { gitIn, writeFiles } from '../helpers/git-repo.js';

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  roots = [];
});

function repo(files: Record<string, string>): { home: string; ws: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-wt-git-'));
  roots.push(root);
  const ws = path.join(root, 'repo');
  fs.mkdirSync(ws);
  writeFiles(ws, files);
  gitIn(ws, 'init', '-q', '-b', 'main');
  gitIn(ws, 'add', '-A');
  gitIn(ws, 'commit', '-qm', 'first');
  return { home: path.join(root, 'home'), ws };
}

describe('worktrees with real git', () => {
  it('.worktreeinclude files are copied; node_modules is linked, and not searched for them', async () => {
    const { home, ws } = repo({ 'a.txt': 'a\n', '.gitignore': '.env\nnode_modules/\n', '.worktreeinclude': '.env\n' });
    writeFiles(ws, {
      '.env': 'TOP=1\n',
      'sub/.env': 'SUB=1\n',
      'node_modules/dep/.env': 'DEP=1\n',
      'node_modules/dep/index.js': '1\n',
    });
    const { record } = await createWorktree(home, ws);
    expect([...record.setup.copied].sort()).toEqual(['.env', 'sub/.env']);
    expect(record.setup.linked).toEqual(['node_modules']);
    expect(fs.readFileSync(path.join(record.path, 'sub/.env'), 'utf8')).toBe('SUB=1\n');
    expect(fs.lstatSync(path.join(record.path, 'node_modules/dep')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(record.path, 'node_modules/dep/.env'), 'utf8')).toBe('DEP=1\n');
    expect(gitIn(record.path, 'status', '--porcelain')).toBe('');

    // the linked folders are left out of the search; without them named, their files would be found
    const [skipped, searched] = ['skipped', 'searched'].map((n) => path.join(path.dirname(home), n));
    fs.mkdirSync(skipped);
    fs.mkdirSync(searched);
    expect((await copyIncluded(ws, skipped, ['node_modules'])).sort()).toEqual(['.env', 'sub/.env']);
    expect(fs.existsSync(path.join(skipped, 'node_modules'))).toBe(false);
    expect((await copyIncluded(ws, searched)).sort()).toEqual(['.env', 'node_modules/dep/.env', 'sub/.env']);
  });

  it('a failing setup command: a clear error, nothing left but the log', async () => {
    const { home, ws } = repo({ 'a.txt': 'a\n', 'conductor.json': '{"scripts":{"setup":"echo preparing; exit 3"}}' });
    const err = await createWorktree(home, ws).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    const log = /its output is in (\S+)\./.exec((err as Error).message)?.[1];
    expect((err as Error).message).toMatch(
      /^the worktree setup command "echo preparing; exit 3" from conductor\.json failed \(exit 3\) in \S+; its output is in \S+\. Fix the command, or create the session without a worktree$/,
    );
    expect(fs.readFileSync(log!, 'utf8')).toBe('$ echo preparing; exit 3\npreparing\n');
    expect(listRecords(home)).toEqual([]);
    expect(gitIn(ws, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(gitIn(ws, 'branch', '--list', 'floe/*')).toBe('');
  });

  it('the Cursor setup list runs in order with ROOT_WORKTREE_PATH; a project in a subfolder works in that subfolder', async () => {
    const { home, ws } = repo({
      'app/index.js': '1\n',
      '.cursor/worktrees.json': JSON.stringify({
        'setup-worktree': ['printf "%s" "$ROOT_WORKTREE_PATH" > root.out', 'printf "%s" "$FLOE_PORT_BASE" >> root.out'],
      }),
      '.gitignore': 'root.out\n',
    });
    const { record, workspace } = await createWorktree(home, path.join(ws, 'app'));
    expect(workspace).toBe(path.join(record.path, 'app'));
    expect(workspaceIn(record)).toBe(workspace);
    expect(fs.readFileSync(path.join(record.path, 'root.out'), 'utf8')).toBe(`${ws}${record.portBase}`);
    expect(record.setup).toMatchObject({ source: '.cursor/worktrees.json', commands: expect.any(Array) });
    await removeWorktree(home, record);
  });

  it("rebase keeps the agent's commits on top of the base", async () => {
    const { home, ws } = repo({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const { record } = await createWorktree(home, ws);
    writeRecord(home, { ...record, sessionId: 's1' });
    fs.writeFileSync(path.join(record.path, 'a.txt'), 'a by agent\n');
    gitIn(record.path, 'commit', '-qam', 'agent: a');
    fs.writeFileSync(path.join(ws, 'b.txt'), 'b by user\n');
    gitIn(ws, 'commit', '-qam', 'user: b');
    fs.writeFileSync(path.join(record.path, 'c.txt'), 'new\n'); // uncommitted: committed by the merge
    const out = await mergeWorktree(home, { ...record, sessionId: 's1' }, { strategy: 'rebase', message: 'rest' });
    expect(out.status).toBe('merged');
    expect(gitIn(ws, 'log', '--format=%s').trim().split('\n')).toEqual(['rest', 'agent: a', 'user: b', 'first']);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('a by agent\n');
    expect(fs.readFileSync(path.join(ws, 'c.txt'), 'utf8')).toBe('new\n');
    expect(gitIn(ws, 'status', '--porcelain')).toBe('');
  });

  it("local edits in the user's checkout to a merged file: refused, nothing changed", async () => {
    const { home, ws } = repo({ 'a.txt': 'a\n' });
    const { record } = await createWorktree(home, ws);
    fs.writeFileSync(path.join(record.path, 'a.txt'), 'a by agent\n');
    fs.writeFileSync(path.join(ws, 'a.txt'), 'my own edit\n');
    const head = gitIn(ws, 'rev-parse', 'main');
    const err = await mergeWorktree(home, record, { strategy: 'squash', message: 'm' }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^${ws} has main checked out with local changes to files this merge changes .*commit or stash them there, then merge again$`,
      ),
    );
    expect(gitIn(ws, 'rev-parse', 'main')).toBe(head);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('my own edit\n');
  });

  it('no checkout has the base: the branch ref moves, no files are written', async () => {
    const { home, ws } = repo({ 'a.txt': 'a\n' });
    gitIn(ws, 'branch', 'release');
    const { record } = await createWorktree(home, ws, { base: 'release' });
    fs.writeFileSync(path.join(record.path, 'a.txt'), 'for release\n');
    const out = await mergeWorktree(home, record, { strategy: 'squash', message: 'to release' });
    expect(out.status).toBe('merged');
    expect(gitIn(ws, 'show', 'release:a.txt')).toBe('for release\n');
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('a\n');
    expect(gitIn(ws, 'rev-parse', 'main')).toBe(gitIn(ws, 'rev-parse', 'release~1'));
  });
});
