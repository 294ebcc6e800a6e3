// Pure: which command session to evict when a new one must be kept and the registry is full (SPEC §5, cap 64):
// an exited session first (least recently used among them), else the idle running session used least recently.
// Sessions a tool call is currently waiting on are never chosen. Must not kill or remove anything itself.

export interface EvictionCandidate {
  id: string;
  status: 'running' | 'exited';
  /** ms epoch of the last start/write/poll */
  lastUsedAt: number;
  /** true while a tool call is waiting on it */
  busy: boolean;
}

export interface EvictionChoice {
  id: string;
  /** true when the chosen session is still running and must be killed first */
  kill: boolean;
}

/** Returns the session to evict, or undefined when every session is busy. */
export function chooseEviction(sessions: readonly EvictionCandidate[], now: number): EvictionChoice | undefined {
  // idle time relative to `now`; sessions "used in the future" (clock skew) count as just used
  const idle = (s: EvictionCandidate): number => Math.max(0, now - s.lastUsedAt);
  const pick = (pool: EvictionCandidate[]): EvictionCandidate | undefined =>
    pool.reduce<EvictionCandidate | undefined>(
      (best, s) => (best === undefined || idle(s) > idle(best) ? s : best),
      undefined,
    );
  const exited = pick(sessions.filter((s) => s.status === 'exited' && !s.busy));
  if (exited) return { id: exited.id, kill: false };
  const running = pick(sessions.filter((s) => s.status === 'running' && !s.busy));
  if (running) return { id: running.id, kill: true };
  return undefined;
}
