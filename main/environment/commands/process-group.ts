// Signals to whole process groups (a command's pty leader is a session and group leader, so `-pid` reaches its
// background children too) and a liveness check that ignores zombies (a container's PID 1 may never reap them).
// Must not track sessions; the registry does.
import { ended, listPids, procStat } from '../../os/procs.js';

/** Sends `signal` to process group `pgid`; false when the group no longer exists. Never throws. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Signals a command's shell and everything in its group: the group `-pid`, or, when that group does not exist yet,
 * the process itself. A pty's child becomes a group leader only once it has run setsid() after the fork, and the
 * pid can reach the host before that (node-pty returns at the fork; a session box reports the pid at once): a
 * signal sent to the group in that window found nothing and was lost. False when neither exists. Never throws.
 */
export function signalLeader(pid: number, signal: NodeJS.Signals | 0): boolean {
  if (signalGroup(pid, signal)) return true;
  if (!Number.isInteger(pid) || pid <= 1) return false;
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True while the group has a member that is not a zombie. */
export function groupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  const pids = listPids();
  if (!pids.length) return true; // /proc unreadable: the signal's answer stands
  for (const pid of pids) {
    const s = procStat(pid);
    if (s && s.pgrp === pgid && !ended(s)) return true;
  }
  return false;
}

/** Resolves once no group in `pgids` is alive, or after `timeoutMs`; returns the groups still alive. */
export async function waitGroupsGone(pgids: Iterable<number>, timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let alive = [...pgids].filter(groupAlive);
  while (alive.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    alive = alive.filter(groupAlive);
  }
  return alive;
}
