// The trace list as a tree: each subagent's trace right under its parent's (any depth), in the list's order;
// a child whose parent is not in the list stays at the top level. Pure.

export interface Nestable {
  sessionId: string;
  parentSessionId: string | null;
}

export function nestTraces<T extends Nestable>(list: readonly T[]): { row: T; depth: number }[] {
  const ids = new Set(list.map((s) => s.sessionId));
  const kids = new Map<string, T[]>();
  const roots: T[] = [];
  for (const s of list) {
    if (s.parentSessionId && s.parentSessionId !== s.sessionId && ids.has(s.parentSessionId)) {
      const k = kids.get(s.parentSessionId) ?? [];
      k.push(s);
      kids.set(s.parentSessionId, k);
    } else roots.push(s);
  }
  const out: { row: T; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (s: T, depth: number) => {
    if (seen.has(s.sessionId)) return;
    seen.add(s.sessionId);
    out.push({ row: s, depth });
    for (const c of kids.get(s.sessionId) ?? []) walk(c, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  // a parent cycle leaves rows unreached: show them flat rather than lose them
  for (const s of list) if (!seen.has(s.sessionId)) walk(s, 0);
  return out;
}
