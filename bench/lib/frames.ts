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

/** The page's clock now (performance.now(), ms): frame times are on it. */
export async function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** Each recorded frame as [end time on the page's clock, delta], oldest first (call before framesStop). */
export async function frameTimes(page: Page): Promise<[number, number][]> {
  return page.evaluate(() => {
    const s = (globalThis as { __frames?: { d: number[]; last: number } }).__frames!;
    const out: [number, number][] = [];
    let t = s.last;
    for (let i = s.d.length - 1; i >= 0; i--) {
      out.unshift([t, s.d[i]!]);
      t -= s.d[i]!;
    }
    return out;
  });
}

/** Stops recording; the deltas (ms) since framesStart. */
export async function framesStop(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const s = (globalThis as { __frames?: { d: number[]; on: boolean } }).__frames!;
    s.on = false;
    return s.d;
  });
}
