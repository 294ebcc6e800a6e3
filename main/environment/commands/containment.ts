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

/** The FLOE_PROC values in a process's starting environment (NUL-separated entries). */
function tagsIn(env: Buffer): string[] {
  const needle = Buffer.from(`${TAG_VAR}=`);
  const out: string[] = [];
  for (let at = env.indexOf(needle); at >= 0; at = env.indexOf(needle, at + 1)) {
    // the match must start an entry
    if (at > 0 && env[at - 1] !== 0) continue;
    const end = env.indexOf(0, at);
    out.push(env.toString('latin1', at + needle.length, end < 0 ? env.length : end));
  }
  return out;
}

/**
 * Every process's tags, read from /proc once per turn of the event loop: the sessions of a window closed together
 * each scanned every process's environment three times on the way out (20 sessions: ~170 ms of the host's loop in
 * a profile); the calls of one turn now share one scan. A process started later in the same turn is seen from the
 * next turn on (the killers look again after waiting).
 */
let scanned: [number, string[]][] | undefined;
function tagScan(): [number, string[]][] {
  if (scanned) return scanned;
  const out: [number, string[]][] = [];
  for (const pid of listPids()) {
    if (pid === process.pid) continue;
    const env = procEnviron(pid);
    const tags = env ? tagsIn(env) : [];
    if (tags.length) out.push([pid, tags]);
  }
  scanned = out;
  setImmediate(() => (scanned = undefined)).unref?.();
  return out;
}

/** Pids of live processes (not zombies) whose starting environment has `FLOE_PROC=<prefix>…`. Never throws. */
export function findTagged(prefix: string): number[] {
  if (!canFindTagged || !prefix) return [];
  const out: number[] = [];
  for (const [pid, tags] of tagScan()) {
    if (!tags.some((t) => t.startsWith(prefix))) continue;
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
