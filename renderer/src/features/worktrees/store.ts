// Worktree state of the open project (zustand): whether its sessions can have their own worktree, and the live
// worktrees by session. Refreshed when the project opens, a session starts or ends, and after a merge or removal.
// Must not touch the DOM.
import { create } from 'zustand';
import type { ApiWorktree } from '../../../../shared/api-worktrees.js';
import { call } from '../../api/client.js';

export interface WorktreeState {
  projectId: string | null;
  /** whether sessions of the project can have a worktree, and why not */
  available: { git: boolean; reason?: string } | null;
  /** live worktrees by session id */
  bySession: Record<string, ApiWorktree>;
  load(projectId: string): Promise<void>;
  refresh(): Promise<void>;
}

export const useWorktrees = create<WorktreeState>((set, get) => ({
  projectId: null,
  available: null,
  bySession: {},
  async load(projectId) {
    if (get().projectId !== projectId) set({ projectId, available: null, bySession: {} });
    try {
      const available = await call('worktrees.available', { projectId });
      if (get().projectId === projectId) set({ available });
    } catch {
      if (get().projectId === projectId) set({ available: { git: false, reason: 'unknown' } });
    }
    await get().refresh();
  },
  async refresh() {
    const projectId = get().projectId;
    if (!projectId) return;
    try {
      const list = await call('worktrees.list', { projectId });
      const bySession: Record<string, ApiWorktree> = {};
      for (const w of list) if (w.sessionId && !w.removed) bySession[w.sessionId] = w;
      if (get().projectId === projectId) set({ bySession });
    } catch {
      /* the list stays as it was; the review panel reports its own errors */
    }
  },
}));
