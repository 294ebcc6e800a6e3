// The host's pid of a process inside a session's long-lived sandbox (issue 19). The server in the sandbox knows its
// commands by the pids of the sandbox's own PID namespace; the registry signals process groups and checks liveness
// by host pids. The kernel gives both in /proc/<pid>/status (`NSpid:` lists the pid in each namespace, outermost
// first), so the host looks among the descendants of a process it started (the sandbox's bwrap, or the server) for
// the one whose innermost pid matches. Linux only; never throws; undefined when the process is gone (a command that
// already exited and was reaped has nothing left to signal). What /proc says comes from main/os/procs.ts.
import { procChildren, procNsPids } from '../../os/procs.js';

/**
 * The host pid of the process whose innermost pid is `inner`, among the descendants of `root` (at most `depth`
 * generations down).
 */
export function hostPidOf(root: number, inner: number, depth = 3): number | undefined {
  let level = [root];
  for (let d = 0; d < depth && level.length; d++) {
    const next: number[] = [];
    for (const p of level) {
      for (const c of procChildren(p)) {
        const ns = procNsPids(c);
        if (ns.length > 1 && ns[ns.length - 1] === inner) return c;
        next.push(c);
      }
    }
    level = next;
  }
  return undefined;
}
