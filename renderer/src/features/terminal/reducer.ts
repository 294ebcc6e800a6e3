// Pure state of terminal panes: command sessions by process id (with the root chat session they belong to),
// pane visibility (auto-open on first output unless the person closed it), exit state, the resize decision and
// an ack batcher's arithmetic. No xterm, no I/O.
import type { ApiCommandSession, Events } from '../../../../shared/api.js';

type PaneState = 'open' | 'closed';

export interface TermState {
  procs: Record<string, ApiCommandSession & { rootId: string }>;
  panes: Record<string, PaneState>;
  active: Record<string, string | undefined>; // rootId → processId shown
}

export const emptyTerm = (): TermState => ({ procs: {}, panes: {}, active: {} });

export function upsertProc(s: TermState, p: ApiCommandSession, rootId: string): TermState {
  const prev = s.procs[p.id];
  return { ...s, procs: { ...s.procs, [p.id]: { ...prev, ...p, rootId: prev?.rootId ?? rootId } } };
}

export function exitProc(s: TermState, e: Events['terminal.exit']): TermState {
  const prev = s.procs[e.processId];
  if (!prev) return s;
  return {
    ...s,
    procs: {
      ...s.procs,
      [e.processId]: {
        ...prev,
        status: 'exited',
        exitCode: e.exitCode,
        signal: e.signal,
        endedAt: new Date().toISOString(),
      },
    },
  };
}

/** Output arrived: open the pane the first time (never re-open one the person closed). */
export function onOutput(s: TermState, processId: string): TermState {
  if (s.panes[processId]) return s;
  const p = s.procs[processId];
  const active = p ? { ...s.active, [p.rootId]: processId } : s.active;
  return { ...s, panes: { ...s.panes, [processId]: 'open' }, active };
}

export function openPane(s: TermState, processId: string): TermState {
  const p = s.procs[processId];
  return {
    ...s,
    panes: { ...s.panes, [processId]: 'open' },
    active: p ? { ...s.active, [p.rootId]: processId } : s.active,
  };
}

export function closePane(s: TermState, processId: string): TermState {
  const p = s.procs[processId];
  let active = s.active;
  if (p && s.active[p.rootId] === processId) {
    const next = openOf(s, p.rootId).find((x) => x.id !== processId);
    active = { ...s.active, [p.rootId]: next?.id };
  }
  return { ...s, panes: { ...s.panes, [processId]: 'closed' }, active };
}

/** Open panes of one root session, oldest first. */
export function openOf(s: TermState, rootId: string): (ApiCommandSession & { rootId: string })[] {
  return Object.values(s.procs)
    .filter((p) => p.rootId === rootId && s.panes[p.id] === 'open')
    .sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
}

/** Every command session of one root session, oldest first. */
export function procsOf(s: TermState, rootId: string): (ApiCommandSession & { rootId: string })[] {
  return Object.values(s.procs)
    .filter((p) => p.rootId === rootId)
    .sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
}

/** The command session most likely run by a tool call: same cmd, started at/after the call, the earliest. */
export function procForCall(s: TermState, rootIds: string[], cmd: string, callTs: string): string | undefined {
  const t = Date.parse(callTs) - 2000;
  let best: (ApiCommandSession & { rootId: string }) | undefined;
  for (const p of Object.values(s.procs)) {
    if (!rootIds.includes(p.rootId) && !rootIds.includes(p.sessionId)) continue;
    if (p.cmd !== cmd || Date.parse(p.startedAt) < t) continue;
    if (!best || p.startedAt < best.startedAt) best = p;
  }
  return best?.id;
}

/** Send a resize only when the grid really changed (and is sane). */
export function shouldResize(
  prev: { cols: number; rows: number } | null,
  next: { cols: number; rows: number },
): boolean {
  if (!Number.isFinite(next.cols) || !Number.isFinite(next.rows) || next.cols < 2 || next.rows < 1) return false;
  return !prev || prev.cols !== next.cols || prev.rows !== next.rows;
}
