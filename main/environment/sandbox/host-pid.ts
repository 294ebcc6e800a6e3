// The host's pid of a process inside a session's long-lived sandbox (issue 19). The server in the sandbox knows its
// commands by the pids of the sandbox's own PID namespace; the registry signals process groups and checks liveness
// by host pids. The kernel gives both in /proc/<pid>/status (`NSpid:` lists the pid in each namespace, outermost
// first), so the host looks among the descendants of a process it started (the sandbox's bwrap, or the server) for
// the one whose innermost pid matches. Linux only; never throws; undefined when the process is gone (a command that
// already exited and was reaped has nothing left to signal).
import { readFileSync } from 'node:fs';

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

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** Direct children of `pid` forked by its main thread (node-pty and bwrap fork there). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  const main = read(`/proc/${pid}/task/${pid}/children`);
  if (main === undefined) return out;
  for (const s of main.split(' ')) if (s.trim()) out.push(Number(s));
  return out;
}

/**
 * The host pid of the process whose innermost pid is `inner`, among the descendants of `root` (at most `depth`
 * generations down).
 */
export function hostPidOf(root: number, inner: number, depth = 3): number | undefined {
  let level = [root];
  for (let d = 0; d < depth && level.length; d++) {
    const next: number[] = [];
    for (const p of level) {
      for (const c of childrenOf(p)) {
        const ns = parseNsPids(read(`/proc/${c}/status`) ?? '');
        if (ns.length > 1 && ns[ns.length - 1] === inner) return c;
        next.push(c);
      }
    }
    level = next;
  }
  return undefined;
}
