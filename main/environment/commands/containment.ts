// Finding every process a command started, including ones that left its process group or session (`setsid`,
// `setpgid`, daemons that double-fork and are re-parented to init): each command's environment carries a tag
// (`FLOE_PROC=<registry>.<command>`), which every descendant inherits unless it clears its environment, and on
// Linux /proc/<pid>/environ shows the environment a process started with. Killing a command signals its process
// group and every process carrying its tag. (A PID namespace would also catch processes that clear their
// environment, but makes the command's shell PID 1 of the namespace, which ignores signals it has no handler for:
// Ctrl-C and SIGTERM would stop working as they do in a terminal — see docs/commands.md.)
// Must not track sessions or decide when to kill.
import { ended, listPids, procEnviron, procStat } from '../../os/procs.js';

export const TAG_VAR = 'FLOE_PROC';

/** True when /proc exposes process environments (Linux). */
export const canFindTagged = process.platform === 'linux';

/** Pids of live processes (not zombies) whose starting environment has `FLOE_PROC=<prefix>…`. Never throws. */
export function findTagged(prefix: string): number[] {
  if (!canFindTagged || !prefix) return [];
  const needle = Buffer.from(`${TAG_VAR}=${prefix}`);
  const out: number[] = [];
  for (const pid of listPids()) {
    if (pid === process.pid) continue;
    const env = procEnviron(pid);
    if (!env) continue;
    let at = env.indexOf(needle);
    // the match must start an entry (entries are NUL-separated)
    while (at > 0 && env[at - 1] !== 0) at = env.indexOf(needle, at + 1);
    if (at < 0) continue;
    const s = procStat(pid);
    if (!s || ended(s)) continue;
    out.push(pid);
  }
  return out;
}

/** Sends `signal` to every process carrying the tag prefix; returns how many were signalled. */
export function signalTagged(prefix: string, signal: NodeJS.Signals): number {
  let n = 0;
  for (const pid of findTagged(prefix)) {
    try {
      process.kill(pid, signal);
      n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}
