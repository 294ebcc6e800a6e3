// What a session changed: its worktree's files now (tracked and new, .gitignore respected) as a git tree written
// through a temporary index, so the worktree's own index, HEAD and branch are never touched, compared with the
// point its branch left the base. Per file: status, added and deleted lines, and the patch. Must not commit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorktreeError } from './errors.js';
import { gitOut, gitRun, nul } from './git.js';
import type { WorktreeRecord } from './records.js';

type FileStatus = 'added' | 'modified' | 'deleted' | 'type-changed';
export interface ChangedFile {
  path: string;
  status: FileStatus;
  /** lines added and deleted; null for a binary file */
  additions: number | null;
  deletions: number | null;
}

const STATUS: Record<string, FileStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'type-changed' };

export function mustExist(r: WorktreeRecord): void {
  if (r.state !== 'active' || !fs.existsSync(r.path))
    throw new WorktreeError(
      'not_found',
      `the worktree of session ${r.sessionId ?? r.name} is ${r.removedAt ? `gone (${r.state})` : 'missing'}: ${r.path}`,
    );
}

/** The tree of the worktree's files as they are now (a temporary index seeded from the worktree's own). */
export async function workingTree(worktree: string): Promise<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-wt-index-'));
  try {
    const index = path.join(tmp, 'index');
    const own = path.resolve(worktree, await gitOut(worktree, ['rev-parse', '--git-path', 'index']));
    if (fs.existsSync(own)) fs.copyFileSync(own, index);
    const env = { GIT_INDEX_FILE: index };
    if (!fs.existsSync(own)) await gitRun(worktree, ['read-tree', 'HEAD'], { env });
    await gitRun(worktree, ['add', '-A', '--', '.'], { env });
    return await gitOut(worktree, ['write-tree'], { env });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The commit the session's work is compared with: where its branch and the base branch meet. */
export async function forkPoint(r: WorktreeRecord): Promise<string> {
  const res = await gitRun(r.path, ['merge-base', `refs/heads/${r.base}`, 'HEAD'], { okCodes: [1] });
  return res.stdout.trim() || r.baseCommit;
}

/** Files that differ between two trees or commits, with line counts. */
export async function changedBetween(cwd: string, from: string, to: string): Promise<ChangedFile[]> {
  const names = nul((await gitRun(cwd, ['diff-tree', '-r', '-z', '--no-renames', '--name-status', from, to])).stdout);
  const counts = new Map<string, [number | null, number | null]>();
  const num = nul((await gitRun(cwd, ['diff-tree', '-r', '-z', '--no-renames', '--numstat', from, to])).stdout);
  for (const line of num) {
    const [a, d, p] = line.split('\t');
    if (p !== undefined) counts.set(p, a === '-' ? [null, null] : [Number(a), Number(d)]);
  }
  const out: ChangedFile[] = [];
  for (let i = 0; i + 1 < names.length; i += 2) {
    const p = names[i + 1];
    const [additions, deletions] = counts.get(p) ?? [0, 0];
    out.push({ path: p, status: STATUS[names[i][0]] ?? 'modified', additions, deletions });
  }
  return out;
}

/** Names of files that differ between two trees or commits. */
export async function namesBetween(cwd: string, from: string, to: string): Promise<string[]> {
  return nul((await gitRun(cwd, ['diff-tree', '-r', '-z', '--no-renames', '--name-only', from, to])).stdout);
}

export interface WorktreeDiff {
  /** the commit compared with */
  from: string;
  /** the tree of the worktree now */
  tree: string;
  files: ChangedFile[];
}

/** The session's changes against its base, per file. */
export async function worktreeDiff(r: WorktreeRecord): Promise<WorktreeDiff> {
  mustExist(r);
  const [from, tree] = await Promise.all([forkPoint(r), workingTree(r.path)]);
  return { from, tree, files: await changedBetween(r.path, from, tree) };
}

/** The unified diff of the whole change, or of one file. */
export async function worktreePatch(r: WorktreeRecord, d: WorktreeDiff, file?: string): Promise<string> {
  return (await gitRun(r.path, ['diff-tree', '-p', '--no-renames', d.from, d.tree, ...(file ? ['--', file] : [])]))
    .stdout;
}
