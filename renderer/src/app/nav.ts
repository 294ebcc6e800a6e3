// Which screen is shown (zustand). Must not load data (screens do on mount).
import { create } from 'zustand';

export type Screen = 'projects' | 'chat' | 'traces' | 'settings';

export interface NavState {
  screen: Screen;
  /** how many times go() was called (also to the screen already shown): the route restore yields to any of them */
  moves: number;
  pendingOpen: boolean;
  go(s: Screen): void;
  togglePending(open?: boolean): void;
}

export const useNav = create<NavState>((set) => ({
  screen: 'projects',
  moves: 0,
  pendingOpen: false,
  go: (screen) => set((s) => ({ screen, moves: s.moves + 1 })),
  togglePending: (open) => set((s) => ({ pendingOpen: open ?? !s.pendingOpen })),
}));
