// Creating a session's worktree: a branch `floe/<name>` from the base branch (the checkout's current branch unless
// one is named) and its worktree under FLOE_HOME/worktrees/<name>, a port block, then the setup step (setup.ts).
// A failed setup removes what was made. The user's checkout is only read. Must not merge or diff.
import fs from 'node:fs';
import path from 'node:path';
import { WorktreeError } from './errors.js';
import { GitFailed, gitOut, gitRun } from './git.js';
import { nextPortBase } from './ports.js';
import { serialFor } from './queue.js';
import { listRecords, newName, setupLogPath, worktreesDir, writeRecord, type WorktreeRecord } from './records.js';
import { removeWorktree } from './remove.js';
import { copyIncluded, linkDependencies, readSetupPlan, runSetup } from './setup.js';

export interface RepoInfo {
  /** top level of the checkout */
  top: string;
  /** the folder relative to the top ('' at the top) */
  subdir: string;
  /** the checked-out branch, null when HEAD is detached */
  branch: string | null;
  /** whether the repository has a commit */
  hasCommit: boolean;
}

/** The git repository `folder` is in, or null when it is in none. */
export async function repoInfo(folder: string): Promise<RepoInfo | null> {
  let top: string;
  try {
    top = await gitOut(folder, ['rev-parse', '--show-toplevel']);
  } catch (e) {
    if (e instanceof GitFailed) return null;
    throw e;
  }
  const branch = await gitRun(folder, ['symbolic-ref', '-q', '--short', 'HEAD'], { okCodes: [1] });
  const head = await gitRun(folder, ['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { okCodes: [1] });
  const rel = path.relative(fs.realpathSync(top), fs.realpathSync(folder));
  return {
    top,
    subdir: rel === '' ? '' : rel,
    branch: branch.stdout.trim() || null,
    hasCommit: head.code === 0,
  };
}

/** The folder a session in this worktree works in (the project's subfolder inside it, when it has one). */
export const workspaceIn = (r: WorktreeRecord): string => (r.subdir ? path.join(r.path, r.subdir) : r.path);

export interface CreateOptions {
  /** branch to start from and merge into (default: the checkout's current branch) */
  base?: string;
}

export async function createWorktree(
  home: string,
  folder: string,
  o: CreateOptions = {},
): Promise<{ record: WorktreeRecord; workspace: string }> {
  const info = await repoInfo(folder);
  if (!info)
    throw new WorktreeError(
      'bad_request',
      `${folder} is not in a git repository, so a session cannot get its own worktree; start it without one`,
    );
  if (!info.hasCommit)
    throw new WorktreeError(
      'bad_request',
      `the repository at ${info.top} has no commit yet; commit once, then start a session in its own worktree`,
    );
  const base = o.base ?? info.branch;
  if (!base)
    throw new WorktreeError(
      'bad_request',
      `the checkout at ${info.top} is on a detached HEAD; check out a branch (or name a base branch) first`,
    );
  const baseCheck = await gitRun(info.top, ['rev-parse', '-q', '--verify', `refs/heads/${base}^{commit}`], {
    okCodes: [1],
  });
  if (baseCheck.code !== 0)
    throw new WorktreeError('bad_request', `there is no branch "${base}" in ${info.top}; name an existing branch`);
  const baseCommit = baseCheck.stdout.trim();

  // the record (with its port block) is written before any await, so parallel creations get distinct blocks
  const live = listRecords(home).filter((r) => r.state === 'active');
  const portBase = nextPortBase(live.map((r) => r.portBase));
  if (portBase === null)
    throw new WorktreeError('unavailable', `every port block is taken by a live worktree; remove finished ones`);
  const name = newName(info.top);
  const wt = path.join(worktreesDir(home), name);
  const record: WorktreeRecord = {
    name,
    sessionId: null,
    repo: info.top,
    path: wt,
    subdir: info.subdir,
    branch: `floe/${name}`,
    base,
    baseCommit,
    gitDir: '',
    commonDir: '',
    portBase,
    state: 'active',
    createdAt: new Date().toISOString(),
    setup: { copied: [], linked: [], source: null, commands: [] },
  };
  writeRecord(home, record);
  try {
    await serialFor(info.top, () =>
      gitRun(info.top, ['worktree', 'add', '--quiet', '-b', record.branch, wt, baseCommit]),
    );
    const [gitDir, commonDir] = (await gitOut(wt, ['rev-parse', '--absolute-git-dir', '--git-common-dir'])).split('\n');
    record.gitDir = gitDir!;
    record.commonDir = path.resolve(wt, commonDir!);
    writeRecord(home, record);
    const linked = linkDependencies(info.top, wt);
    const copied = await copyIncluded(info.top, wt, linked);
    const plan = readSetupPlan(wt);
    record.setup = { copied, linked, source: plan.source, commands: plan.commands };
    writeRecord(home, record);
    await runSetup(plan, { repo: info.top, worktree: wt, portBase, log: setupLogPath(home, name) });
  } catch (e) {
    await removeWorktree(home, record, { keepLog: true }).catch(() => {});
    throw e;
  }
  return { record, workspace: workspaceIn(record) };
}

/** The variables every command of the worktree's session gets. */
function commandEnv(r: WorktreeRecord): Record<string, string> {
  return {
    FLOE_PORT_BASE: String(r.portBase),
    FLOE_WORKTREE_BRANCH: r.branch,
    FLOE_ROOT_PATH: r.repo,
  };
}

/** The command options of the worktree's session (and its subagents): its variables and writable git roots. */
export function sessionCommands(r: WorktreeRecord): { env: Record<string, string>; extraWritableRoots: string[] } {
  return { env: commandEnv(r), extraWritableRoots: writableGitRoots(r) };
}

/**
 * The folders a sandbox must leave writable besides the workspace so git works in the worktree: its own git dir
 * (index, HEAD) and the shared objects, refs and reflogs its commits write. Hooks and config stay out.
 */
function writableGitRoots(r: WorktreeRecord): string[] {
  if (!r.gitDir || !r.commonDir) return [];
  return [r.gitDir, ...['objects', 'refs', 'logs'].map((d) => path.join(r.commonDir, d))];
}
