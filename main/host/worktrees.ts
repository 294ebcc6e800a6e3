// Handlers for sessions in their own git worktree (issue 22): whether a project can have them, the list, the
// session's diff per file, overlap and conflict checks, merge into the base (conflicts offered to the session as
// its next prompt), review comments sent as a prompt, removal and cleanup. The git work is main/worktrees; this file
// adds the session rules (not while a task runs) and the API shapes.
import type { ApiWorktree } from '../../shared/api-worktrees.js';
import {
  checkMerge,
  conflictPrompt,
  listRecords,
  mergeWorktree,
  recordOfSession,
  removeWorktree,
  repoInfo,
  reviewPrompt,
  worktreeDiff,
  worktreePatch,
  type WorktreeRecord,
} from '../worktrees/index.js';
import type { HostContext } from './context.js';
import { badRequest, conflict, notFound } from './errors.js';
import { mustSession } from './sessions.js';
import type { Handlers } from './table.js';

const MAX_PATCH_CHARS = 1_000_000;

type M =
  | 'worktrees.available'
  | 'worktrees.list'
  | 'worktrees.diff'
  | 'worktrees.check'
  | 'worktrees.merge'
  | 'worktrees.comment'
  | 'worktrees.remove'
  | 'worktrees.cleanup';

const worktreeView = (r: WorktreeRecord): ApiWorktree => ({
  name: r.name,
  sessionId: r.sessionId,
  repo: r.repo,
  path: r.path,
  branch: r.branch,
  base: r.base,
  state: r.state,
  portBase: r.portBase,
  createdAt: r.createdAt,
  ...(r.mergedAt ? { mergedAt: r.mergedAt } : {}),
  ...(r.mergeCommit ? { mergeCommit: r.mergeCommit } : {}),
  removed: !!r.removedAt,
});

export function worktreeHandlers(ctx: HostContext): Handlers<M> {
  const { store, runtime, home } = ctx;

  function mustWorktree(sessionId: string): WorktreeRecord {
    mustSession(ctx, sessionId);
    const r = recordOfSession(home, sessionId);
    if (!r)
      throw notFound(`Session ${sessionId} does not run in its own worktree; its changes are in the project folder.`);
    return r;
  }

  function idle(sessionId: string, what: string): void {
    if (runtime.isRunning(sessionId))
      throw conflict(`Session ${sessionId} is running a task; ${what} when it ends (or stop it).`);
  }

  /** Sends `prompt` to the session: steering when a task runs, else a new task. */
  async function send(sessionId: string, prompt: string): Promise<'run' | 'steer'> {
    if (runtime.isRunning(sessionId)) {
      (await runtime.ensure(sessionId)).steer(prompt);
      return 'steer';
    }
    await runtime.begin(sessionId);
    runtime.start(sessionId, prompt);
    return 'run';
  }

  const projectOf = (r: WorktreeRecord): string | null =>
    (r.sessionId ? store.sessions.get(r.sessionId)?.projectId : null) ?? null;

  return {
    'worktrees.available': async ({ projectId }) => {
      const p = store.projects.get(projectId);
      if (!p) throw notFound(`There is no project with id ${projectId}; reload the project list.`);
      const info = p.missing ? null : await repoInfo(p.path);
      if (!info) return { git: false, branch: null, reason: `${p.path} is not in a git repository` };
      if (!info.hasCommit) return { git: false, branch: null, reason: `the repository at ${info.top} has no commit` };
      if (!info.branch) return { git: false, branch: null, reason: `${info.top} is on a detached HEAD` };
      return { git: true, branch: info.branch };
    },
    'worktrees.list': ({ projectId, all }) =>
      listRecords(home)
        .filter((r) => (all ? true : !r.removedAt) && (!projectId || projectOf(r) === projectId))
        .sort((a, b) => Number(!!a.removedAt) - Number(!!b.removedAt))
        .map(worktreeView),
    'worktrees.diff': async ({ sessionId, file }) => {
      const r = mustWorktree(sessionId);
      const d = await worktreeDiff(r);
      const patch = await worktreePatch(r, d, file);
      return {
        base: r.base,
        branch: r.branch,
        files: d.files,
        patch: patch.length > MAX_PATCH_CHARS ? patch.slice(0, MAX_PATCH_CHARS) : patch,
        truncated: patch.length > MAX_PATCH_CHARS,
      };
    },
    'worktrees.check': async ({ sessionId }) => {
      const c = await checkMerge(home, mustWorktree(sessionId));
      return { files: c.files, overlaps: c.overlaps, conflicts: c.conflicts, baseAhead: c.baseAhead };
    },
    'worktrees.merge': async ({ sessionId, strategy, message, offerConflicts, keep }) => {
      const r = mustWorktree(sessionId);
      idle(sessionId, 'merge');
      const s = mustSession(ctx, sessionId);
      const text = message ?? `${s.title || 'Changes'} (Floe session ${sessionId})`;
      const out = await mergeWorktree(home, r, { strategy: strategy ?? 'squash', message: text });
      if (out.status === 'conflict') {
        const offered = offerConflicts !== false;
        if (offered) await send(sessionId, conflictPrompt(r.base, out.conflicts));
        return { status: 'conflict', conflicts: out.conflicts, offered };
      }
      if (!keep) await removeWorktree(home, out.record);
      ctx.events.emit('projects.changed', {});
      return { status: 'merged', commit: out.commit, files: out.files, removed: !keep };
    },
    'worktrees.comment': async ({ sessionId, comments, note }) => {
      mustWorktree(sessionId);
      if (!comments.length && !note?.trim()) throw badRequest('Write a comment or a note to send.');
      return { sent: await send(sessionId, reviewPrompt(comments, note)) };
    },
    'worktrees.remove': async ({ sessionId }) => {
      const r = mustWorktree(sessionId);
      idle(sessionId, 'remove its worktree');
      await runtime.unload(sessionId);
      const done = await removeWorktree(home, r);
      ctx.events.emit('projects.changed', {});
      return worktreeView(done);
    },
    'worktrees.cleanup': async ({ projectId }) => {
      const removed: string[] = [];
      for (const r of listRecords(home)) {
        if (r.removedAt || (projectId && projectOf(r) !== projectId)) continue;
        const gone = r.sessionId !== null && !store.sessions.get(r.sessionId);
        if (r.state === 'active' && !gone) continue;
        if (r.sessionId && runtime.isRunning(r.sessionId)) continue;
        await removeWorktree(home, r, { forgetRecord: gone });
        removed.push(r.name);
      }
      if (removed.length) ctx.events.emit('projects.changed', {});
      return { removed };
    },
  };
}
