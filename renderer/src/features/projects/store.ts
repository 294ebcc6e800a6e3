// Projects state (zustand): recent projects, the open project, path completion for browser mode and the native
// folder dialog for desktop. Must not know about chat sessions beyond asking the chat store to load them.
import { create } from 'zustand';
import type { ApiProject } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';
import { sortProjects } from './logic.js';

export interface ProjectsState {
  projects: ApiProject[];
  currentId: string | null;
  loaded: boolean;
  error: string | null;
  completion: { suggestions: string[]; valid: boolean; error?: string } | null;
  load(): Promise<void>;
  add(path: string): Promise<ApiProject | null>;
  open(id: string): Promise<ApiProject | null>;
  forget(id: string): Promise<void>;
  /** points a project whose folder moved at its new place; true when done (else `error` says why) */
  relocate(id: string, path: string): Promise<boolean>;
  complete(prefix: string): Promise<void>;
  pickFolder(): Promise<string | null>;
  close(): void;
}

export const useProjects = create<ProjectsState>((set, get) => ({
  projects: [],
  currentId: null,
  loaded: false,
  error: null,
  completion: null,
  async load() {
    try {
      set({ projects: sortProjects(await call('projects.list', {})), loaded: true });
    } catch (e) {
      set({ error: messageOf(e), loaded: true });
    }
  },
  async add(path) {
    try {
      const p = await call('projects.add', { path });
      set((s) => ({ projects: sortProjects([p, ...s.projects.filter((x) => x.id !== p.id)]), error: null }));
      return await get().open(p.id);
    } catch (e) {
      set({ error: messageOf(e) });
      return null;
    }
  },
  async open(id) {
    try {
      const p = await call('projects.open', { projectId: id });
      set((s) => ({
        currentId: p.id,
        projects: sortProjects(s.projects.map((x) => (x.id === p.id ? p : x))),
        error: null,
      }));
      return p;
    } catch (e) {
      set({ error: messageOf(e) });
      return null;
    }
  },
  async forget(id) {
    try {
      await call('projects.forget', { projectId: id });
      set((s) => ({
        projects: s.projects.filter((x) => x.id !== id),
        currentId: s.currentId === id ? null : s.currentId,
      }));
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },
  async relocate(id, path) {
    try {
      const p = await call('projects.relocate', { projectId: id, path });
      set((s) => ({ projects: sortProjects(s.projects.map((x) => (x.id === p.id ? p : x))), error: null }));
      return true;
    } catch (e) {
      set({ error: messageOf(e) });
      return false;
    }
  },
  async complete(prefix) {
    try {
      set({ completion: await call('projects.completePath', { prefix }) });
    } catch (e) {
      set({ completion: { suggestions: [], valid: false, error: messageOf(e) } });
    }
  },
  async pickFolder() {
    try {
      return (await call('projects.pickFolder', {})).path;
    } catch (e) {
      set({ error: messageOf(e) });
      return null;
    }
  },
  close: () => set({ currentId: null }),
}));
