// Overlap between sessions: the files a session changed that the base branch (since the session forked) or another
// live session also changed. Pure; check.ts gathers the file lists with git.

export const BASE = 'base';

export interface Overlap {
  path: string;
  /** `base`, or the ids (or worktree names) of the other sessions that changed it too */
  with: string[];
}

export function findOverlaps(mine: readonly string[], others: readonly { who: string; files: readonly string[] }[]) {
  const out: Overlap[] = [];
  const sets = others.map((o) => ({ who: o.who, files: new Set(o.files) }));
  for (const p of [...mine].sort()) {
    const hit = sets.filter((s) => s.files.has(p)).map((s) => s.who);
    if (hit.length) out.push({ path: p, with: hit });
  }
  return out;
}
