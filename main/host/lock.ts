// One host per FLOE_HOME: the desktop app and `floe web` take `host.lock` (holding their pid) so a second host on
// the same home refuses to start instead of racing the first one's sessions. A lock left by a dead process is
// taken over. CLI runs (`floe run`, `floe chat`) do not take it: their sessions are independent.
import fs from 'node:fs';
import path from 'node:path';
import { HostError } from './errors.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Fault-suite fix (test/faults/host-faults.test.ts): a lock file holding our own pid was always taken as stale,
// so a second createHost in the same process silently took over the first one's home. Locks this process holds
// are remembered here, so only a lock of ours that we no longer hold counts as stale.
const heldHere = new Set<string>();

/** Takes the lock or throws a clear `conflict`. Returns the release function. */
export function acquireHostLock(home: string): () => void {
  const file = path.join(home, 'host.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid === process.pid && heldHere.has(file)) {
        throw new HostError('conflict', `Another Floe host in this process is using ${home}. Close it first, or start this one with another FLOE_HOME.`);
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new HostError(
          'conflict',
          `Another Floe host (pid ${pid}) is using ${home}. Close it first, or start this one with another FLOE_HOME.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new HostError('conflict', `Could not take the host lock ${file}; remove it if no Floe host is running.`);
}
