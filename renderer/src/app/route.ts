// The address of what is on screen, kept in the URL hash (`#/chat/<project>/<session>`, `#/traces`, …) so a
// reload reopens the same screen, project and session. parseRoute/formatRoute are pure; startRouting wires the
// stores once (restore on start, then write on every change). Must not render anything.
import { useChat } from '../features/chat/store.js';
import { useProjects } from '../features/projects/store.js';
import { useNav, type Screen } from './nav.js';

export interface Route {
  screen: Screen;
  projectId: string | null;
  sessionId: string | null;
}

const SCREENS: readonly Screen[] = ['projects', 'chat', 'traces', 'settings'];

export function parseRoute(hash: string): Route | null {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const screen = parts[0] as Screen | undefined;
  if (!screen || !SCREENS.includes(screen)) return null;
  return { screen, projectId: parts[1] ?? null, sessionId: parts[2] ?? null };
}

export function formatRoute(r: Route): string {
  const tail = [r.projectId, r.projectId ? r.sessionId : null].filter((x): x is string => !!x).map(encodeURIComponent);
  return `#/${[r.screen, ...tail].join('/')}`;
}

function current(): Route {
  return {
    screen: useNav.getState().screen,
    projectId: useProjects.getState().currentId,
    sessionId: useChat.getState().currentId,
  };
}

let started = false;

/** Restores the route of the address bar, then keeps the address bar in step. */
export async function startRouting(): Promise<void> {
  if (started) return;
  started = true;
  const want = parseRoute(location.hash);
  // the person may go somewhere while the project and session load (even to the screen shown): their choice wins
  const moves = useNav.getState().moves;
  if (want?.projectId) {
    const p = await useProjects.getState().open(want.projectId);
    if (p) {
      await useChat.getState().loadSessions(p.id);
      if (want.sessionId) await useChat.getState().openSession(want.sessionId);
    }
  }
  const moved = useNav.getState().moves !== moves;
  if (want && !moved && (want.screen !== 'chat' || useProjects.getState().currentId)) useNav.getState().go(want.screen);
  const write = () => {
    const next = formatRoute(current());
    if (next !== location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${next}`);
  };
  useNav.subscribe(write);
  useProjects.subscribe(write);
  useChat.subscribe(write);
  write();
}
