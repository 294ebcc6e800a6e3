// Test helper (no assertions): unit tests whose code runs on timers drive vitest's fake clock instead of sleeping on
// the real one, so a loaded machine cannot change what they see. `useFakeClock()` inside a describe (or at the top
// of a file) turns the fake clock on around each test; `tick` moves it; `until` moves it in small steps until a
// condition holds; `settle` awaits a promise whose work needs the clock to move.
import { afterEach, beforeEach, vi } from 'vitest';

// the real clock, taken before any test fakes it
const realSetTimeout = globalThis.setTimeout;
const realNowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

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

/**
 * Awaits `p`, moving the clock meanwhile (at most `limitMs` of fake time). Work that waits on real I/O (a module the
 * code loads on first use, say) does not move with the fake clock: past `limitMs` the clock moves 10 ms per 5 ms of
 * real time for up to `realGraceMs` more before giving up — on a loaded machine such a load outlasted 60 s of fake
 * time ticked in a tight loop.
 */
export async function settle<T>(p: Promise<T>, limitMs = 60_000, realGraceMs = 30_000): Promise<T> {
  let state: { ok: true; v: T } | { ok: false; e: unknown } | undefined;
  p.then(
    (v) => (state = { ok: true, v }),
    (e: unknown) => (state = { ok: false, e }),
  );
  const done = () => state !== undefined;
  let t = 0;
  for (; t < limitMs && !done(); t += 10) await tick(10);
  const started = realNowMs();
  while (!done() && realNowMs() - started < realGraceMs) {
    await new Promise((r) => realSetTimeout(r, 5));
    await tick(10);
  }
  if (!done()) throw new Error(`not settled within ${limitMs} ms of the fake clock and ${realGraceMs} ms of real time`);
  if (!state!.ok) throw state!.e;
  return state!.v;
}
