// A dead host leaves nothing running (issue 9 item 7). Each command registry that started commands keeps a record
// under FLOE_HOME/commands (host pid and start time, its tag, the process groups it started) and is watched by the
// host's watchdog of that folder: one small bash per host process, in a session of its own, waiting on a pipe from
// the host. When the host dies the pipe ends, and the watchdog ends every process carrying one of the registries'
// tags (SIGTERM, then SIGKILL a second later; a login capture still running gets SIGTERM only, so a profile's lock
// clean-up can run) and removes their records. Whatever a watchdog could not reap (it was killed too, the machine
// rebooted mid-way) is reaped when the next registry starts (sweepDeadHosts). Must not track sessions; the registry
// tells it what it started.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_GROUP } from '../../os/own-group.js';
import { pidExists, processStart } from '../../os/procs.js';
import type { StartedChild } from '../../os/remote-child.js';
import { spawner } from '../../os/spawner.js';
import { TAG_VAR, findTagged, signalTagged } from './containment.js';
import { signalGroup } from './process-group.js';

interface HostRecord {
  hostPid: number;
  /** /proc start time of the host, so a reused pid is not taken for the host */
  hostStart: string;
  tag: string;
  groups: number[];
}

const startTime = (pid: number): string => processStart(pid) ?? '';

