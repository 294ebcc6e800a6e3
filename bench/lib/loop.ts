// Event-loop delay of this process over a window (perf_hooks.monitorEventLoopDelay) and RSS sampling.
// Only observes; must not start work of its own beyond its sampling timer.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { nsToMs } from './stats.js';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** samples recorded */
  count: number;
}

export interface LoopWindow {
  /** stops the histogram and returns the delays in ms */
  stop(): LoopDelay;
}

/** Starts recording loop delay now (resolution in ms; default 5). */
export function watchLoop(resolutionMs = 5): LoopWindow {
  const h = monitorEventLoopDelay({ resolution: resolutionMs });
  h.enable();
  return {
    stop() {
      h.disable();
      return {
        p50: nsToMs(h.percentile(50)),
        p99: nsToMs(h.percentile(99)),
        max: nsToMs(h.max),
        mean: nsToMs(h.mean),
        count: h.count,
      };
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Loop delay while nothing of ours runs, over `ms`. */
export async function idleLoop(ms: number): Promise<LoopDelay> {
  const w = watchLoop();
  await sleep(ms);
  return w.stop();
}

export interface RssSampler {
  stop(): { peakMB: number; lastMB: number; firstMB: number };
}

/** Samples process RSS every `everyMs`. */
export function sampleRss(everyMs = 200): RssSampler {
  const mb = () => process.memoryUsage.rss() / 2 ** 20;
  const first = mb();
  let peak = first;
  let last = first;
  const t = setInterval(() => {
    last = mb();
    if (last > peak) peak = last;
  }, everyMs);
  return {
    stop() {
      clearInterval(t);
      last = mb();
      peak = Math.max(peak, last);
      return { peakMB: peak, lastMB: last, firstMB: first };
    },
  };
}
