// Layout choices of the chat screen (zustand, kept in localStorage): whether the sessions sidebar is shown and
// where the terminal dock sits (right, bottom, hidden). `effectiveDock` narrows the choice to the window width so
// the conversation keeps at least CONVERSATION_MIN px; in a small window (NARROW px and less) the sidebar starts
// collapsed and the dock hides while nothing runs (`sidebarShown`, `dockPlacement`). Pure helpers plus a tiny store; no rendering.
import { useEffect, useState } from 'react';
import { create } from 'zustand';

export type DockChoice = 'right' | 'bottom' | 'hidden';

/** The conversation column never gets narrower than this. */
const CONVERSATION_MIN = 480;
const SIDEBAR_W = 260;
/** A right-hand dock narrower than this is useless: put it at the bottom instead. */
const DOCK_MIN = 360;

/** Where the dock really goes at this width: right only when sidebar + conversation + dock fit side by side. */
export function effectiveDock(choice: DockChoice, width: number, sidebar: boolean): DockChoice {
  if (choice !== 'right') return choice;
  return width - (sidebar ? SIDEBAR_W : 0) - CONVERSATION_MIN >= DOCK_MIN ? 'right' : 'bottom';
}

/** At this width and below the window is small: the sidebar starts collapsed and an idle dock hides. */
export const NARROW = 800;

/** Whether the sidebar is shown by default at this width (the person's choice wins once made). */
export const sidebarDefault = (width: number): boolean => width > NARROW;

/**
 * Whether the sidebar is shown: in a small window only while the person opened it there (`narrowOpen`, never
 * stored); in a wide one their stored choice, else shown.
 */
export function sidebarShown(width: number, choice: boolean | undefined, narrowOpen: boolean): boolean {
  return width <= NARROW ? narrowOpen : (choice ?? sidebarDefault(width));
}

/**
 * Where the dock goes, also in a small window: there it hides while no command of the session runs, unless the
 * person asked to see it (`shownByHand`).
 */
export function dockPlacement(
  choice: DockChoice,
  width: number,
  sidebar: boolean,
  running: boolean,
  shownByHand: boolean,
): DockChoice {
  const d = effectiveDock(choice, width, sidebar);
  if (d !== 'hidden' && width <= NARROW && !running && !shownByHand) return 'hidden';
  return d;
}

const KEY = 'floe.layout';

interface Stored {
  sidebar?: boolean;
  dock?: DockChoice;
}

function read(): Stored {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Stored;
    return {
      sidebar: typeof v.sidebar === 'boolean' ? v.sidebar : undefined,
      dock: v.dock === 'right' || v.dock === 'bottom' || v.dock === 'hidden' ? v.dock : undefined,
    };
  } catch {
    return {};
  }
}

function write(s: Stored): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

export interface LayoutState {
  sidebar: boolean | undefined;
  dock: DockChoice;
  /** the sidebar opened in a small window (not stored: a small window starts with it collapsed) */
  narrowSidebar: boolean;
  /** the idle dock shown by hand in a small window (not stored) */
  dockByHand: boolean;
  setSidebar(open: boolean): void;
  setNarrowSidebar(open: boolean): void;
  setDockByHand(shown: boolean): void;
  setDock(d: DockChoice): void;
}

const initial = read();
export const useLayout = create<LayoutState>((set, get) => ({
  sidebar: initial.sidebar,
  dock: initial.dock ?? 'right',
  narrowSidebar: false,
  dockByHand: false,
  setNarrowSidebar: (narrowSidebar) => set({ narrowSidebar }),
  setDockByHand: (dockByHand) => set({ dockByHand }),
  setSidebar(open) {
    set({ sidebar: open });
    write({ sidebar: open, dock: get().dock });
  },
  setDock(dock) {
    set({ dock });
    write({ sidebar: get().sidebar, dock });
  },
}));

/** The window's inner width, live. */
export function useWindowWidth(): number {
  const [w, setW] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}
