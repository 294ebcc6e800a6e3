// Handlers for checkpoints (issue 13): a project's turns and restores, the files an entry changed with their
// diff, and restore (snapshotted first so it can be undone; refused while a task of the project runs here or in
// another process, e.g. `floe run`). Only projects the user picked have checkpoints.
import type { ApiCheckpoint } from '../../shared/api.js';
import { checkpointEntries, shadowRepo } from '../checkpoints/index.js';
import { describeOwner, sessionHolder } from '../store/claims.js';
import { ownerFiles } from '../store/owner-file.js';
import type { HostContext } from './context.js';
import { conflict, notFound } from './errors.js';
import type { Handlers } from './table.js';

const MAX_PATCH_CHARS = 1_000_000;

function projectFolder(ctx: HostContext, projectId: string): string {
  const p = ctx.store.projects.get(projectId);
  if (!p) throw notFound(`There is no project with id ${projectId}; it may have been forgotten. Reload the list.`);
  return p.path;
}

export function checkpointHandlers(
  ctx: HostContext,
): Handlers<'checkpoints.list' | 'checkpoints.changes' | 'checkpoints.restore'> {
  return {
    'checkpoints.list': async ({ projectId, sessionId }) => {
      const repo = shadowRepo(ctx.home, projectFolder(ctx, projectId), ownerFiles);
      const entries: ApiCheckpoint[] = checkpointEntries(await repo.list());
      return sessionId ? entries.filter((e) => e.sessionId === sessionId) : entries;
    },
    'checkpoints.changes': async ({ projectId, checkpointId }) => {
      const repo = shadowRepo(ctx.home, projectFolder(ctx, projectId), ownerFiles);
      const id = await repo.resolve(checkpointId);
      const entry = checkpointEntries(await repo.list()).find((e) => e.id === id);
      if (!entry)
        throw notFound(`Checkpoint ${checkpointId} is the end of a turn, not a turn; list the checkpoints again.`);
      if (!entry.endId) return { files: [], patch: '', truncated: false };
      const patch = await repo.diff(entry.id, entry.endId);
      return {
        files: await repo.changes(entry.id, entry.endId),
        patch: patch.length > MAX_PATCH_CHARS ? patch.slice(0, MAX_PATCH_CHARS) : patch,
        truncated: patch.length > MAX_PATCH_CHARS,
      };
    },
    'checkpoints.restore': async ({ projectId, checkpointId, sessionId }) => {
      const s = sessionId ? ctx.store.sessions.get(sessionId) : undefined;
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
      const repo = shadowRepo(ctx.home, projectFolder(ctx, projectId), ownerFiles);
      const target = await repo.resolve(checkpointId);
      const backup = await repo.restore(target, s?.id ?? 'user');
      return { undoId: backup.id };
    },
  };
}
