// Before a merge: which of the session's files the base branch or other live sessions of the same repository also
// changed (overlaps), and which of them git cannot merge (conflicts, from `git merge-tree --write-tree` on a
// throwaway commit of the worktree's files, so nothing is written to a branch or a checkout). Must not merge.
import fs from 'node:fs';
import { changedBetween, forkPoint, mustExist, namesBetween, workingTree, type ChangedFile } from './diff.js';
import { gitOut, gitRun, identityArgs } from './git.js';
import { BASE, findOverlaps, type Overlap } from './overlap.js';
import { listRecords, type WorktreeRecord } from './records.js';

export interface MergeCheck {
  files: ChangedFile[];
  overlaps: Overlap[];
  /** files git cannot merge into the base as it is now */
  conflicts: string[];
  /** commits on the base since the session forked */
  baseAhead: number;
}

/** Files git reports as conflicted when merging `theirs` into `ours` (empty when it merges cleanly). */
export async function mergeConflicts(cwd: string, ours: string, theirs: string): Promise<string[]> {
  const r = await gitRun(cwd, ['merge-tree', '--write-tree', '--name-only', '--no-messages', ours, theirs], {
    okCodes: [1],
  });
  if (r.code === 0) return [];
  return [...new Set(r.stdout.split('\n').slice(1).filter(Boolean))].sort();
}

/** A commit of `tree` on top of the worktree's HEAD that no branch points at (for merge-tree). */
async function snapshotCommit(r: WorktreeRecord, tree: string): Promise<string> {
  return gitOut(r.path, [...(await identityArgs(r.path)), 'commit-tree', tree, '-p', 'HEAD', '-m', 'floe snapshot']);
}

export async function checkMerge(home: string, r: WorktreeRecord): Promise<MergeCheck> {
  mustExist(r);
  const [from, tree] = await Promise.all([forkPoint(r), workingTree(r.path)]);
  const files = await changedBetween(r.path, from, tree);
  const baseHead = await gitOut(r.path, ['rev-parse', `refs/heads/${r.base}`]);
  const others: { who: string; files: string[] }[] = [];
  let baseAhead = 0;
  let conflicts: string[] = [];
  if (baseHead !== from) {
    others.push({ who: BASE, files: await namesBetween(r.path, from, baseHead) });
    baseAhead = Number(await gitOut(r.path, ['rev-list', '--count', `${from}..${baseHead}`]));
    if (files.length) conflicts = await mergeConflicts(r.path, baseHead, await snapshotCommit(r, tree));
  }
  for (const o of listRecords(home)) {
    if (o.name === r.name || o.repo !== r.repo || o.state !== 'active' || !fs.existsSync(o.path)) continue;
    try {
      const oFrom = await forkPoint(o);
      others.push({ who: o.sessionId ?? o.name, files: await namesBetween(o.path, oFrom, await workingTree(o.path)) });
    } catch {
      /* a worktree removed meanwhile */
    }
  }
  const mine = files.map((f) => f.path);
  return { files, overlaps: findOverlaps(mine, others), conflicts, baseAhead };
}
