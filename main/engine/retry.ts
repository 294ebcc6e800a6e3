// Model retry policy (SPEC §3): timeout/malformed/failed are retried at most 5 times, waiting 2, 4, 8, 16, 30 s;
// auth and aborted never. Pure; the schedule is injectable so tests run fast.
import type { StopReason } from '../../shared/omni/types.js';

export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [2000, 4000, 8000, 16000, 30000];
/** A Retry-After longer than the schedule is honoured up to this bound. */
const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryable(status: StopReason): boolean {
  return status === 'timeout' || status === 'malformed' || status === 'failed';
}

/** Wait before retry number `attempt` (1-based), or undefined when no retry is left. */
export function retryDelay(attempt: number, schedule: readonly number[], retryAfterMs?: number): number | undefined {
  if (attempt < 1 || attempt > schedule.length) return undefined;
  const base = schedule[attempt - 1];
  return Math.max(base, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}
