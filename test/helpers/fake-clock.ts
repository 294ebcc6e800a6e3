// Test helper (no assertions): unit tests whose code runs on timers drive vitest's fake clock instead of sleeping on
// the real one, so a loaded machine cannot change what they see. `useFakeClock()` inside a describe (or at the top
// of a file) turns the fake clock on around each test; `tick` moves it; `until` moves it in small steps until a
// condition holds; `settle` awaits a promise whose work needs the clock to move.
import { afterEach, beforeEach, vi } from 'vitest';

export function useFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export async function tick(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

/** Moves the clock 10 ms at a time until `ok()` holds; throws after `limitMs` of fake time. */
export async function until(ok: () => boolean, limitMs = 2000): Promise<void> {
  for (let t = 0; t < limitMs && !ok(); t += 10) await tick(10);
  if (!ok()) throw new Error(`condition not reached within ${limitMs} ms of the fake clock`);
}

/** Awaits `p`, moving the clock meanwhile (at most `limitMs` of fake time). */
export async function settle<T>(p: Promise<T>, limitMs = 60_000): Promise<T> {
  let state: { ok: true; v: T } | { ok: false; e: unknown } | undefined;
  p.then(
    (v) => (state = { ok: true, v }),
    (e: unknown) => (state = { ok: false, e }),
  );
  await until(() => state !== undefined, limitMs);
  if (!state!.ok) throw state!.e;
  return state!.v;
}
