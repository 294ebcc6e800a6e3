// Keeps checkpoint work of several processes on one folder apart. (1) The repository lock: one snapshot or restore
// at a time across processes (git's index allows one writer; a second one used to fail and its checkpoint was
// lost), waited for, taken over when its holder died. (2) Turn markers: each turn that changes the folder holds
// one while it runs, so a second turn on the same folder can be told about the first (and warn the user).
// The claiming itself (exclusive owner files that a dead holder loses) is given by the host: main/store's owner
// files, passed in as `OwnerFiles`, since checkpoints know no store. Must not run git.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Who holds a lock or a marker: a process, named for messages (its kind is a session id for turn markers). */
export interface Owner {
  pid: number;
  kind: string;
}

/** Exclusive files held by a live process (main/store/owner-file.ts gives them). */
export interface OwnerFiles {
  claim(file: string, kind: string): { ok: true; release: () => void } | { ok: false; holder: Owner };
  /** the live holder of a file, if any */
  live(file: string): Owner | undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a snapshot or restore waits for another process's one (a first snapshot of a large folder is slow). */
const LOCK_WAIT_MS = 10 * 60_000;

/** Runs `fn` holding `<dir>/lock`; waits while another process (or another repository object) holds it. */
export async function withRepoLock<T>(
  owners: OwnerFiles,
  dir: string,
  fn: () => Promise<T>,
  busy: (holder: Owner) => Error,
  waitMs = LOCK_WAIT_MS,
): Promise<T> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'lock');
  const t0 = Date.now();
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const got = owners.claim(file, 'checkpoints');
    if (got.ok) {
      try {
        return await fn();
      } finally {
        got.release();
      }
    }
    if (Date.now() - t0 > waitMs) throw busy(got.holder);
    await sleep(pause);
  }
}

export interface TurnMarker {
  /** turns of other sessions changing the same folder right now (their marker's kind is their session id) */
  others: Owner[];
  release(): void;
}

const turnsDir = (dir: string) => path.join(dir, 'turns');
const markerName = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex').slice(0, 24);

/** Marks a turn of `sessionId` as changing the folder; tells which other turns do so too. */
export function beginTurn(owners: OwnerFiles, dir: string, sessionId: string): TurnMarker {
  fs.mkdirSync(turnsDir(dir), { recursive: true, mode: 0o700 });
  const mine = path.join(turnsDir(dir), `${markerName(sessionId)}.turn`);
  const got = owners.claim(mine, sessionId);
  const others: Owner[] = [];
  for (const f of fs.readdirSync(turnsDir(dir))) {
    if (!f.endsWith('.turn') || path.join(turnsDir(dir), f) === mine) continue;
    const o = owners.live(path.join(turnsDir(dir), f));
    if (o) others.push(o);
  }
  // the same session in another process already holds its marker: it is a concurrent turn too
  if (!got.ok) others.push(got.holder);
  return { others, release: got.ok ? got.release : () => {} };
}
