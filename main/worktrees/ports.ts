// The per-session port block: each live worktree gets FLOE_PORT_BASE, the first of PORT_BLOCK ports no other live
// worktree holds, so dev servers of parallel sessions do not collide. Pure.

export const PORT_FIRST = 40_000;
export const PORT_BLOCK = 10;
export const PORT_LAST = 49_990;

/** The lowest block start not in `used`; null when every block is taken (1000 live worktrees). */
export function nextPortBase(used: Iterable<number>): number | null {
  const taken = new Set(used);
  for (let p = PORT_FIRST; p <= PORT_LAST; p += PORT_BLOCK) if (!taken.has(p)) return p;
  return null;
}
