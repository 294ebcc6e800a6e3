// Network holders (net-holder.ts) whose host died while they started. bwrap dies with its host, but its child asks
// to die with bwrap only just before its exec, so a host killed at that moment (kill -9, a test runner's teardown)
// leaves a bwrap blocked forever or a `sleep infinity` behind, reparented to init, with nothing of the host left to
// end it. Every holder therefore carries its host in its environment: FLOE_NET_HOLDER=<pid namespace>:<pid>:<start
// time>. The first sandbox of a later process ends the holders whose host is gone, as sweep.ts removes their
// folders. Linux (/proc) only; never throws. It must not touch a process without the mark, a holder whose host runs,
// or a holder whose host is in another PID namespace (whose pids this process cannot judge).
import { ended, listPids, pidNamespaceOf, procCmdline, procEnviron, procStat, processStart } from '../../os/procs.js';

export const HOLDER_MARK = 'FLOE_NET_HOLDER';

/** A holder's host: its PID namespace (as /proc/<pid>/ns/pid names it), pid and start time. */
export interface HolderHost {
  ns: string;
  pid: number;
  start: string;
}

const pidNamespace = (): string => pidNamespaceOf('self');

/** The mark's value naming this process as a holder's host. */
export function hostMark(): string {
  return `${pidNamespace()}:${process.pid}:${processStart(process.pid) ?? ''}`;
}

/** The host a process environment (NUL-separated entries) names in its mark, or undefined (pure). */
export function markedHost(environ: string): HolderHost | undefined {
  const entry = environ.split('\0').find((e) => e.startsWith(`${HOLDER_MARK}=`));
  const m = entry && /^(.*):(\d+):(\d+)$/.exec(entry.slice(HOLDER_MARK.length + 1));
  if (!m) return undefined;
  return { ns: m[1]!, pid: Number(m[2]), start: m[3]! };
}

/** Whether a host that `markedHost` found is gone, seen from a process in PID namespace `ns`. */
export function hostGone(host: HolderHost, ns: string, stat: typeof procStat = procStat): boolean {
  if (!ns || host.ns !== ns) return false;
  const s = stat(host.pid);
  return !s || ended(s) || s.start !== host.start;
}

/** A holder's command line (bwrap's ends with its program's): `… sleep infinity`. */
const holderArgv = (pid: number): boolean => procCmdline(pid)?.endsWith('sleep\0infinity\0') === true;

/** Kills (SIGKILL) the holder processes whose host is gone; returns their pids. Never throws. */
export function sweepOrphanHolders(): number[] {
  const ns = pidNamespace();
  if (!ns) return [];
  const killed: number[] = [];
  for (const pid of listPids()) {
    if (pid === process.pid || !holderArgv(pid)) continue;
    const env = procEnviron(pid);
    const host = env && markedHost(env.toString('utf8'));
    if (!host || !hostGone(host, ns)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // gone meanwhile, or not ours
    }
  }
  return killed;
}
