// CPU time of process trees, read from /proc (Linux): for a benchmark's breakdown of where a workload's CPU went
// (this process, the browser it launched, the commands and sandboxes it started). Only reads /proc.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux x86 and arm). */
const TICKS = 100;

interface Stat {
  ppid: number;
  /** utime + stime + cutime + cstime, in ms: its own time and that of its children it has reaped */
  ms: number;
}

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // the command name is in parentheses and may hold spaces: fields are counted after its closing one
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(f[i - 3]);
  return { ppid: n(4), ms: ((n(14) + n(15) + n(16) + n(17)) * 1000) / TICKS };
}

/**
 * CPU ms of every process in the trees under `roots` (the roots included), by root; `top`'s own (with the children
 * it reaped); and `other` for the rest of the tree under `top` (under no root). Processes that exited count only
 * once reaped, in their reaper's figure.
 */
export function treeCpuMs(top: number, roots: number[]): { byRoot: number[]; top: number; other: number } {
  const stats = new Map<number, Stat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s) stats.set(Number(name), s);
  }
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
    if (r === 'other') other += s.ms;
    else if (r !== undefined) byRoot[r]! += s.ms;
  }
  return { byRoot, top: stats.get(top)?.ms ?? 0, other };
}

/** Pids of the direct children of `ppid` whose command name starts with `prefix` (e.g. the browser Playwright
 * launched, which it does not expose). */
export function childrenNamed(ppid: number, prefix: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'latin1');
      const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      if (readStat(Number(name))?.ppid === ppid && comm.startsWith(prefix)) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
