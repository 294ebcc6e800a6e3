// Frame times of a page in Chromium (benchmarks only): requestAnimationFrame deltas from framesStart to framesStop.
import type { Page } from 'playwright-core';

/** Starts recording the page's frame deltas (ms). */
export async function framesStart(page: Page): Promise<void> {
  // a string, not a function: tsx would wrap a named inner function in a helper the page does not have
  await page.evaluate(`(() => {
    const s = { d: [], on: true, last: 0 };
    globalThis.__frames = s;
    const f = (t) => {
      if (s.last) s.d.push(t - s.last);
      s.last = t;
      if (s.on) requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
  })()`);
}

/** Stops recording; the deltas (ms) since framesStart. */
export async function framesStop(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const s = (globalThis as { __frames?: { d: number[]; on: boolean } }).__frames!;
    s.on = false;
    return s.d;
  });
}
