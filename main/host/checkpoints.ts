// Handlers for checkpoints (issue 13): a project's turns and restores, the files an entry changed with their
// diff hunk by hunk, and restore — of the whole folder, of some files, or of one hunk (issue 25) — snapshotted
// first so it can be undone, refused while a task of the project runs here or in another process (e.g.
// `floe run`). Only projects the user picked have checkpoints. A session in its own worktree (issue 22) has its
// turns snapshotted there (runtime.ts), so a call naming such a session reads and restores its worktree's.
import type { ApiCheckpoint } from '../../shared/api.js';
import { checkpointEntries, shadowRepo, type CheckpointEntry, type ShadowRepo } from '../checkpoints/index.js';
import { describeOwner, sessionHolder } from '../store/claims.js';
import { ownerFiles } from '../store/owner-file.js';
import { recordOfSession, workspaceIn } from '../worktrees/index.js';
import type { HostContext } from './context.js';
import { conflict, notFound } from './errors.js';
import type { Handlers } from './table.js';

/** Diff characters sent for one entry, and for one file of it: past these, files are restored whole. */
const LIMITS = { total: 1_000_000, file: 200_000 };

/** Refuses while a task of the project runs, in this process or another. */
function refuseWhileRunning(ctx: HostContext, projectId: string): void {
  const ofProject = ctx.store.sessions.list().filter((x) => x.projectId === projectId);
  const running = ofProject.find((x) => ctx.runtime.isRunning(x.id));
  if (running)
    throw conflict(`A task of this project is running (session ${running.id}); abort it before restoring files.`);
  for (const x of ofProject) {
    const holder = sessionHolder(ctx.home, x.id);
    if (holder)
      throw conflict(
        `A task of this project is running in ${describeOwner(holder)} (session ${x.id}); wait for it or stop it there before restoring files.`,
      );
  }
}

/** The entry (turn or restore) a checkpoint id names. */
async function entryOf(repo: ShadowRepo, checkpointId: string): Promise<CheckpointEntry> {
  const id = await repo.resolve(checkpointId);
  const entry = checkpointEntries(await repo.list()).find((e) => e.id === id);
  if (!entry)
    throw notFound(`Checkpoint ${checkpointId} is the end of a turn, not a turn; list the checkpoints again.`);
  return entry;
}

const quoted = (s: string) => `“${s.length > 60 ? s.slice(0, 59) + '…' : s}”`;

function projectFolder(ctx: HostContext, projectId: string): string {
  const p = ctx.store.projects.get(projectId);
  if (!p) throw notFound(`There is no project with id ${projectId}; it may have been forgotten. Reload the list.`);
  return p.path;
}

/** The folder whose checkpoints a call means: the session's worktree while it has one, else the project's folder. */
function folderOf(ctx: HostContext, projectId: string, sessionId?: string): string {
  const folder = projectFolder(ctx, projectId);
  if (!sessionId) return folder;
  const wt = recordOfSession(ctx.home, sessionId);
  return wt && !wt.removedAt ? workspaceIn(wt) : folder;
}

export function checkpointHandlers(
  ctx: HostContext,
): Handlers<'checkpoints.list' | 'checkpoints.changes' | 'checkpoints.restore' | 'checkpoints.revertHunk'> {
  return {
    'checkpoints.list': async ({ projectId, sessionId }) => {
      const repo = shadowRepo(ctx.home, folderOf(ctx, projectId, sessionId), ownerFiles);
      const entries: ApiCheckpoint[] = checkpointEntries(await repo.list());
      return sessionId ? entries.filter((e) => e.sessionId === sessionId) : entries;
    },
    'checkpoints.changes': async ({ projectId, checkpointId, sessionId }) => {
      const repo = shadowRepo(ctx.home, folderOf(ctx, projectId, sessionId), ownerFiles);
      const entry = await entryOf(repo, checkpointId);
      if (!entry.endId) return { files: [], diffs: [], truncated: false };
      const diffs = await repo.fileDiffs(entry.id, entry.endId, LIMITS);
      return {
        files: diffs.map(({ path, status }) => ({ path, status })),
        diffs,
        truncated: diffs.some((d) => d.tooLarge),
      };
    },
    'checkpoints.restore': async ({ projectId, checkpointId, sessionId, paths }) => {
      const s = sessionId ? ctx.store.sessions.get(sessionId) : undefined;
      refuseWhileRunning(ctx, projectId);
      const repo = shadowRepo(ctx.home, folderOf(ctx, projectId, sessionId), ownerFiles);
      const target = await repo.resolve(checkpointId);
      let only: { paths: string[]; title: string } | undefined;
      if (paths) {
        const entry = checkpointEntries(await repo.list()).find((e) => e.id === target);
        const what = paths.length === 1 ? paths[0]! : `${paths.length} files`;
        const title =
          entry?.kind === 'turn'
            ? `${what} restored to before ${quoted(entry.title || 'the turn')}`
            : entry?.kind === 'restore'
              ? `${what} put back as before a restore`
              : `${what} restored as at ${target.slice(0, 12)}`;
        only = { paths, title };
      }
      const backup = await repo.restore(target, s?.id ?? 'user', only);
      return { undoId: backup.id };
    },
    'checkpoints.revertHunk': async ({ projectId, checkpointId, path, hunk, sessionId, ...range }) => {
      const s = sessionId ? ctx.store.sessions.get(sessionId) : undefined;
      refuseWhileRunning(ctx, projectId);
      const repo = shadowRepo(ctx.home, folderOf(ctx, projectId, sessionId), ownerFiles);
      const entry = await entryOf(repo, checkpointId);
      if (!entry.endId)
        throw conflict(`The turn of checkpoint ${checkpointId} has not ended; wait for it before taking a hunk back.`);
      const title = `hunk ${hunk + 1} of ${path} taken back from ${quoted(entry.title || 'the turn')}`;
      const backup = await repo.revertHunk(entry.id, entry.endId, path, hunk, range, s?.id ?? 'user', title);
      return { undoId: backup.id };
    },
  };
}
