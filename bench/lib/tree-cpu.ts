// CPU time of process trees, read from /proc (Linux) through main/os/procs.ts: for a benchmark's breakdown of where
// a workload's CPU went (this process, the browser it launched, the commands and sandboxes it started).
import { listPids, procStat, type ProcStat } from '../../main/os/procs.js';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux x86 and arm). */
const TICKS = 100;

function allStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const pid of listPids()) {
    const s = procStat(pid);
    if (s) stats.set(pid, s);
  }
  return stats;
}

/**
 * CPU ms of every process in the trees under `roots` (the roots included), by root; `top`'s own (with the children
 * it reaped); and `other` for the rest of the tree under `top` (under no root). Processes that exited count only
 * once reaped, in their reaper's figure.
 */
export function treeCpuMs(top: number, roots: number[]): { byRoot: number[]; top: number; other: number } {
  const stats = allStats();
  const ms = (s: ProcStat) => (s.cpuTicks * 1000) / TICKS;
  const rootOf = (pid: number): number | 'other' | undefined => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      const i = roots.indexOf(p);
      if (i >= 0) return i;
      if (p === top) return 'other';
      p = stats.get(p)?.ppid ?? 0;
    }
    return undefined;
  };
  const byRoot = roots.map(() => 0);
  let other = 0;
  for (const [pid, s] of stats) {
    const r = rootOf(pid);
    if (pid === top) continue;
    if (r === 'other') other += ms(s);
    else if (r !== undefined) byRoot[r]! += ms(s);
  }
  const own = stats.get(top);
  return { byRoot, top: own ? ms(own) : 0, other };
}

/** Pids of the direct children of `ppid` whose command name starts with `prefix` (e.g. the browser Playwright
 * launched, which it does not expose). */
export function childrenNamed(ppid: number, prefix: string): number[] {
  return [...allStats()].filter(([, s]) => s.ppid === ppid && s.comm.startsWith(prefix)).map(([pid]) => pid);
}
