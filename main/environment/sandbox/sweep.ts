// The sessions' sandbox folders (`<os tmp>/floe-sandbox-<pid>-<session>-*`: the commands' /tmp and the seccomp
// program) are removed with their session; a host that died (kill -9) leaves them. The first sandbox of a process
// removes those whose process is gone, as the login snapshots are swept. Must not touch a live process's folders.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export const SANDBOX_DIR_PREFIX = 'floe-sandbox-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException)?.code === 'EPERM';
  }
}

/** Removes sandbox folders in `dir` whose owning process is gone; returns how many. Never throws. */
export function sweepSandboxDirs(dir: string): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let n = 0;
  for (const name of names) {
    if (!name.startsWith(SANDBOX_DIR_PREFIX)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(SANDBOX_DIR_PREFIX.length))?.[1]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    try {
      rmSync(path.join(dir, name), { recursive: true, force: true });
      n++;
    } catch {
      // another process swept it, or it is not ours to remove
    }
  }
  return n;
}