function hostAlive(r: HostRecord): boolean {
  if (!pidExists(r.hostPid)) return false;
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

// The watchdog of one records folder in one host process, shared by every registry recording there (a host with 20
// sessions runs one, not 20: starting a bash per registry cost the host's event loop a fork on the hot path of each
// session's first command). It starts with the tags known then on its command line; the host writes `add <tag>`
// when another registry starts its first command, `drop <tag>` when one closes, and `bye` when none is left. When
// the pipe ends without `bye`, the host is gone: it ends every process carrying one of the tags (a login capture,
// `<tag>-capture`, gets SIGTERM only) and removes their records.
const WATCHDOG = `
prefix=$1
declare -A tags=()
for k in "\${@:2}"; do case $k in ''|*[!0-9a-f]*) ;; *) tags[$k]=1 ;; esac; done
while IFS= read -r line; do
  case $line in
    bye) exit 0 ;;
    "add "*) k=\${line#add }; case $k in ''|*[!0-9a-f]*) ;; *) tags[$k]=1 ;; esac ;;
    "drop "*) k=\${line#drop }; case $k in ''|*[!0-9a-f]*) ;; *) unset "tags[$k]" ;; esac ;;
  esac
done
[ \${#tags[@]} -eq 0 ] && exit 0
for sig in TERM KILL; do
  for e in /proc/[0-9]*/environ; do
    p=\${e#/proc/}; p=\${p%/environ}
    [ "$p" = "$$" ] && continue
    while IFS= read -r -d '' v; do
      case $v in
        ${TAG_VAR}=*)
          t=\${v#${TAG_VAR}=}; k=\${t%%[.-]*}
          case $k in ''|*[!0-9a-f]*) break ;; esac
          if [ -n "\${tags[$k]}" ]; then
            case \${t#"$k"} in
              .*) kill -$sig "$p" 2>/dev/null ;;
              # the login capture gets SIGTERM only: its profile's own clean-up (lock files) must run
              -capture) [ $sig = TERM ] && kill -TERM "$p" 2>/dev/null ;;
            esac
          fi
          break ;;
      esac
    done < "$e" 2>/dev/null
  done
  [ $sig = TERM ] && sleep 1
done
for k in "\${!tags[@]}"; do rm -f "$prefix$k.json"; done
`;

/** Record file of a registry: `<dir>/<host pid>-<tag>.json` (the watchdog derives it from its prefix and the tag). */
const recordPrefix = (dir: string): string => join(dir, `${process.pid}-`);

/** A watchdog being started or running: what the host wrote before it ran, and its pipe once it runs. */
interface WatchdogRun {
  child?: StartedChild;
  /** lines written while it was starting, sent once it runs */
  lines: string[];
  /** its last line is written: close the pipe once it runs */
  ending: boolean;
}

class SharedWatchdog {
  /** tags of the registries that started commands and have not closed */
  private readonly tags = new Set<string>();
  private current: WatchdogRun | undefined;

  constructor(private readonly dir: string) {}

  /** Watches `tag` from now on (starts the watchdog if none is running, e.g. after it was killed). */
  add(tag: string): void {
    this.tags.add(tag);
    if (this.current) this.send(`add ${tag}\n`);
    else this.spawn();
  }

  /** Stops watching `tag`; the last one out lets the watchdog leave. */
  drop(tag: string): void {
    if (!this.tags.delete(tag)) return;
    if (this.tags.size) return this.send(`drop ${tag}\n`);
    const w = this.current;
    this.current = undefined;
    if (!w) return;
    w.lines.push('bye\n');
    w.ending = true;
    if (w.child) flush(w);
  }

  /** Pid of the running watchdog (tests). */
  get pid(): number | undefined {
    return this.current?.child?.pid;
  }

  private send(line: string): void {
    const w = this.current;
    if (!w) return;
    w.lines.push(line);
    if (w.child) flush(w);
  }

  /**
   * Starts the watchdog through the spawner (main/os/spawner.ts): a fork of the host stops its event loop for
   * 20-100 ms (bench/concurrency: on the first command of every batch of sessions), the spawner's does not. What
   * the host writes meanwhile waits for it. Its pipe's other end is only the host's (the spawner hands it over and
   * closes its own), so it still ends when the host does.
   */
  private spawn(): void {
    const w: WatchdogRun = { lines: [], ending: false };
    this.current = w;
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    // the tags known now go on the command line, so they are watched even if the host dies before the pipe is read
    const argv = ['--noprofile', '--norc', '-c', WATCHDOG, 'floe-watchdog', recordPrefix(this.dir), ...this.tags];
    spawner.start('bash', argv, { env, stdio: ['pipe', 'ignore', 'ignore'], ...OWN_GROUP }).then(
      (child) => {
        w.child = child;
        // killed or failed: forget it, so the next registry to start a command starts a new one with every tag
        child.on('exit', () => {
          if (this.current === w) this.current = undefined;
        });
        child.unref();
        (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
        child.stdin?.on('error', () => {});
        flush(w);
      },
      () => {
        // no watchdog: the next start still reaps from the records
        if (this.current === w) this.current = undefined;
      },
    );
  }
}

/** Writes what waits for a running watchdog, and closes its pipe after its last line. */
function flush(w: WatchdogRun): void {
  const stdin = w.child?.stdin;
  const lines = w.lines.splice(0);
  try {
    if (lines.length) stdin?.write(lines.join(''));
    if (w.ending) stdin?.end();
  } catch {
    // the watchdog is gone; the next start reaps from the records
  }
}

/** One shared watchdog per records folder in this process. */
const watchdogs = new Map<string, SharedWatchdog>();

/** The watchdog of a records folder in this process (created on first use; starts its bash on the first `add`). */
function watchdogFor(dir: string): SharedWatchdog {
  let w = watchdogs.get(dir);
  if (!w) watchdogs.set(dir, (w = new SharedWatchdog(dir)));
  return w;
}

export class HostRecorder {
  private readonly file: string;
  private readonly record: HostRecord;
  private readonly dir: string;
  private watched = false;
  private closed = false;

  constructor(dir: string, tag: string) {
    if (!/^[0-9a-f]+$/.test(tag)) throw new Error(`a registry tag is lowercase hex, got "${tag}"`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.dir = dir;
    this.file = `${recordPrefix(dir)}${tag}.json`;
    this.record = { hostPid: process.pid, hostStart: startTime(process.pid), tag, groups: [] };
  }

  /** Notes a started process group (writes the record; joins the folder's watchdog on first use). */
  started(pgid: number): void {
    if (this.closed) return;
    this.record.groups.push(pgid);
    // keep the record small: groups of long-gone commands only need the tag
    if (this.record.groups.length > 256) this.record.groups.splice(0, this.record.groups.length - 256);
    this.watch();
  }

  /** Writes the record and joins the folder's watchdog (a command whose group is not known yet: its tag is). */
  watch(): void {
    if (this.closed) return;
    writeFileSync(this.file, JSON.stringify(this.record), { mode: 0o600 });
    if (!this.watched && process.platform === 'linux') {
      this.watched = true;
      watchdogFor(this.dir).add(this.record.tag);
    }
  }

  /** The host ends its commands itself: the watchdog stops watching this tag, the record goes. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.watched) watchdogFor(this.dir).drop(this.record.tag);
    rmSync(this.file, { force: true });
  }
}
