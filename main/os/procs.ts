// What the operating system says about processes, in one place: whether a pid exists, its /proc/<pid>/stat fields
// (state, parent, group, start time, name, CPU time), its starting environment, and the list of pids. Linux reads /proc; elsewhere
// only `kill(pid, 0)` answers, and the /proc readers return undefined. Never throws; holds no state; knows nothing
// of commands, sessions or claims (main/environment/commands and main/store build on it). Also a process's direct
// children and its pid in each PID namespace (the sandbox's session box maps its commands' pids through them).
// And the scheduling group (autogroup) of a process's session, whose weight a flooding command gives up.
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';

export interface ProcStat {
  /** one letter: R running, S sleeping, Z zombie, X dead, … */
  state: string;
  ppid: number;
  pgrp: number;
  /** start time in clock ticks since boot: with the pid, it names one process even after the pid is reused */
  start: string;
  /** its command name (at most 15 characters) */
  comm: string;
  /** CPU time used, in clock ticks (USER_HZ, 100 a second on Linux): its own and its reaped children's */
  cpuTicks: number;
}

/** True while a process with this pid exists (a zombie counts; EPERM means it exists but is not ours). */
export function pidExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The fields of /proc/<pid>/stat Floe uses, or undefined (not Linux, or the process is gone). */
export function procStat(pid: number | string): ProcStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // the command name (field 2) is in parentheses and may hold spaces and ')': count fields after the last ')'
  const close = stat.lastIndexOf(')');
  const rest = stat.slice(close + 2).split(' ');
  if (rest.length < 20) return undefined;
  const cpuTicks = [11, 12, 13, 14].reduce((n, i) => n + Number(rest[i]), 0); // utime stime cutime cstime
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  return { state: rest[0]!, ppid: Number(rest[1]), pgrp: Number(rest[2]), start: rest[19]!, comm, cpuTicks };
}

/** The process's start time (see ProcStat.start), or undefined where it cannot be read. */
export function processStart(pid: number): string | undefined {
  return procStat(pid)?.start;
}

/** A zombie or a dead entry: the process has ended, only its parent has not reaped it yet. */
export const ended = (s: ProcStat): boolean => s.state === 'Z' || s.state === 'X';

/**
 * True while the process runs: it exists and, where /proc tells, is not a zombie. Where /proc cannot be read the
 * answer is `pidExists`.
 */
export function pidRuns(pid: number): boolean {
  if (!pidExists(pid)) return false;
  const s = procStat(pid);
  return !s || !ended(s);
}

/** The pids /proc lists (empty where there is no /proc). */
export function listPids(): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const n of names) if (n.charCodeAt(0) >= 48 && n.charCodeAt(0) <= 57) out.push(Number(n));
  return out;
}

/** The environment the process started with (NUL-separated entries), or undefined. */
export function procEnviron(pid: number): Buffer | undefined {
  try {
    return readFileSync(`/proc/${pid}/environ`);
  } catch {
    return undefined;
  }
}

/** The process's arguments (NUL-separated, each ended by a NUL), or undefined. */
export function procCmdline(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The PID namespace a process is in, as its /proc link names it (`pid:[4026531836]`); '' when unreadable. */
export function pidNamespaceOf(pid: number | 'self'): string {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return '';
  }
}

/** The pids of `NSpid:` in a /proc/<pid>/status text, outermost first (pure; empty when the line is missing). */
export function parseNsPids(status: string): number[] {
  const m = /^NSpid:\s*(.*)$/m.exec(status);
  if (!m) return [];
  return m[1]
    .trim()
    .split(/\s+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The pid of `pid` in each PID namespace it is in, outermost (the host's) first; empty when gone or not Linux. */
export function procNsPids(pid: number): number[] {
  try {
    return parseNsPids(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return [];
  }
}

/** Direct children of `pid` forked by its main thread (empty when gone or not Linux). */
export function procChildren(pid: number): number[] {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return [];
  }
  return text
    .split(' ')
    .filter((s) => s.trim())
    .map(Number);
}

/** The scheduling group (autogroup) of a process's session, such as `/autogroup-123`; undefined without one. */
export function procAutogroup(pid: number | 'self'): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/autogroup`, 'utf8').split(' ')[0] || undefined;
  } catch {
    return undefined;
  }
}

/** Sets the nice value of the autogroup `pid` is in (raising it needs no privilege); false when it was not set. */
export function setAutogroupNice(pid: number, nice: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return true;
  } catch {
    return false;
  }
}
