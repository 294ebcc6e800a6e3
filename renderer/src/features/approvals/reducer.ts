// Pure state of pending approvals: add (idempotent), resolve (remove), replace all (after subscribe), lookups by
// tool call, ordering, and the keyboard shortcut table. No I/O, no React.
import type { ApiPendingApproval } from '../../../../shared/api.js';

export type PendingMap = Record<string, ApiPendingApproval>;

export function addPending(m: PendingMap, p: ApiPendingApproval): PendingMap {
  return m[p.id] ? m : { ...m, [p.id]: p };
}

export function removePending(m: PendingMap, id: string): PendingMap {
  if (!m[id]) return m;
  const out = { ...m };
  delete out[id];
  return out;
}

export function replacePending(list: readonly ApiPendingApproval[]): PendingMap {
  return Object.fromEntries(list.map((p) => [p.id, p]));
}

/** Oldest first. */
export function ordered(m: PendingMap, sessionId?: string): ApiPendingApproval[] {
  return Object.values(m)
    .filter((p) => !sessionId || p.sessionId === sessionId)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
}

export function byToolCall(m: PendingMap, toolCallId: string): ApiPendingApproval | undefined {
  for (const p of Object.values(m)) if (p.toolCallId === toolCallId) return p;
  return undefined;
}

export type Shortcut = 'allow' | 'deny' | 'allow-session';

/** Keys on a focused approval card: A allow, D deny, S allow this tool for the session. */
export function shortcutOf(key: string, mods: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {}): Shortcut | null {
  if (mods.ctrl || mods.meta || mods.alt) return null;
  switch (key.toLowerCase()) {
    case 'a':
    case 'y':
      return 'allow';
    case 'd':
    case 'n':
      return 'deny';
    case 's':
      return 'allow-session';
    default:
      return null;
  }
}

/** Pretty-printed arguments for the card. */
export function prettyJson(s: string): string {
  try {
    return JSON.stringify(JSON.parse(s), null, 2);
  } catch {
    return s;
  }
}
