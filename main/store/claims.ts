// Session claims: one writer per session across processes (CLI, browser mode, desktop). Whoever runs a task of a
// session holds FLOE_HOME/claims/<session>.claim, an owner file (./owner-file.ts) with its pid, process start
// time and kind; a second process is refused with a message naming the holder. A claim whose process died is
// taken over, and the claimer learns about it (`died`) so it can record the crash in the trace.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StoreError } from './errors.js';
import { claimOwnerFile, liveOwner, ownerAlive, recordedOwner, type Owner } from './owner-file.js';

const claimsDir = (home: string): string => path.join(home, 'claims');

/** The claim file of a session; ids that are not plain file names (imported ones) are hashed. */
export function claimFile(home: string, sessionId: string): string {
  const name = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,150}$/.test(sessionId)
    ? sessionId
    : `id-${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
  return path.join(claimsDir(home), `${name}.claim`);
}

export interface SessionClaim {
  release(): void;
  /** the previous holder, when it died holding the claim (a crash mid-task) */
  died?: Owner;
}

/** Names a holder for messages: "floe web (pid 4242)". */
export const describeOwner = (o: Owner): string => `${o.kind} (pid ${o.pid})`;

/**
 * Claims a session for this process, or throws a StoreError (code `conflict`) naming the process that runs it.
 * `kind` says who we are ("floe run", "floe chat", "floe web", "desktop").
 */
export function claimSession(home: string, sessionId: string, kind: string): SessionClaim {
  const file = claimFile(home, sessionId);
  try {
    fs.mkdirSync(claimsDir(home), { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new StoreError(
      `Cannot create ${claimsDir(home)}: ${(e as Error).message}. Check that FLOE_HOME is writable.`,
    );
  }
  // a claim file whose process is gone was left by a crash (a finished task deletes its claim)
  const before = recordedOwner(file);
  const crashed = before && before.pid !== process.pid && !ownerAlive(before) ? before : undefined;
  const got = claimOwnerFile(file, kind);
  if (!got.ok) {
    const who = got.holder.pid === process.pid ? `this process (${got.holder.kind})` : describeOwner(got.holder);
    throw new StoreError(
      `Session ${sessionId} is being run by ${who}. Wait for that task to finish or stop it there, then try again.`,
      { code: 'conflict' },
    );
  }
  return { release: got.release, ...(crashed ? { died: crashed } : {}) };
}

/** The live process running a session, if any. */
export function sessionHolder(home: string, sessionId: string): Owner | undefined {
  return liveOwner(claimFile(home, sessionId));
}
