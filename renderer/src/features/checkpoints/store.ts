// Checkpoints of the sessions seen (zustand): each session's turns and restores with their changed files and
// diffs, which review is open, and the restores the person asks for (the whole turn, one file, one hunk, or
// undoing a restore). Loaded when a session opens and after each of its tasks ends. Must not touch the DOM.
import { create } from 'zustand';
import type { ApiCheckpoint, ApiFileDiff } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';

export interface EntryChanges {
  diffs: ApiFileDiff[];
  truncated: boolean;
}

interface SessionCheckpoints {
  projectId: string;
  /** newest first, as the host lists them */
  entries: ApiCheckpoint[];
  changes: Record<string, EntryChanges>;
}

/** What the review shows: one entry of a session, scrolled to one of its files. */
interface Review {
  sessionId: string;
  entryId: string;
  path?: string;
}

interface CheckpointState {
  bySession: Record<string, SessionCheckpoints>;
  review: Review | null;
  /** the latest action's outcome, shown in the review and under the turn */
  notice: { sessionId: string; text: string; error: boolean } | null;
  /** an action is on its way to the host */
  busy: boolean;
  /** sessions whose task runs (restores wait) */
  running: Record<string, boolean>;
  setRunning(sessionId: string, running: boolean): void;
  load(projectId: string, sessionId: string): Promise<void>;
  openReview(sessionId: string, entryId: string, path?: string): void;
  closeReview(): void;
  /** restores the files of `entry` (all, or `paths`) to how they were before it */
  restore(sessionId: string, entry: ApiCheckpoint, paths?: string[]): Promise<void>;
  revertHunk(sessionId: string, entry: ApiCheckpoint, path: string, index: number): Promise<void>;
}

const quote = (s: string) => `“${s}”`;

export const useCheckpoints = create<CheckpointState>((set, get) => {
  /** Runs one host action, then reloads the session's list; its outcome becomes the notice. */
  const act = async (sessionId: string, run: (projectId: string) => Promise<string>) => {
    const s = get().bySession[sessionId];
    if (!s || get().busy) return;
    set({ busy: true, notice: null });
    try {
      const text = await run(s.projectId);
      await get().load(s.projectId, sessionId);
      set({ notice: { sessionId, text, error: false } });
    } catch (e) {
      set({ notice: { sessionId, text: messageOf(e), error: true } });
    } finally {
      set({ busy: false });
    }
  };
  return {
    bySession: {},
    review: null,
    notice: null,
    busy: false,
    running: {},
    setRunning(sessionId, running) {
      if ((get().running[sessionId] ?? false) !== running) set({ running: { ...get().running, [sessionId]: running } });
    },
    async load(projectId, sessionId) {
      try {
        const entries = await call('checkpoints.list', { projectId, sessionId });
        const had = get().bySession[sessionId]?.changes ?? {};
        const changes: Record<string, EntryChanges> = {};
        for (const e of entries) {
          if (!e.endId) continue;
          // an entry's changes never change once it ended: ask the host only for new ones
          changes[e.id] =
            had[e.id] ?? (await call('checkpoints.changes', { projectId, checkpointId: e.id, sessionId }));
        }
        set({ bySession: { ...get().bySession, [sessionId]: { projectId, entries, changes } } });
      } catch (e) {
        set({ notice: { sessionId, text: messageOf(e), error: true } });
      }
    },
    openReview(sessionId, entryId, path) {
      set({ review: { sessionId, entryId, ...(path !== undefined ? { path } : {}) }, notice: null });
    },
    closeReview() {
      set({ review: null });
    },
    restore(sessionId, entry, paths) {
      return act(sessionId, async (projectId) => {
        await call('checkpoints.restore', {
          projectId,
          checkpointId: entry.id,
          sessionId,
          ...(paths ? { paths } : {}),
        });
        if (entry.kind === 'restore') return 'Restore undone: the files are as they were before it.';
        const what = paths?.length === 1 ? paths[0] : paths ? `${paths.length} files` : 'The files';
        return `${what} restored to before ${quote(entry.title || 'the turn')}. Listed under the turn; it can be undone.`;
      });
    },
    revertHunk(sessionId, entry, path, index) {
      return act(sessionId, async (projectId) => {
        const h = get().bySession[sessionId]?.changes[entry.id]?.diffs.find((d) => d.path === path)?.hunks[index];
        if (!h) throw new Error(`Hunk ${index + 1} of ${path} is not in this turn's diff any more; reopen the review.`);
        await call('checkpoints.revertHunk', {
          projectId,
          checkpointId: entry.id,
          path,
          hunk: index,
          oldStart: h.oldStart,
          oldLines: h.oldLines,
          newStart: h.newStart,
          newLines: h.newLines,
          sessionId,
        });
        return `Hunk ${index + 1} of ${path} taken back. Listed under the turn; it can be undone.`;
      });
    },
  };
});

/** The paths a restore entry changed: undoing a partial restore restores only those. */
export const pathsOf = (c: EntryChanges | undefined): string[] => c?.diffs.map((d) => d.path) ?? [];
