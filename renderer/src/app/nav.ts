// Which screen is shown (zustand). Must not load data (screens do on mount).
import { create } from 'zustand';

export type Screen = 'projects' | 'chat' | 'traces' | 'settings';

export interface NavState {
  screen: Screen;
  pendingOpen: boolean;
  go(s: Screen): void;
  togglePending(open?: boolean): void;
}

export const useNav = create<NavState>((set) => ({
  screen: 'projects',
  pendingOpen: false,
  go: (screen) => set({ screen }),
  togglePending: (open) => set((s) => ({ pendingOpen: open ?? !s.pendingOpen })),
}));
