// A dead host leaves nothing running (issue 9 item 7). Each command registry that started commands keeps a record
// under FLOE_HOME/commands (host pid and start time, its tag, the process groups it started) and a watchdog: a
// small bash in a session of its own that waits on a pipe from the host. When the host dies the pipe ends, and the
// watchdog ends every process carrying the registry's tag (SIGTERM, then SIGKILL a second later; a login capture
// still running gets SIGTERM only, so a profile's lock clean-up can run) and removes the record. Whatever a watchdog could not reap (it was killed too, the machine rebooted mid-way) is reaped when the
// next registry starts (sweepDeadHosts). Must not track sessions; the registry tells it what it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TAG_VAR, findTagged, signalTagged } from './containment.js';
import { signalGroup } from './process-group.js';

interface HostRecord {
  hostPid: number;
  /** /proc start time of the host, so a reused pid is not taken for the host */
  hostStart: string;
  tag: string;
  groups: number[];
}

function startTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function hostAlive(r: HostRecord): boolean {
  try {
    process.kill(r.hostPid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException)?.code !== 'EPERM') return false;
  }
  return process.platform !== 'linux' || startTime(r.hostPid) === r.hostStart;
}

/** Ends what hosts that are gone left running, and removes their records. Returns the pids signalled. */
export function sweepDeadHosts(dir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const killed: number[] = [];
  for (const n of names) {
    const file = join(dir, n);
    let r: HostRecord;
    try {
      r = JSON.parse(readFileSync(file, 'utf8')) as HostRecord;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    if (typeof r.tag !== 'string' || !/^[0-9a-f]+$/.test(r.tag) || hostAlive(r)) continue;
    const prefix = `${r.tag}.`;
    const tagged = findTagged(prefix);
    // a recorded group is signalled only while its leader still carries the tag (a pid may have been reused)
    for (const g of r.groups ?? []) if (tagged.includes(g)) signalGroup(g, 'SIGKILL');
    signalTagged(prefix, 'SIGKILL');
    killed.push(...tagged);
    rmSync(file, { force: true });
  }
  return killed;
}

const WATCHDOG = `
tag=$1 record=$2
IFS= read -r line
[ "$line" = bye ] && exit 0
for sig in TERM KILL; do
  for e in /proc/[0-9]*/environ; do
    p=\${e#/proc/}; p=\${p%/environ}
    [ "$p" = "$$" ] && continue
    while IFS= read -r -d '' v; do
      case $v in
        ${TAG_VAR}=$tag.*) kill -$sig "$p" 2>/dev/null; break ;;
        # the login capture gets SIGTERM only: its profile's own clean-up (lock files) must run
        ${TAG_VAR}=$tag-capture) [ $sig = TERM ] && kill -TERM "$p" 2>/dev/null; break ;;
      esac
    done < "$e" 2>/dev/null
  done
  [ $sig = TERM ] && sleep 1
done
rm -f "$record"
`;

export class HostRecorder {
  private readonly file: string;
  private readonly record: HostRecord;
  private watchdog: ChildProcess | undefined;
  private closed = false;

  constructor(dir: string, tag: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = join(dir, `${process.pid}-${tag}.json`);
    this.record = { hostPid: process.pid, hostStart: startTime(process.pid), tag, groups: [] };
  }

  /** Notes a started process group (writes the record; starts the watchdog on first use). */
  started(pgid: number): void {
    if (this.closed) return;
    this.record.groups.push(pgid);
    // keep the record small: groups of long-gone commands only need the tag
    if (this.record.groups.length > 256) this.record.groups.splice(0, this.record.groups.length - 256);
    writeFileSync(this.file, JSON.stringify(this.record), { mode: 0o600 });
    if (!this.watchdog && process.platform === 'linux') this.startWatchdog();
  }

  /** The host ends its commands itself: the watchdog leaves, the record goes. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.watchdog?.stdin?.end('bye\n');
    } catch {
      // already gone
    }
    this.watchdog = undefined;
    rmSync(this.file, { force: true });
  }

  private startWatchdog(): void {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    try {
      const w = spawn('bash', ['--noprofile', '--norc', '-c', WATCHDOG, 'floe-watchdog', this.record.tag, this.file], {
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
        env,
      });
      w.on('error', () => {});
      w.unref();
      (w.stdin as unknown as { unref?: () => void } | null)?.unref?.();
      w.stdin?.on('error', () => {});
      this.watchdog = w;
    } catch {
      // no watchdog: the next start still reaps from the record
    }
  }
}
