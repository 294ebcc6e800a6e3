// One host per FLOE_HOME: the desktop app and `floe web` take `host.lock` so a second host on the same home refuses
// to start instead of racing the first one's sessions. The lock is an owner file (../store/owner-file.ts): created
// exclusively and complete (pid, process start time, kind), and taken over from a dead process without a race.
// Sessions are guarded separately, per session, by claims (../store/claims.ts), which CLI runs take as well.
import path from 'node:path';
import { claimOwnerFile } from '../store/owner-file.js';
import { HostError } from './errors.js';

/** Takes the lock or throws a clear `conflict`. Returns the release function. */
export function acquireHostLock(home: string, kind = 'floe host'): () => void {
  const file = path.join(home, 'host.lock');
  const got = claimOwnerFile(file, kind);
  if (got.ok) return got.release;
  const { holder } = got;
  const who =
    holder.pid === process.pid
      ? 'Another Floe host in this process'
      : `Another Floe host (pid ${holder.pid}, ${holder.kind})`;
  throw new HostError('conflict', `${who} is using ${home}. Close it first, or start this one with another FLOE_HOME.`);
}
