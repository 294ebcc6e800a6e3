// Merging a session's work into its base branch: its files committed on its branch, a conflict check against the
// base as it is now (merge-tree; conflicts are returned, nothing is changed), then either one squashed commit on
// the base or the branch rebased onto it, and the base moved forward — in the checkout that has it checked out
// with `merge --ff-only` (so the user's files change only here, and git refuses to overwrite local edits), or as a
// ref update otherwise. Must not remove the worktree (remove.ts; the caller decides).
import { WorktreeError } from './errors.js';
import { mergeConflicts } from './check.js';
import { mustExist, namesBetween } from './diff.js';
import { GitFailed, gitOut, gitRun, identityArgs } from './git.js';
import { serialFor } from './queue.js';
import { writeRecord, type WorktreeRecord } from './records.js';

export type MergeStrategy = 'squash' | 'rebase';

export type MergeOutcome =
  | { status: 'merged'; commit: string; files: string[]; record: WorktreeRecord }
  | { status: 'conflict'; conflicts: string[] };

/** Commits whatever the worktree holds on the session's branch; false when there was nothing to commit. */
async function commitWork(r: WorktreeRecord, message: string): Promise<boolean> {
  await gitRun(r.path, ['add', '-A', '--', '.']);
  const staged = await gitRun(r.path, ['diff', '--cached', '--quiet'], { okCodes: [1] });
  if (staged.code === 0) return false;
  await gitRun(r.path, [...(await identityArgs(r.path)), 'commit', '-q', '--no-verify', '-m', message]);
  return true;
}

/** The worktree (the user's checkout, usually) that has `branch` checked out, if any. */
async function checkoutOf(repo: string, branch: string): Promise<string | null> {
  const out = await gitOut(repo, ['worktree', 'list', '--porcelain']);
  let current: string | null = null;
  for (const line of out.split('\n')) {
    if (line.startsWith('worktree ')) current = line.slice('worktree '.length);
    else if (line === `branch refs/heads/${branch}`) return current;
  }
  return null;
}

export async function mergeWorktree(
  home: string,
  r: WorktreeRecord,
  o: { strategy: MergeStrategy; message: string },
): Promise<MergeOutcome> {
  mustExist(r);
  return serialFor(r.repo, async () => {
    await commitWork(r, o.message);
    const head = await gitOut(r.path, ['rev-parse', 'HEAD']);
    const baseHead = await gitOut(r.path, ['rev-parse', `refs/heads/${r.base}`]);
    const fork = (await gitRun(r.path, ['merge-base', baseHead, head], { okCodes: [1] })).stdout.trim();
    const files = await namesBetween(r.path, fork || r.baseCommit, head);
    if (!files.length)
      throw new WorktreeError('bad_request', `session ${r.sessionId ?? r.name} changed no file; nothing to merge`);
    const conflicts = await mergeConflicts(r.path, baseHead, head);
    if (conflicts.length) return { status: 'conflict', conflicts };

    const id = await identityArgs(r.path);
    let next: string;
    if (o.strategy === 'squash') {
      const tree = (await gitRun(r.path, ['merge-tree', '--write-tree', '--no-messages', baseHead, head])).stdout.split(
        '\n',
      )[0];
      next = await gitOut(r.path, [...id, 'commit-tree', tree, '-p', baseHead, '-m', o.message]);
    } else {
      try {
        await gitRun(r.path, [...id, 'rebase', '-q', baseHead]);
      } catch (e) {
        await gitRun(r.path, ['rebase', '--abort'], { okCodes: [128] });
        if (e instanceof GitFailed) return { status: 'conflict', conflicts: files };
        throw e;
      }
      next = await gitOut(r.path, ['rev-parse', 'HEAD']);
    }

    const checkout = await checkoutOf(r.repo, r.base);
    if (checkout) {
      try {
        await gitRun(checkout, ['merge', '--ff-only', '-q', next]);
      } catch (e) {
        if (!(e instanceof GitFailed)) throw e;
        throw new WorktreeError(
          'conflict',
          `${checkout} has ${r.base} checked out with local changes to files this merge changes (${e.stderr.split('\n')[0]}); ` +
            `commit or stash them there, then merge again`,
        );
      }
    } else {
      await gitRun(r.repo, ['update-ref', `refs/heads/${r.base}`, next, baseHead]);
    }
    const record: WorktreeRecord = { ...r, state: 'merged', mergedAt: new Date().toISOString(), mergeCommit: next };
    writeRecord(home, record);
    return { status: 'merged', commit: next, files, record };
  });
}
