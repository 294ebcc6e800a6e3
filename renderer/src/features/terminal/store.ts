// Terminal state (zustand): command sessions and their panes per chat session, wired to the pure reducer.
// Must not hold xterm objects (registry.ts does).
import { create } from 'zustand';
import type { ApiCommandSession, Events } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';
import { closePane, emptyTerm, exitProc, onOutput, openPane, upsertProc, type TermState } from './reducer.js';

export interface TerminalStore extends TermState {
  error: string | null;
  load(rootId: string): Promise<void>;
  started(p: ApiCommandSession, rootId: string): void;
  exited(e: Events['terminal.exit']): void;
  output(processId: string): void;
  open(processId: string): void;
  close(processId: string): void;
  kill(processId: string): Promise<void>;
}

export const useTerminals = create<TerminalStore>((set, get) => ({
  ...emptyTerm(),
  error: null,
  async load(rootId) {
    try {
      const list = await call('commands.list', { sessionId: rootId });
      set((s) => list.reduce<TermState>((acc, p) => upsertProc(acc, p, rootId), s));
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },
  started: (p, rootId) => set((s) => upsertProc(s, p, rootId)),
  exited: (e) => set((s) => exitProc(s, e)),
  output: (id) => {
    if (get().panes[id]) return;
    set((s) => onOutput(s, id));
  },
  open: (id) => set((s) => openPane(s, id)),
  close: (id) => set((s) => closePane(s, id)),
  async kill(id) {
    const p = get().procs[id];
    if (!p) return;
    try {
      await call('commands.kill', { sessionId: p.sessionId, processId: id });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },
}));
