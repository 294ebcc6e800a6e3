import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_MS, isRetryable, retryDelay } from '../../../main/engine/retry.js';

describe('retry policy', () => {
  it('waits 2, 4, 8, 16, 30 s and stops after five', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelay(a, DEFAULT_RETRY_SCHEDULE_MS))).toEqual([
      2000,
      4000,
      8000,
      16000,
      30000,
      undefined,
    ]);
  });
  it('honours a longer Retry-After up to 60 s', () => {
    expect(retryDelay(1, DEFAULT_RETRY_SCHEDULE_MS, 7000)).toBe(7000);
    expect(retryDelay(1, DEFAULT_RETRY_SCHEDULE_MS, 500)).toBe(2000);
    expect(retryDelay(1, DEFAULT_RETRY_SCHEDULE_MS, 600_000)).toBe(60_000);
  });
  it('never retries auth or aborted', () => {
    expect(isRetryable('auth')).toBe(false);
    expect(isRetryable('aborted')).toBe(false);
    expect(['timeout', 'malformed', 'failed'].every((s) => isRetryable(s as never))).toBe(true);
  });
});
