// A command that floods its terminal gives the CPU to the UI. On a loaded machine a `yes`, a verbose build or a
// `cat` of a big log takes every core it can get, and the pane's renderer and the host that draw it (and the
// keystrokes typed into other panes) wait for one. Linux schedules each terminal session as a group of its own
// (autogroup), so the command's group weighed as much as the whole app. Once a command has printed more than
// FLOOD_BYTES within FLOOD_WINDOW_MS its session's group gets a lower weight (nice FLOOD_NICE, what `nice` gives a
// background job); it runs as fast as before when a core is free. An unprivileged process cannot raise it again, so
// it stays lowered until the command ends. Nowhere but Linux (no autogroup there: nothing is done). Never lowers the
// group this process is in. Bench ui-flood (quiet machine, 3 interleaved rounds each): echo p99 29.2-34.8 →
// 20.3-22.1 ms, frame p99 16.8-33.3 → 16.8, host loop p99 16.7-21.5 → 14.6-15.9 ms, throughput 0.68-0.71 → 0.65-0.70
// of a raw pty read.
import { procAutogroup, setAutogroupNice } from '../../os/procs.js';

const FLOOD_BYTES = 1_000_000;
const FLOOD_WINDOW_MS = 250;
export const FLOOD_NICE = 10;

/** Counts a command's output per window; says once when it floods. Pure but for the clock. */
export class FloodWatch {
  private windowStart = Number.NEGATIVE_INFINITY;
  private inWindow = 0;
  private told = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts `chars` of output; true the first time a window holds more than FLOOD_BYTES. */
  push(chars: number): boolean {
    if (this.told) return false;
    const t = this.now();
    if (t - this.windowStart > FLOOD_WINDOW_MS) {
      this.windowStart = t;
      this.inWindow = 0;
    }
    this.inWindow += chars;
    if (this.inWindow <= FLOOD_BYTES) return false;
    this.told = true;
    return true;
  }
}

/** Lowers the scheduling weight of `pid`'s session group to FLOOD_NICE; false when it was not done. */
export function yieldCpu(pid: number): boolean {
  if (process.platform !== 'linux' || !(pid > 0)) return false;
  const group = procAutogroup(pid);
  if (!group || group === procAutogroup('self')) return false;
  return setAutogroupNice(pid, FLOOD_NICE);
}
